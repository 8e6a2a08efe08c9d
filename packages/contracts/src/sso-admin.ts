import { z } from 'zod';
import { VIEWS } from './auth-enums';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { browserBinding, SSO_PROTOCOLS, ssoClaimMapping, ssoEmailDomain } from './sso';

/**
 * The admin tool's single sign-on calls (issue 17 item 4): an organisation has any number of identity
 * providers, each OpenID Connect or SAML 2.0, each with its own name, claim mapping, allowed email
 * domains, enabled state and Test sign-in. Administrators only (the `isAdmin` flag, not `admin_tool`
 * alone); another organisation's provider is 404.
 */

/** An identity provider, by its id. */
const providerId = z.uuid();

/** The settings of an identity provider an administrator sets (both protocols'; the chosen one's are read). */
const identityProviderFields = {
  protocol: z.enum(SSO_PROTOCOLS).default('oidc'),
  /** OpenID Connect: the issuer; its `/.well-known/openid-configuration` must answer. */
  issuer: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  clientId: z.string().trim().min(1).max(500).optional(),
  /** Required the first time; omitted on a later change, the stored one is kept. Never returned. */
  clientSecret: z.string().min(1).max(2000).optional(),
  scopes: z
    .string()
    .trim()
    .max(500)
    .regex(/(^|\s)openid(\s|$)/, "The scopes include 'openid'")
    .default('openid email profile'),
  /** SAML: where the IdP publishes its metadata (read at once, then again each day for new signing certificates). */
  metadataUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  /** SAML: the IdP's metadata itself, when it has no URL Cairn can reach. */
  metadataXml: z.string().trim().min(1).max(500_000).optional(),
  /** Users whose email ends with `@<emailDomain>` sign in through this provider. */
  emailDomain: ssoEmailDomain.optional(),
  /** The view given to a user the provider signs in for the first time. */
  defaultView: z.enum(VIEWS).default('Provider'),
  /** What the login card offers: "Sign in with {displayName}" (by default the issuer's host). */
  displayName: z.string().trim().max(100).default(''),
  claimMapping: ssoClaimMapping.default({}),
  /**
   * Only users whose email is in one of these domains may sign in; none: any. A user who types an
   * email at the start is also routed here by these domains: a domain belongs to one provider.
   */
  allowedEmailDomains: z.array(ssoEmailDomain).max(50).default([]),
};

/** What each protocol requires: OpenID Connect an issuer and client id; SAML one metadata source at most. */
function protocolIssues(input: {
  protocol: string;
  issuer?: string | undefined;
  clientId?: string | undefined;
  metadataUrl?: string | undefined;
  metadataXml?: string | undefined;
}): { path: string; message: string }[] {
  if (input.protocol === 'oidc') {
    return [
      ...(input.issuer === undefined ? [{ path: 'issuer', message: 'Required' }] : []),
      ...(input.clientId === undefined ? [{ path: 'clientId', message: 'Required' }] : []),
    ];
  }
  return input.metadataUrl !== undefined && input.metadataXml !== undefined
    ? [{ path: 'metadataXml', message: 'Either the metadata URL or its XML, not both' }]
    : [];
}

function withProtocolRules<T extends z.ZodType<Parameters<typeof protocolIssues>[0]>>(schema: T): T {
  return schema.superRefine((input, context) => {
    for (const issue of protocolIssues(input)) {
      context.addIssue({ code: 'custom', message: issue.message, path: [issue.path] });
    }
  });
}

/**
 * An identity provider as an administrator sets it: OpenID Connect (issuer, client id and secret) or
 * SAML 2.0 (the IdP's metadata, by URL or as XML).
 */
export const identityProviderInput = withProtocolRules(z.strictObject(identityProviderFields));

/** A signing certificate of a SAML identity provider, as the admin tool shows it. */
export const samlCertificateSummary = z.object({
  subject: z.string(),
  /** SHA-256 fingerprint, colon-separated hex (as IdP consoles show it). */
  fingerprint: z.string(),
  notAfter: z.iso.datetime(),
});

/** Cairn as a SAML service provider, as an IdP registers it. */
export const samlServiceProviderUrls = z.object({
  /** Cairn's entity ID (the audience of the assertions). */
  entityId: z.string(),
  /** The assertion consumer service (HTTP-POST binding). */
  acsUrl: z.string(),
  /** Cairn's SP metadata, for an IdP that imports it. */
  metadataUrl: z.string(),
});

