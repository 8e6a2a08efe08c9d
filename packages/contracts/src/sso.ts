import { z } from 'zod';
import { VIEWS } from './auth-enums';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/**
 * Why an SSO completion was refused, in `error.details.reason` of the 401 UNAUTHENTICATED answer:
 * the state is unknown (wrong, already used, or started in another browser), it expired (10 minutes),
 * the ID token's nonce is not the one sent, or the identity provider answered with an error (for
 * SAML also: an assertion that is unsigned, badly signed, for another audience or recipient, expired,
 * or not the answer to this sign-in's request).
 */
export const SSO_FAILURE_REASONS = [
  'unknown_state',
  'expired_state',
  'nonce_mismatch',
  'provider_error',
  /** The user's email is not in one of the provider's allowed email domains. */
  'email_domain_not_allowed',
] as const;
export type SsoFailureReason = (typeof SSO_FAILURE_REASONS)[number];

/** A path inside Cairn (`/doc/1`, `/overlay/...`): never another site (`//evil.test`, `https://...`). */
export const returnToPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'A path inside Cairn, starting with a single /');

/**
 * A random value the browser keeps (session storage) from start to completion: the state is only
 * accepted with it, so a sign-in started in one browser cannot be completed in another (login CSRF,
 * RFC 6749 §10.12).
 */
export const browserBinding = z.string().min(22).max(200);

export const startSso = defineEndpoint({
  method: 'POST',
  path: '/auth/sso/start',
  summary: "Start single sign-on: the organisation's identity provider URL to send the browser to",
  tags: ['sso'],
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  /** Neither organisation nor email: the only organisation with a provider, when there is exactly one. */
  body: z.strictObject({
    /** The organisation's slug. */
    organisation: z.string().trim().min(1).max(100).optional(),
    /** Or the user's email: its domain finds the organisation. */
    email: z.email().max(320).optional(),
    returnTo: returnToPath.optional(),
    browserBinding: browserBinding.optional(),
  }),
  response: resultEnvelope(z.object({ authorizationUrl: z.url() })),
});

/**
 * What a Test sign-in received and made of it: every claim the provider sent (ID token over
 * userinfo), the fields the mapping read from them, whether the email's domain is allowed, and the
 * Cairn user it would sign in (none: one would be created). It creates no session.
 */
export const ssoTestResult = z.object({
  claims: z.record(z.string(), z.unknown()),
  mapped: z.object({
    username: z.string().optional(),
    email: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    groups: z.array(z.string()),
  }),
  isEmailDomainAllowed: z.boolean(),
  existingUsername: z.string().optional(),
});
export type SsoTestResult = z.infer<typeof ssoTestResult>;

export const completeSso = defineEndpoint({
  method: 'POST',
  path: '/auth/sso/complete',
  summary: "Finish single sign-on with the identity provider's answer (code and state): a Cairn session",
  tags: ['sso'],
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  body: z
    .strictObject({
      state: z.string().min(1).max(200),
      code: z.string().min(1).max(2000).optional(),
      /** The issuer the provider names in its answer (RFC 9207), checked when present. */
      iss: z.string().max(2000).optional(),
      /** The provider's error instead of a code (`access_denied`, ...). */
      error: z.string().max(200).optional(),
      errorDescription: z.string().max(2000).optional(),
      browserBinding: browserBinding.optional(),
    })
    .refine((body) => body.code !== undefined || body.error !== undefined, { message: 'Required', path: ['code'] }),
  response: resultEnvelope(
    z.union([
      z.object({
        /** Cairn's access token; SSO users carry `isSaml: true` and call `/api/v2/...` with a Bearer header. */
        jwtToken: z.string(),
        refreshToken: z.string(),
        returnTo: returnToPath.optional(),
      }),
      /** A sign-in an administrator started with Test sign-in: what came back, and no session. */
      z.object({ test: ssoTestResult }),
    ]),
  ),
});

