import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/** How an organisation's users sign in through an identity provider. */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

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
  /** An administrator disabled the provider while the sign-in was in flight. */
  'provider_disabled',
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
  summary: "Start single sign-on: the identity provider's URL to send the browser to",
  tags: ['sso'],
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  /**
   * The provider named (an id the login card was given), else the one owning the email's domain, else
   * the organisation's only enabled provider (neither organisation nor email: the only organisation
   * with enabled providers). An organisation with several, none named: 422 naming `provider`.
   */
  body: z.strictObject({
    /** The organisation's slug. */
    organisation: z.string().trim().min(1).max(100).optional(),
    /** Or the user's email: its domain finds the provider. */
    email: z.email().max(320).optional(),
    /** The provider, by the opaque id the login card's offer carries. */
    provider: z.uuid().optional(),
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
  /** The provider tested. */
  provider: z.object({ id: z.string(), name: z.string(), protocol: z.enum(SSO_PROTOCOLS) }),
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

/** A provider the login card may offer: its name and an opaque id, never a secret or a setting. */
export const ssoProviderOffer = z.object({
  /** "Sign in with {name}". */
  name: z.string(),
  /** The organisation's slug, to start SSO with. */
  organisation: z.string(),
  /** The provider's opaque id, to start SSO with. */
  provider: z.string(),
});
export type SsoProviderOffer = z.infer<typeof ssoProviderOffer>;

export const listSsoProviders = defineEndpoint({
  method: 'POST',
  path: '/auth/sso/providers',
  summary: "The identity providers the login card offers: the organisation's enabled ones, or the email domain's",
  tags: ['sso'],
  auth: 'public',
  writes: false,
  rateLimit: { max: 60, timeWindow: '1 minute' },
  /**
   * By the organisation's slug: its enabled providers; by an email: the enabled provider owning its
   * domain. With neither, providers are offered only when a single organisation has enabled ones:
   * the list of an installation's organisations is never given out.
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
export const ssoEmailDomain = z
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
