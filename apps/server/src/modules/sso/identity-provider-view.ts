import type { IdentityProvider, IdentityProviderSummary } from '@cairn/contracts';
import type { IdentityProviderRow } from './identity-provider.repository';
import { samlSettingsView } from './saml-sign-in';
import { ssoPostLogoutRedirectUri, ssoRedirectUri } from './sso-urls';

/** What the login card offers: the display name, else the issuer's (or SAML entity ID's) host. */
export function signInName(provider: IdentityProviderRow): string {
  if (provider.displayName.trim() !== '') return provider.displayName;
  try {
    return new URL(provider.issuer).host || provider.issuer;
  } catch {
    return provider.issuer;
  }
}

/** The provider in the admin tool's list. */
export function identityProviderSummary(provider: IdentityProviderRow): IdentityProviderSummary {
  return {
    id: provider.id,
    protocol: provider.protocol,
    issuer: provider.issuer,
    displayName: provider.displayName,
    signInName: signInName(provider),
    isEnabled: provider.isEnabled,
    ...(provider.emailDomain ? { emailDomain: provider.emailDomain } : {}),
    allowedEmailDomains: provider.allowedEmailDomains,
    lastSignInAt: provider.lastSignInAt?.toISOString() ?? null,
    createdAt: provider.createdAt.toISOString(),
  };
}

/** The provider as the admin API shows it: never the client secret. */
export function identityProviderView(provider: IdentityProviderRow, publicOrigin: string): IdentityProvider {
  return {
    ...identityProviderSummary(provider),
    clientId: provider.clientId,
    hasClientSecret: provider.clientSecretEncrypted !== '',
    scopes: provider.scopes,
    defaultView: provider.defaultView as IdentityProvider['defaultView'],
    claimMapping: provider.claimMapping,
    redirectUri: ssoRedirectUri(publicOrigin, provider),
    postLogoutRedirectUri: ssoPostLogoutRedirectUri(publicOrigin),
    ...(provider.protocol === 'saml' ? { saml: samlSettingsView(provider, publicOrigin) } : {}),
  };
}