/** A provider the login card may offer, by name only. */
export const ssoProviderOffer = z.object({
  /** "Sign in with {name}". */
  name: z.string(),
  /** The organisation's slug, to start SSO with. */
  organisation: z.string(),
});
export type SsoProviderOffer = z.infer<typeof ssoProviderOffer>;

export const listSsoProviders = defineEndpoint({
  method: 'POST',
  path: '/auth/sso/providers',
  summary: 'The identity provider the login card offers: by organisation slug, email domain, or the only one',
  tags: ['sso'],
  auth: 'public',
  writes: false,
  rateLimit: { max: 60, timeWindow: '1 minute' },
  /**
   * Found as the start finds it. With neither organisation nor email, a provider is offered only when
   * a single organisation has one: the list of an installation's organisations is never given out.
   */
  body: z.strictObject({
    organisation: z.string().trim().min(1).max(100).optional(),
    email: z.email().max(320).optional(),
  }),
  response: resultEnvelope(z.object({ providers: z.array(ssoProviderOffer) })),
});

export const getSsoLogoutUrl = defineEndpoint({
  method: 'POST',
  path: '/auth/sso/logoutUrl',
  summary: "The identity provider's sign-out page for the signed-in SSO user (absent for other users)",
  tags: ['sso'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ logoutUrl: z.url().optional() })),
});

/** A domain such as clinic.example, lower case. */
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'A domain such as clinic.example');

/** The name of one claim of the provider's ID token or userinfo (`email`, `upn`, `groups`, ...). */
const claimName = z.string().trim().min(1).max(200);

/**
 * Which claim carries what; a field left out reads the standard claim (username: `email`, as before
 * mapping existed; email: `email`; names: `given_name`, `family_name`; groups: `groups`). The username
 * is given to a user created at their first sign-in. Groups, when the provider sends them, become the
 * user's groups at each sign-in (found by name or external id, or created unmapped), whose view and
 * permissions the admin tool's Provisioning section sets. For SAML the fields name attributes (and
 * `nameID`); left out, the usual attribute names are read ({@link DEFAULT_SAML_ATTRIBUTES}).
 */
export const ssoClaimMapping = z.strictObject({
  username: claimName.optional(),
  email: claimName.optional(),
  firstName: claimName.optional(),
  lastName: claimName.optional(),
  groups: claimName.optional(),
});
export type SsoClaimMapping = z.infer<typeof ssoClaimMapping>;

/** The standard OpenID claims read when the mapping names none. */
export const DEFAULT_SSO_CLAIMS: Required<SsoClaimMapping> = {
  username: 'email',
  email: 'email',
  firstName: 'given_name',
  lastName: 'family_name',
  groups: 'groups',
};

/** How the organisation's users sign in through their identity provider. */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/**
 * The SAML attributes read, in this order, when the mapping names none: the names Okta, Microsoft
 * Entra ID, ADFS and Google send by default (their own names, the claim URIs of WS-Federation, and the
 * LDAP OIDs of the SAML attribute profile). `nameID` is the assertion's subject NameID.
 */
