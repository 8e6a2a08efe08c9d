import { createHash } from 'node:crypto';
import type {
  EndpointBody,
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
import { type AccessTokens, findUserInOrganisation, issueSession } from '../auth';
import { findIdentityProvider, recordProviderSignIn, type IdentityProviderRow } from './identity-provider.repository';
import { candidateProviders } from './provider-routing';
import { consumeSsoState, insertSsoState, type SsoStateRow } from './sso.repository';
import { currentIdpMetadata, samlHash, samlRandomValue, startSamlRequest, validateSamlAnswer } from './saml-sign-in';
import { isEmailDomainAllowed, mapClaims } from './sso-claims';
import { reportTestSignIn } from './sso-test-report';
import { samlServiceProvider, ssoPostLogoutRedirectUri, ssoRedirectUri } from './sso-urls';
import { applySsoGroups, signInUser } from './sso-users';

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

/**
 * Starts SSO: finds the provider (named by its id, by the email's domain, or the organisation's only
 * enabled one), records the state, nonce and PKCE verifier (SAML: RelayState and request ID) for ten
 * minutes, and answers the provider's URL. An organisation with several providers, none named: 422
 * naming `provider` (the login card offers a button for each).
 */
export async function startSso(
  deps: SsoServiceDeps,
  input: EndpointBody<typeof startEndpoint> & { clientAddress: string | undefined },
): Promise<{ authorizationUrl: string }> {
  const providers = await candidateProviders(deps.db, input);
  const [provider] = providers;
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
  if (providers.length > 1) {
    throw AppError.validation([
      { field: 'provider', message: 'The organisation has several identity providers: choose one' },
    ]);
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
    const sp = samlServiceProvider(deps.publicOrigin, provider);
    const { requestId, authorizationUrl } = await startSamlRequest(sp, idp, relayState);
    await insertSsoState(
      deps.db,
      {
        state: stateKey(relayState, input.browserBinding),
        organisationId: provider.organisationId,
        providerId: provider.id,
        codeVerifier: '',
        nonce: `${testPrefix}${requestId}`,
        redirectUri: ssoRedirectUri(deps.publicOrigin, provider),
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
  const redirectUri = ssoRedirectUri(deps.publicOrigin, provider);
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
  const provider = await findIdentityProvider(deps.db, row.organisationId, row.providerId);
  if (!provider) return refuse('provider_error', row.organisationId, 'the provider was removed');
  const isTest = row.nonce.startsWith(TEST_SIGN_IN_NONCE_PREFIX);
  // A Test sign-in runs on a disabled provider (an administrator tries it before enabling it).
  if (!provider.isEnabled && !isTest) return refuse('provider_disabled', row.organisationId);

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
  if (isTest) {
    return {
      test: await reportTestSignIn(deps.db, { provider, identity, mapped, clientAddress: input.clientAddress }),
    };
  }
  if (!isEmailDomainAllowed(mapped.email, provider.allowedEmailDomains)) {
    return refuse('email_domain_not_allowed', row.organisationId, mapped.email?.split('@').pop() ?? 'no email');
  }
  const signedIn = await signInUser(deps.db, provider, { subject: identity.subject, ...mapped }, now);
  const user = await applySsoGroups(deps, signedIn, { groups: mapped.groups, clientAddress: input.clientAddress });
  await recordProviderSignIn(deps.db, provider.id, now);
  await writeAudit(deps.db, {
    organisationId: user.organisationId,
    userId: user.id,
    action: 'auth.sign_in',
    clientAddress: input.clientAddress,
    details: { method: provider.protocol, providerId: provider.id },
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
 * The sign-out page of the provider that signed the SSO user in (spec §4 "Logout"), returning to
 * Cairn's origin; none for a password user or when the provider has no end-session endpoint.
 */
export async function ssoLogoutUrl(deps: SsoServiceDeps, auth: AuthContext): Promise<{ logoutUrl?: string }> {
  if (!auth.isSaml) return {};
  const user = await findUserInOrganisation(deps.db, auth.organisationId, auth.userId);
  const provider = user?.identityProviderId
    ? await findIdentityProvider(deps.db, auth.organisationId, user.identityProviderId)
    : undefined;
  // SAML single logout needs the assertion's session, which Cairn does not keep: Cairn's session ends.
  if (provider?.protocol !== 'oidc') return {};
  const configuration = await providerConfiguration(deps, provider);
  const logoutUrl = endSessionUrl(configuration, {
    postLogoutRedirectUri: ssoPostLogoutRedirectUri(deps.publicOrigin),
  });
  return logoutUrl ? { logoutUrl } : {};
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
  provider_disabled: 'This identity provider is turned off. Sign in another way, or ask your administrator.',
};

/** The state as stored: hashed with the browser binding, so only the browser that started can finish. */
function stateKey(state: string, browserBinding: string | undefined): string {
  return createHash('sha256')
    .update(`${state}\u0000${browserBinding ?? ''}`)
    .digest('base64url');
}
