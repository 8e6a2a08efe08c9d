import { createHash, randomBytes } from 'node:crypto';
import type {
  EndpointBody,
  IdentityProvider,
  SsoFailureReason,
  SsoTestResult,
  completeSso as completeEndpoint,
  startSso as startEndpoint,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import {
  authorizationUrl,
  discoverProvider,
  endSessionUrl,
  exchangeCode,
  newAuthorizationChecks,
  OidcError,
  type OidcIdentity,
} from '../../integrations/oidc/oidc-client';
import { SamlError } from '../../integrations/saml/saml-client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { writeAudit, type AuthContext } from '../../access';
import { type AccessTokens, endSessions, findUserInOrganisation, issueSession, type UserRow } from '../auth';
import { applySignInGroups } from '../scim';
import {
  consumeSsoState,
  findIdentityProvider,
  findIdentityProviderByEmailDomain,
  findOnlyIdentityProvider,
  findOrganisation,
  findOrganisationBySlug,
  findSsoUser,
  findUnlinkedSsoUserByEmail,
  insertSsoState,
  insertSsoUser,
  isUsernameTaken,
  linkSsoSubject,
  recordSsoSignIn,
  type IdentityProviderRow,
  type SsoStateRow,
} from './sso.repository';
import {
  currentIdpMetadata,
  samlHash,
  samlRandomValue,
  samlServiceProvider,
  samlSettingsView,
  startSamlRequest,
  validateSamlAnswer,
} from './saml-sign-in';
import { isEmailDomainAllowed, mapClaims, type MappedClaims } from './sso-claims';
import { reportTestSignIn } from './sso-test-report';

export interface SsoServiceDeps {
  db: Db;
  accessTokens: AccessTokens;
  /** Seals and opens the providers' client secrets. */
  secretBox: () => Promise<SecretBox>;
  /** Cairn's public origin (from `CAIRN_API_URL`): the redirect URI is its `/sso` route. */
  publicOrigin: string;
  /** A plain-http provider on this machine is accepted outside production (development, tests). */
  allowLoopbackHttp: boolean;
  now?: () => Date;
}

/** A sign-in in flight expires after ten minutes. */
export const SSO_STATE_TTL_MS = 10 * 60_000;

export function ssoRedirectUri(publicOrigin: string): string {
  return `${publicOrigin}/sso`;
}

export function ssoPostLogoutRedirectUri(publicOrigin: string): string {
  return `${publicOrigin}/`;
}

/**
 * Starts SSO: finds the organisation's provider (by slug, by the email's domain, or the only one
 * configured when neither is given), records the
 * state, nonce and PKCE verifier for ten minutes, and answers the provider's authorization URL.
 */
export async function startSso(
  deps: SsoServiceDeps,
  input: EndpointBody<typeof startEndpoint> & { clientAddress: string | undefined },
): Promise<{ authorizationUrl: string }> {
  const provider = await providerFor(deps.db, input);
  if (!provider) {
    await writeAudit(deps.db, {
      organisationId: undefined,
      userId: undefined,
      action: 'auth.sso_start_refused',
      clientAddress: input.clientAddress,
      details: { reason: 'unknown_organisation' },
    });
    throw new AppError('NOT_FOUND', 'Single sign-on is not set up for this organisation.');
  }
  return beginSignIn(deps, provider, { ...input, isTest: false });
}

/**
 * A Test sign-in's nonce starts with this: its completion reports the claims instead of signing
 * anyone in. What decides is the nonce stored with the state on the server, never what the browser
 * sends back (and the ID token must carry that same nonce).
 */
export const TEST_SIGN_IN_NONCE_PREFIX = 'test.';

/**
 * Records the sign-in in flight and answers the provider's URL: for OpenID Connect with its state,
 * nonce and PKCE verifier; for SAML with its RelayState and AuthnRequest ID.
 */
export async function beginSignIn(
  deps: SsoServiceDeps,
  provider: IdentityProviderRow,
  input: { returnTo?: string | undefined; browserBinding?: string | undefined; isTest: boolean },
): Promise<{ authorizationUrl: string }> {
  const now = deps.now?.() ?? new Date();
  const testPrefix = input.isTest ? TEST_SIGN_IN_NONCE_PREFIX : '';
  if (provider.protocol === 'saml') {
    const relayState = samlRandomValue();
    const idp = await samlIdp(deps, provider);
    const sp = samlServiceProvider(deps.publicOrigin, provider.organisationId);
    const { requestId, authorizationUrl } = await startSamlRequest(sp, idp, relayState);
    await insertSsoState(
      deps.db,
      {
        state: stateKey(relayState, input.browserBinding),
        organisationId: provider.organisationId,
        providerId: provider.id,
        codeVerifier: '',
        nonce: `${testPrefix}${requestId}`,
        redirectUri: ssoRedirectUri(deps.publicOrigin),
        returnTo: input.returnTo ?? null,
        expiresAt: new Date(now.getTime() + SSO_STATE_TTL_MS),
        samlRelayStateHash: samlHash(relayState),
      },
      now,
    );
    return { authorizationUrl };
  }
  const configuration = await providerConfiguration(deps, provider);
  const generated = await newAuthorizationChecks();
  const checks = { ...generated, nonce: `${testPrefix}${generated.nonce}` };
  const redirectUri = ssoRedirectUri(deps.publicOrigin);
  await insertSsoState(
    deps.db,
    {
      state: stateKey(checks.state, input.browserBinding),
      organisationId: provider.organisationId,
      providerId: provider.id,
      codeVerifier: checks.codeVerifier,
      nonce: checks.nonce,
      redirectUri,
      returnTo: input.returnTo ?? null,
      expiresAt: new Date(now.getTime() + SSO_STATE_TTL_MS),
    },
    now,
  );
  return { authorizationUrl: authorizationUrl(configuration, { ...checks, redirectUri, scope: provider.scopes }) };
}

/**
 * Completes SSO with the provider's answer. The state is used once and must be younger than ten
 * minutes; the code is exchanged with the PKCE verifier and the ID token's nonce checked. The user is
 * found by (organisation, subject), or created in that organisation on a first sign-in.
 */
export async function completeSso(
  deps: SsoServiceDeps,
  input: EndpointBody<typeof completeEndpoint> & { clientAddress: string | undefined },
): Promise<{ jwtToken: string; refreshToken: string; returnTo?: string } | { test: SsoTestResult }> {
  const now = deps.now?.() ?? new Date();
  const row = await consumeSsoState(deps.db, stateKey(input.state, input.browserBinding), now);
  const refuse = async (reason: SsoFailureReason, organisationId?: string, detail?: string): Promise<never> => {
    await writeAudit(deps.db, {
      organisationId,
      userId: undefined,
      action: 'auth.sso_failed',
      clientAddress: input.clientAddress,
      details: { reason, ...(detail ? { detail: detail.slice(0, 200) } : {}) },
    });
    throw new AppError('UNAUTHENTICATED', FAILURE_MESSAGES[reason], { reason });
  };
  if (!row) return refuse('unknown_state');
  if (row.expiresAt <= now) return refuse('expired_state', row.organisationId);
  if (input.error !== undefined || input.code === undefined) {
    return refuse('provider_error', row.organisationId, input.error);
  }
  const provider = await findIdentityProvider(deps.db, row.organisationId);
  if (!provider) return refuse('provider_error', row.organisationId, 'the provider was removed');

  let identity: ProviderIdentity;
  try {
    identity =
      provider.protocol === 'saml'
        ? await validateSamlAnswer(deps, provider, row, input.code)
        : await exchangeAnswer(deps, provider, row, { ...input, code: input.code });
  } catch (error) {
    if (error instanceof OidcError) return refuse(error.reason, row.organisationId, error.detail);
    if (error instanceof SamlError) return refuse('provider_error', row.organisationId, error.detail);
    if (error instanceof AppError) return refuse('provider_error', row.organisationId, error.message);
    throw error;
  }

  // The organisation's claim mapping decides what is read; its allowed domains who may come in.
  const mapped = mapClaims(identity.claims, provider.claimMapping, provider.protocol);
  if (row.nonce.startsWith(TEST_SIGN_IN_NONCE_PREFIX)) {
    return {
      test: await reportTestSignIn(deps.db, { provider, identity, mapped, clientAddress: input.clientAddress }),
    };
  }
  if (!isEmailDomainAllowed(mapped.email, provider.allowedEmailDomains)) {
    return refuse('email_domain_not_allowed', row.organisationId, mapped.email?.split('@').pop() ?? 'no email');
  }
  const signedIn = await signInUser(deps.db, provider, { subject: identity.subject, ...mapped }, now);
  const user = await applySsoGroups(deps, signedIn, mapped.groups, input.clientAddress);
  await writeAudit(deps.db, {
    organisationId: user.organisationId,
    userId: user.id,
    action: 'auth.sign_in',
    clientAddress: input.clientAddress,
    details: { method: provider.protocol },
  });
  const session = await issueSession(deps.db, deps.accessTokens, user);
  return {
    jwtToken: session.token,
    refreshToken: session.refreshToken,
    ...(row.returnTo ? { returnTo: row.returnTo } : {}),
  };
}

/** Who the provider says signed in: the subject (OpenID `sub`, SAML NameID) and every claim or attribute. */
interface ProviderIdentity {
  subject: string;
  claims: Record<string, unknown>;
}

/** The provider's identity with the organisation's claim mapping applied (its username for a new user). */
type SsoIdentity = Omit<MappedClaims, 'groups'> & { subject: string };

/**
 * The provider's groups claim, when it sends one, sets the user's groups and so their view and
 * permissions (as the admin tool maps each group); a user whose permissions narrowed loses their
 * other sessions. No groups claim: the user's groups are left as they are.
 */
async function applySsoGroups(
  deps: SsoServiceDeps,
  user: UserRow,
  groups: string[] | undefined,
  clientAddress: string | undefined,
): Promise<UserRow> {
  if (groups === undefined) return user;
  const changes = await applySignInGroups(deps.db, user, groups);
  if (changes.isMembershipChanged) {
    await writeAudit(deps.db, {
      organisationId: user.organisationId,
      userId: user.id,
      action: 'sso.groups_applied',
      clientAddress,
      details: { groups: groups.slice(0, 50), isNarrowed: changes.narrowedUserIds.includes(user.id) },
    });
  }
  if (changes.narrowedUserIds.includes(user.id)) {
    await endSessions(deps, { userId: user.id }, deps.now?.() ?? new Date());
  }
  if (!changes.changedUserIds.includes(user.id)) return user;
  return (await findUserInOrganisation(deps.db, user.organisationId, user.id)) ?? user;
}

/** The code exchanged as the provider sent it back to the redirect URI (its `iss` checked when given). */
async function exchangeAnswer(
  deps: SsoServiceDeps,
  provider: IdentityProviderRow,
  row: SsoStateRow,
  answer: { code: string; state: string; iss?: string },
): Promise<OidcIdentity> {
  const configuration = await providerConfiguration(deps, provider);
  const callbackUrl = new URL(row.redirectUri);
  callbackUrl.searchParams.set('code', answer.code);
  callbackUrl.searchParams.set('state', answer.state);
  if (answer.iss !== undefined) callbackUrl.searchParams.set('iss', answer.iss);
  return exchangeCode(configuration, { ...row, callbackUrl, state: answer.state });
}

/**
 * The provider's sign-out page for an SSO user (spec §4 "Logout"), returning to Cairn's origin; none
 * for a password user or when the provider has no end-session endpoint.
 */
export async function ssoLogoutUrl(deps: SsoServiceDeps, auth: AuthContext): Promise<{ logoutUrl?: string }> {
  if (!auth.isSaml) return {};
  const provider = await findIdentityProvider(deps.db, auth.organisationId);
  // SAML single logout needs the assertion's session, which Cairn does not keep: Cairn's session ends.
  if (provider?.protocol !== 'oidc') return {};
  const configuration = await providerConfiguration(deps, provider);
  const logoutUrl = endSessionUrl(configuration, {
    postLogoutRedirectUri: ssoPostLogoutRedirectUri(deps.publicOrigin),
  });
  return logoutUrl ? { logoutUrl } : {};
}

/** The provider as the admin API shows it: never the client secret. */
export function identityProviderView(provider: IdentityProviderRow, publicOrigin: string): IdentityProvider {
  return {
    protocol: provider.protocol,
    issuer: provider.issuer,
    clientId: provider.clientId,
    hasClientSecret: provider.clientSecretEncrypted !== '',
    scopes: provider.scopes,
    ...(provider.emailDomain ? { emailDomain: provider.emailDomain } : {}),
    defaultView: provider.defaultView as IdentityProvider['defaultView'],
    displayName: provider.displayName,
    signInName: signInName(provider),
    claimMapping: provider.claimMapping,
    allowedEmailDomains: provider.allowedEmailDomains,
    redirectUri: ssoRedirectUri(publicOrigin),
    postLogoutRedirectUri: ssoPostLogoutRedirectUri(publicOrigin),
    ...(provider.protocol === 'saml' ? { saml: samlSettingsView(provider, publicOrigin) } : {}),
  };
}

/** What the login card offers: the display name, else the issuer's (or SAML entity ID's) host. */
export function signInName(provider: IdentityProviderRow): string {
  if (provider.displayName.trim() !== '') return provider.displayName;
  try {
    return new URL(provider.issuer).host || provider.issuer;
  } catch {
    return provider.issuer;
  }
}

/** A SAML provider's metadata, or 503 when it cannot be read (as an OpenID provider that does not answer). */
async function samlIdp(deps: SsoServiceDeps, provider: IdentityProviderRow) {
  try {
    return await currentIdpMetadata(deps, provider);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'The identity provider does not answer, please try again later.');
  }
}