export const DEFAULT_SAML_ATTRIBUTES: { [field in keyof SsoClaimMapping]-?: readonly string[] } = {
  username: [
    'email',
    'mail',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    'urn:oid:0.9.2342.19200300.100.1.3',
    'nameID',
  ],
  email: [
    'email',
    'mail',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    'urn:oid:0.9.2342.19200300.100.1.3',
    'nameID',
  ],
  firstName: [
    'firstName',
    'givenName',
    'given_name',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    'urn:oid:2.5.4.42',
  ],
  lastName: [
    'lastName',
    'sn',
    'surname',
    'family_name',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
    'urn:oid:2.5.4.4',
  ],
  groups: ['groups', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups', 'memberOf'],
};

/**
 * An organisation's identity provider as an administrator sets it: OpenID Connect (issuer, client id
 * and secret) or SAML 2.0 (the IdP's metadata, by URL or as XML).
 */
export const identityProviderInput = z
  .strictObject({
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
    /**
     * SAML: where the IdP publishes its metadata (read at once, then again each day for new signing
     * certificates).
     */
    metadataUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    /** SAML: the IdP's metadata itself, when it has no URL Cairn can reach. */
    metadataXml: z.string().trim().min(1).max(500_000).optional(),
    /** Users whose email ends with `@<emailDomain>` sign in through this provider. */
    emailDomain: emailDomain.optional(),
    /** The view given to a user the provider signs in for the first time. */
    defaultView: z.enum(VIEWS).default('Provider'),
    /** What the login card offers: "Sign in with {displayName}" (by default the issuer's host). */
    displayName: z.string().trim().max(100).default(''),
    claimMapping: ssoClaimMapping.default({}),
    /**
     * Only users whose email is in one of these domains may sign in; none: any. A user who types an
     * email at the start is also routed here by these domains.
     */
    allowedEmailDomains: z.array(emailDomain).max(50).default([]),
  })
  .superRefine((input, context) => {
    const required = (path: string) => context.addIssue({ code: 'custom', message: 'Required', path: [path] });
    if (input.protocol === 'oidc') {
      if (input.issuer === undefined) required('issuer');
      if (input.clientId === undefined) required('clientId');
    } else if (input.metadataUrl !== undefined && input.metadataXml !== undefined) {
      context.addIssue({
        code: 'custom',
        message: 'Either the metadata URL or its XML, not both',
        path: ['metadataXml'],
      });
    }
  });

/** A signing certificate of a SAML identity provider, as the admin tool shows it. */
export const samlCertificateSummary = z.object({
  subject: z.string(),
  /** SHA-256 fingerprint, colon-separated hex (as IdP consoles show it). */
  fingerprint: z.string(),
  notAfter: z.iso.datetime(),
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
  serviceProvider: z.object({
    entityId: z.string(),
    /** The assertion consumer service (HTTP-POST binding). */
    acsUrl: z.string(),
    /** Cairn's SP metadata, for an IdP that imports it. */
    metadataUrl: z.string(),
  }),
});
export type SamlProviderSettings = z.infer<typeof samlProviderSettings>;

/** An organisation's identity provider as the API shows it: never the client secret. */
export const identityProvider = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  /** The OpenID issuer, or the SAML IdP's entity ID. */
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  scopes: z.string(),
  emailDomain: z.string().optional(),
  defaultView: z.enum(VIEWS),
  /** The name as set, possibly empty. */
  displayName: z.string(),
  /** What the login card says: the display name, or the issuer's host. */
  signInName: z.string(),
  claimMapping: ssoClaimMapping,
  allowedEmailDomains: z.array(z.string()),
  /** What to register at the provider as the redirect URI (Cairn's `/sso` route). */
  redirectUri: z.string(),
  /** What to register at the provider as the post-logout redirect URI (Cairn's origin). */
  postLogoutRedirectUri: z.string(),
  /** SAML only. */
  saml: samlProviderSettings.optional(),
});
export type IdentityProvider = z.infer<typeof identityProvider>;

export const testIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/test',
  summary: 'Test sign-in: start a sign-in at the provider that reports the claims and creates no session',
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ browserBinding }),
  response: resultEnvelope(z.object({ authorizationUrl: z.url() })),
});

export const getIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/get',
  summary: "The organisation's SSO identity provider, without its secret (administrators only)",
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(identityProvider),
});

export const setIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/set',
  summary: "Set the organisation's SSO identity provider (administrators only)",
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: identityProviderInput,
  response: resultEnvelope(identityProvider),
});

export const deleteIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/admin/identityProvider/delete',
  summary: "Remove the organisation's SSO identity provider (administrators only)",
  tags: ['sso', 'admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.literal(true)),
});

/**
 * What a SAML identity provider posts to Cairn's assertion consumer service (`POST /api/sso/saml/acs`,
 * form-encoded, HTTP-POST binding): the base64 response and the RelayState Cairn sent with its request.
 */
export const samlAcsForm = z.object({
  SAMLResponse: z
    .string()
    .min(1, 'Required')
    .max(1_000_000)
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'A base64-encoded SAML response'),
  RelayState: z.string().max(200).optional(),
});
