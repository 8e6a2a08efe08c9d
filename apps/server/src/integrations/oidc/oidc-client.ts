import { createHash } from 'node:crypto';
import * as client from 'openid-client';

/** The relying party's view of one organisation's OpenID provider. */
export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accept a plain-http issuer on this machine (development and tests; never in production). */
  allowLoopbackHttp?: boolean;
}

/** Who the provider signed in: the subject, and the profile claims Cairn keeps. */
export interface OidcIdentity {
  subject: string;
  email: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  /** The raw ID token: kept server-side only, for the provider's logout (`id_token_hint`). */
  idToken: string;
  /** Every claim read (ID token over userinfo), for the organisation's claim mapping. */
  claims: Record<string, unknown>;
}

export type OidcFailureReason = 'nonce_mismatch' | 'provider_error';

/** An answer of the provider that refuses the sign-in; `detail` is for the server log only. */
export class OidcError extends Error {
  override name = 'OidcError';
  constructor(
    readonly reason: OidcFailureReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const DISCOVERY_TTL_MS = 10 * 60_000;
const REQUEST_TIMEOUT_SECONDS = 10;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const discoveries = new Map<string, { expiresAt: number; configuration: Promise<client.Configuration> }>();

/**
 * The provider's configuration from its discovery document, cached for ten minutes per issuer and
 * client. Plain http is accepted only for a provider on this machine, and only when allowed (not in
 * production), so an administrator cannot point Cairn at an unencrypted or local service there.
 */
export async function discoverProvider(settings: OidcClientSettings): Promise<client.Configuration> {
  const key = [settings.issuer, settings.clientId, sha256(settings.clientSecret), settings.allowLoopbackHttp].join(' ');
  const cached = discoveries.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.configuration;
  const configuration = discover(settings);
  discoveries.set(key, { expiresAt: Date.now() + DISCOVERY_TTL_MS, configuration });
  configuration.catch(() => discoveries.delete(key));
  return configuration;
}

/** Forgets cached discoveries of an issuer (its settings changed or were removed). */
export function forgetProvider(issuer: string): void {
  for (const key of discoveries.keys()) if (key.startsWith(`${issuer} `)) discoveries.delete(key);
}

async function discover(settings: OidcClientSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const isLoopbackHttp =
    settings.allowLoopbackHttp === true && issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
  /* eslint-disable @typescript-eslint/no-deprecated -- plain http only for a provider on this machine (see above) */
  const configuration = await client.discovery(
    issuer,
    settings.clientId,
    undefined,
    undefined,
    isLoopbackHttp
      ? { execute: [client.allowInsecureRequests], timeout: REQUEST_TIMEOUT_SECONDS }
      : { timeout: REQUEST_TIMEOUT_SECONDS },
  );
  const methods = configuration.serverMetadata().token_endpoint_auth_methods_supported;
  // RFC 8414: absent means client_secret_basic only.
  const usesBasic = !methods || methods.includes('client_secret_basic');
  const auth = usesBasic
    ? client.ClientSecretBasic(settings.clientSecret)
    : client.ClientSecretPost(settings.clientSecret);
  const withAuth = new client.Configuration(configuration.serverMetadata(), settings.clientId, undefined, auth);
  withAuth.timeout = REQUEST_TIMEOUT_SECONDS;
  if (isLoopbackHttp) client.allowInsecureRequests(withAuth);
  /* eslint-enable @typescript-eslint/no-deprecated */
  return withAuth;
}

/** A fresh PKCE verifier, state and nonce for one sign-in. */
export async function newAuthorizationChecks(): Promise<{
  state: string;
  nonce: string;
  codeVerifier: string;
  codeChallenge: string;
}> {
  const codeVerifier = client.randomPKCECodeVerifier();
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
  };
}

export function authorizationUrl(
  configuration: client.Configuration,
  request: { redirectUri: string; scope: string; state: string; nonce: string; codeChallenge: string },
): string {
  return client
    .buildAuthorizationUrl(configuration, {
      redirect_uri: request.redirectUri,
      scope: request.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    })
    .toString();
}

/**
 * Exchanges the authorization code (PKCE), checking state, nonce, issuer and the ID token's signature,
 * audience and lifetime; reads the profile from the ID token, then from userinfo for what it lacks.
 */
export async function exchangeCode(
  configuration: client.Configuration,
  callback: { callbackUrl: URL; codeVerifier: string; state: string; nonce: string },
): Promise<OidcIdentity> {
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callback.callbackUrl, {
      pkceCodeVerifier: callback.codeVerifier,
      expectedState: callback.state,
      expectedNonce: callback.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw classify(error);
  }
  const claims = tokens.claims();
  if (!claims || !tokens.id_token) throw new OidcError('provider_error', 'no ID token in the token response');
  let profile: Record<string, unknown> = claims;
  const hasUserinfo = configuration.serverMetadata().userinfo_endpoint !== undefined;
  if (hasUserinfo && (claims.email === undefined || claims.given_name === undefined)) {
    try {
      profile = { ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    } catch (error) {
      throw classify(error);
    }
  }
  return {
    subject: claims.sub,
    email: stringClaim(profile.email),
    firstName: stringClaim(profile.given_name),
    lastName: stringClaim(profile.family_name),
    idToken: tokens.id_token,
    claims: profile,
  };
}

/** The provider's RP-initiated logout page, or `undefined` when it has none. */
export function endSessionUrl(
  configuration: client.Configuration,
  request: { postLogoutRedirectUri: string; idTokenHint?: string },
): string | undefined {
  if (!configuration.serverMetadata().end_session_endpoint) return undefined;
  const parameters: Record<string, string> = {
    post_logout_redirect_uri: request.postLogoutRedirectUri,
    client_id: configuration.clientMetadata().client_id,
  };
  if (request.idTokenHint) parameters.id_token_hint = request.idTokenHint;
  return client.buildEndSessionUrl(configuration, parameters).toString();
}

function classify(error: unknown): OidcError {
  if (error instanceof OidcError) return error;
  if (error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError) {
    return new OidcError('provider_error', `${error.error}: ${error.error_description ?? ''}`);
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && comparedClaim(error) === 'nonce') {
    return new OidcError('nonce_mismatch', 'the ID token nonce does not match');
  }
  const message = error instanceof Error ? error.message : String(error);
  return new OidcError('provider_error', typeof code === 'string' ? `${code}: ${message}` : message);
}

/** openid-client wraps oauth4webapi's error, whose cause names the claim that did not match. */
function comparedClaim(error: unknown): unknown {
  let cause: unknown = error;
  for (let depth = 0; depth < 3 && cause !== null && typeof cause === 'object'; depth += 1) {
    const claim = (cause as { claim?: unknown }).claim;
    if (claim !== undefined) return claim;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