/** Discovery of the provider with its decrypted client secret. */
export async function providerConfiguration(deps: SsoServiceDeps, provider: IdentityProviderRow) {
  const secretBox = await deps.secretBox();
  const clientSecret = secretBox.open(provider.clientSecretEncrypted, provider.organisationId);
  try {
    return await discoverProvider({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret,
      allowLoopbackHttp: deps.allowLoopbackHttp,
    });
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'The identity provider does not answer, please try again later.');
  }
}

const FAILURE_MESSAGES: Record<SsoFailureReason, string> = {
  unknown_state: 'This sign-in link is not valid or was already used. Please sign in again.',
  expired_state: 'This sign-in link has expired. Please sign in again.',
  nonce_mismatch: 'The identity provider answer does not match this sign-in. Please sign in again.',
  provider_error: 'The identity provider did not sign you in. Please try again.',
  email_domain_not_allowed: "Your email's domain may not sign in to this organisation. Ask your administrator.",
};

/** The state as stored: hashed with the browser binding, so only the browser that started can finish. */
function stateKey(state: string, browserBinding: string | undefined): string {
  return createHash('sha256')
    .update(`${state}\u0000${browserBinding ?? ''}`)
    .digest('base64url');
}

/** The provider a start (or the login card) names: by organisation slug, email domain, or the only one. */
export async function providerFor(
  db: Db,
  input: { organisation?: string; email?: string },
): Promise<IdentityProviderRow | undefined> {
  if (input.organisation !== undefined) {
    const organisation = await findOrganisationBySlug(db, input.organisation);
    return organisation ? findIdentityProvider(db, organisation.id) : undefined;
  }
  if (input.email !== undefined) {
    const domain = input.email.split('@').pop();
    return domain ? findIdentityProviderByEmailDomain(db, domain) : undefined;
  }
  return findOnlyIdentityProvider(db);
}

