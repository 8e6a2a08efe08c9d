import type { IdentityProvider, IdentityProviderSummary } from '@cairn/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An instant this many days from now, as the API sends it. */
export const inDays = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString();

export const OKTA_ID = '5b0c1d9e-0000-4000-8000-000000000001';
export const ENTRA_ID = '5b0c1d9e-0000-4000-8000-000000000002';

/** An OpenID Connect identity provider as the admin API shows it (never its secret). */
export function anOidcProvider(overrides: Partial<IdentityProvider> = {}): IdentityProvider {
  return {
    id: OKTA_ID,
    protocol: 'oidc',
    issuer: 'https://login.riverside.example',
    clientId: 'cairn',
    hasClientSecret: true,
    scopes: 'openid email profile',
    defaultView: 'Provider',
    displayName: 'Riverside Okta',
    signInName: 'Riverside Okta',
    isEnabled: true,
    claimMapping: { email: 'upn' },
    allowedEmailDomains: ['riverside.example'],
    lastSignInAt: '2026-11-26T08:30:00.000Z',
    createdAt: '2026-01-05T10:00:00.000Z',
    redirectUri: `http://localhost:3000/sso/${OKTA_ID}`,
    postLogoutRedirectUri: 'http://localhost:3000/',
    ...overrides,
  };
}

/** A SAML 2.0 identity provider as the admin API shows it, with two signing certificates. */
export function aSamlProvider(overrides: Partial<IdentityProvider> = {}): IdentityProvider {
  return {
    id: ENTRA_ID,
    protocol: 'saml',
    issuer: 'https://sts.riverside.example/entity',
    clientId: '',
    hasClientSecret: false,
    scopes: '',
    defaultView: 'Coder',
    displayName: 'Riverside Entra',
    signInName: 'Riverside Entra',
    isEnabled: true,
    claimMapping: {},
    allowedEmailDomains: [],
    lastSignInAt: null,
    createdAt: '2026-02-05T10:00:00.000Z',
    redirectUri: `http://localhost:3000/sso/${ENTRA_ID}`,
    postLogoutRedirectUri: 'http://localhost:3000/',
    saml: {
      metadataUrl: 'https://sts.riverside.example/federationmetadata.xml',
      metadataReadAt: '2026-11-26T06:00:00.000Z',
      ssoUrl: 'https://sts.riverside.example/saml2',
      logoutUrl: 'https://sts.riverside.example/saml2/logout',
      certificates: [
        { subject: 'CN=Riverside SSO 2026', fingerprint: 'AB:CD:EF:01', notAfter: inDays(12.5) },
        { subject: 'CN=Riverside SSO 2027', fingerprint: '12:34:56:78', notAfter: inDays(400) },
      ],
      serviceProvider: {
        entityId: `http://localhost:3000/api/sso/saml/providers/${ENTRA_ID}/metadata`,
        acsUrl: `http://localhost:3000/api/sso/saml/providers/${ENTRA_ID}/acs`,
        metadataUrl: `http://localhost:3000/api/sso/saml/providers/${ENTRA_ID}/metadata`,
      },
    },
    ...overrides,
  };
}

/** A provider as the admin tool's list shows it. */
export function summaryOf(provider: IdentityProvider): IdentityProviderSummary {
  return {
    id: provider.id,
    protocol: provider.protocol,
    issuer: provider.issuer,
    displayName: provider.displayName,
    signInName: provider.signInName,
    isEnabled: provider.isEnabled,
    ...(provider.emailDomain ? { emailDomain: provider.emailDomain } : {}),
    allowedEmailDomains: provider.allowedEmailDomains,
    lastSignInAt: provider.lastSignInAt,
    createdAt: provider.createdAt,
  };
}