/** A SAML identity provider's settings, and what its administrator registers for Cairn. */
export const samlProviderSettings = z.object({
  metadataUrl: z.string().optional(),
  /** When the metadata was last read. */
  metadataReadAt: z.iso.datetime(),
  /** Where Cairn sends the browser (the IdP's HTTP-Redirect SingleSignOnService). */
  ssoUrl: z.string(),
  /** The IdP's SingleLogoutService, where Cairn's sign-out sends an SSO user. */
  logoutUrl: z.string().optional(),
  certificates: z.array(samlCertificateSummary),
  /** Cairn as the IdP registers it. */
  serviceProvider: samlServiceProviderUrls,
});
export type SamlProviderSettings = z.infer<typeof samlProviderSettings>;

/** An identity provider in the admin tool's list: what it is, whether it signs anyone in, and when it last did. */
export const identityProviderSummary = z.object({
  id: z.string(),
  protocol: z.enum(SSO_PROTOCOLS),
  /** The OpenID issuer, or the SAML IdP's entity ID. */
  issuer: z.string(),
  /** The name as set, possibly empty. */
  displayName: z.string(),
  /** What the login card says: the display name, or the issuer's host. */
  signInName: z.string(),
  isEnabled: z.boolean(),
  emailDomain: z.string().optional(),
  allowedEmailDomains: z.array(z.string()),
  /** The last sign-in it completed (Test sign-ins aside); null: none yet. */
  lastSignInAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type IdentityProviderSummary = z.infer<typeof identityProviderSummary>;

/** An identity provider as the API shows it: never the client secret. */
export const identityProvider = identityProviderSummary.extend({
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  scopes: z.string(),
  defaultView: z.enum(VIEWS),
  claimMapping: ssoClaimMapping,
  /** What to register at the provider as the redirect URI (Cairn's `/sso` route, the provider's own). */
  redirectUri: z.string(),
  /** What to register at the provider as the post-logout redirect URI (Cairn's origin). */
  postLogoutRedirectUri: z.string(),
  /** SAML only. */
  saml: samlProviderSettings.optional(),
});
export type IdentityProvider = z.infer<typeof identityProvider>;

/** What an identity provider's administrator registers for Cairn, before or after it is saved here. */
export const identityProviderRegistration = z.object({
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
  serviceProvider: samlServiceProviderUrls,
});
export type IdentityProviderRegistration = z.infer<typeof identityProviderRegistration>;

export const listIdentityProviders = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/list',
  summary: "The organisation's identity providers, oldest first, without secrets (administrators only)",
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ providers: z.array(identityProviderSummary) })),
});

export const prepareIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/prepare',
  summary: 'A new identity provider id and what to register at the provider for it, before it is created',
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ providerId: z.string(), registration: identityProviderRegistration })),
});

export const createIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/create',
  summary: 'Add an identity provider to the organisation (administrators only)',
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: withProtocolRules(
    z.strictObject({
      /** The id `prepare` gave, whose URLs the IdP was registered with; by default a new one. */
      providerId: providerId.optional(),
      ...identityProviderFields,
      isEnabled: z.boolean().default(true),
    }),
  ),
  response: resultEnvelope(identityProvider),
});

export const updateIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/update',
  summary: 'Change an identity provider of the organisation (administrators only)',
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: withProtocolRules(
    z.strictObject({
      providerId,
      ...identityProviderFields,
      /** Left out: unchanged. */
      isEnabled: z.boolean().optional(),
    }),
  ),
  response: resultEnvelope(identityProvider),
});

export const setIdentityProviderEnabled = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/setEnabled',
  summary: 'Enable or disable an identity provider: a disabled one is not offered and signs no one in',
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ providerId, isEnabled: z.boolean() }),
  response: resultEnvelope(identityProviderSummary),
});

/**
 * The calls below name a provider by `providerId`; left out, they mean the organisation's only provider
 * (as when an organisation had one): with several, 422 naming `providerId`.
 */
export const getIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/get',
  summary: 'An identity provider of the organisation, without its secret (administrators only)',
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ providerId: providerId.optional() }),
  response: resultEnvelope(identityProvider),
});

export const setIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/set',
  summary: "Set the organisation's only identity provider: created when it has none (administrators only)",
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: withProtocolRules(z.strictObject({ providerId: providerId.optional(), ...identityProviderFields })),
  response: resultEnvelope(identityProvider),
});

export const deleteIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/delete',
  summary: 'Remove an identity provider of the organisation (administrators only)',
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ providerId: providerId.optional() }),
  response: resultEnvelope(z.literal(true)),
});

export const testIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/test',
  summary: 'Test sign-in: start a sign-in at the provider that reports the claims and creates no session',
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ providerId: providerId.optional(), browserBinding }),
  response: resultEnvelope(z.object({ authorizationUrl: z.url() })),
});