async function signInUser(db: Db, provider: IdentityProviderRow, identity: SsoIdentity, now: Date): Promise<UserRow> {
  const profile = {
    email: identity.email ?? '',
    firstName: identity.firstName ?? '',
    lastName: identity.lastName ?? '',
    at: now,
  };
  const existing =
    (await findSsoUser(db, provider.organisationId, identity.subject)) ??
    (await findProvisionedUser(db, provider.organisationId, identity));
  if (existing?.deactivatedAt) {
    throw new AppError('FORBIDDEN', 'Your Cairn account is deactivated. Ask your administrator to reactivate it.');
  }
  if (existing) return recordSsoSignIn(db, existing.id, profile);
  try {
    return await insertSsoUser(db, {
      organisationId: provider.organisationId,
      username: await freeUsername(db, provider.organisationId, identity),
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      passwordHash: null,
      view: provider.defaultView,
      identitySource: 'oidc',
      oidcSubject: identity.subject,
      lastLoginAt: now,
    });
  } catch (error) {
    // Two first sign-ins of the same person racing: the other one created the user.
    const created = await findSsoUser(db, provider.organisationId, identity.subject);
    if (created) return created;
    throw error;
  }
}

/**
 * A user SCIM provisioned has no subject until their first SSO sign-in: they are found by their email
 * (case-insensitive, in the same organisation) and linked to the subject, so that SSO does not create a
 * second account. Password accounts are never matched this way.
 */
async function findProvisionedUser(db: Db, organisationId: string, identity: SsoIdentity) {
  if (!identity.email) return undefined;
  const user = await findUnlinkedSsoUserByEmail(db, organisationId, identity.email);
  if (!user) return undefined;
  await linkSsoSubject(db, user.id, identity.subject);
  return { ...user, oidcSubject: identity.subject };
}

/** Usernames are unique across organisations: the email when free, else qualified by the organisation. */
async function freeUsername(db: Db, organisationId: string, identity: SsoIdentity): Promise<string> {
  const base = identity.username ?? identity.email ?? identity.subject;
  if (!(await isUsernameTaken(db, base))) return base;
  const organisation = await findOrganisation(db, organisationId);
  const qualified = `${base}#${organisation?.slug ?? organisationId}`;
  if (!(await isUsernameTaken(db, qualified))) return qualified;
  return `${qualified}-${randomBytes(4).toString('hex')}`;
}
