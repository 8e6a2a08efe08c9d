import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { clientAssertion, type ClientKey } from './client-keys';

/**
 * Cairn as a SMART App Launch confidential client (issue 6): the EHR's well-known configuration, the
 * authorization URL, and the token endpoint (code exchange and refresh). Tokens never leave the
 * server. Errors are `SmartError`s whose text never holds a token or an EHR answer's content.
 */

/** The EHR's discovery document, as Cairn uses it (spec §3 "SMART config"). */
export interface SmartConfiguration {
  iss: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string | undefined;
}

export type SmartErrorKind = 'well_known_unavailable' | 'token_refused';

export class SmartError extends Error {
  override name = 'SmartError';
  constructor(
    readonly kind: SmartErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 5 * 60_000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const wellKnownSchema = z.object({
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url().optional(),
});

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
  scope: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
  id_token: z.string().optional(),
  /** SMART launch context. */
  patient: z.string().optional(),
  encounter: z.string().optional(),
});
export type SmartTokenResponse = z.infer<typeof tokenSchema>;

export interface SmartClientSettings {
  clientId: string;
  /** A confidential client's shared secret (HTTP Basic); absent otherwise. */
  clientSecret: string | undefined;
  /** A `private_key_jwt` client's key: the token request carries a signed client assertion. */
  clientKey?: ClientKey;
  /** Accept plain http on this machine (development and tests; never in production). */
  allowLoopbackHttp: boolean;
  fetch?: typeof fetch;
}

const discoveries = new Map<string, { expiresAt: number; configuration: Promise<SmartConfiguration> }>();

/**
 * `<iss>/.well-known/smart-configuration`, cached five minutes per issuer. Only https, or http to
 * this machine when allowed: Cairn sends its client secret to the token endpoint named there.
 */
export function discoverSmart(
  iss: string,
  settings: Pick<SmartClientSettings, 'allowLoopbackHttp' | 'fetch'>,
): Promise<SmartConfiguration> {
  const key = `${iss} ${String(settings.allowLoopbackHttp)}`;
  const cached = discoveries.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.configuration;
  const configuration = readWellKnown(iss, settings);
  discoveries.set(key, { expiresAt: Date.now() + DISCOVERY_TTL_MS, configuration });
  configuration.catch(() => discoveries.delete(key));
  return configuration;
}

async function readWellKnown(
  iss: string,
  settings: Pick<SmartClientSettings, 'allowLoopbackHttp' | 'fetch'>,
): Promise<SmartConfiguration> {
  const unavailable = (why: string) => new SmartError('well_known_unavailable', `The EHR's SMART configuration ${why}`);
  const url = `${iss.replace(/\/+$/, '')}/.well-known/smart-configuration`;
  let body: unknown;
  try {
    const response = await (settings.fetch ?? fetch)(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw unavailable(`answered ${String(response.status)}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof SmartError) throw error;
    throw unavailable('could not be read');
  }
  const parsed = wellKnownSchema.safeParse(body);
  if (!parsed.success) throw unavailable('names no authorization or token endpoint');
  const { authorization_endpoint: authorizationEndpoint, token_endpoint: tokenEndpoint } = parsed.data;
  for (const endpoint of [authorizationEndpoint, tokenEndpoint, parsed.data.jwks_uri]) {
    if (endpoint !== undefined && !isAllowedUrl(endpoint, settings.allowLoopbackHttp)) {
      throw unavailable('names an endpoint without https');
    }
  }
  return { iss, authorizationEndpoint, tokenEndpoint, jwksUri: parsed.data.jwks_uri };
}

export function isAllowedUrl(value: string, allowLoopbackHttp: boolean): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname);
}

/** The EHR's authorization URL for an EHR launch (SMART App Launch 2: `aud` is the FHIR base). */
export function smartAuthorizationUrl(
  configuration: SmartConfiguration,
  request: {
    clientId: string;
    redirectUri: string;
    scope: string;
    state: string;
    launch: string;
    codeChallenge: string;
  },
): string {
  const url = new URL(configuration.authorizationEndpoint);
  const query = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state,
    aud: configuration.iss,
    launch: request.launch,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** Exchanges the authorization code (with the PKCE verifier) or a refresh token at the token endpoint. */
export async function requestSmartToken(
  configuration: SmartConfiguration,
  settings: SmartClientSettings,
  grant:
    | { grant_type: 'authorization_code'; code: string; redirect_uri: string; code_verifier: string }
    | { grant_type: 'refresh_token'; refresh_token: string },
): Promise<SmartTokenResponse> {
  const form = new URLSearchParams(grant);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (settings.clientKey) {
    form.set('client_id', settings.clientId);
    form.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    form.set(
      'client_assertion',
      await clientAssertion({
        clientId: settings.clientId,
        tokenEndpoint: configuration.tokenEndpoint,
        key: settings.clientKey,
      }),
    );
  } else if (settings.clientSecret === undefined) {
    form.set('client_id', settings.clientId);
  } else {
    headers.authorization = basicAuthorization(settings.clientId, settings.clientSecret);
  }
  let response: Response;
  try {
    response = await (settings.fetch ?? fetch)(configuration.tokenEndpoint, {
      method: 'POST',
      headers,
      body: form.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new SmartError('token_refused', 'The EHR token endpoint could not be reached');
  }
  const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
  if (!response.ok) {
    // The OAuth error code (invalid_grant, ...) is safe to keep; its description is not ours to log.
    const code = typeof body?.error === 'string' ? body.error.slice(0, 50) : String(response.status);
    throw new SmartError('token_refused', `The EHR refused the token request (${code})`);
  }
  const parsed = tokenSchema.safeParse(body);
  if (!parsed.success) throw new SmartError('token_refused', 'The EHR answered without an access token');
  return parsed.data;
}

/**
 * The id_token's claims, its signature checked: with the client secret (HS256, as SMART allows a
 * confidential symmetric client) or with the EHR's published keys (`jwks_uri`). Its audience must be
 * Cairn's client id and its issuer the EHR.
 */
export async function verifyIdToken(
  idToken: string,
  configuration: SmartConfiguration,
  settings: SmartClientSettings,
): Promise<JWTPayload & { fhirUser?: unknown }> {
  const options = { audience: settings.clientId, issuer: configuration.iss };
  try {
    const { alg } = decodeProtectedHeader(idToken);
    if (alg?.startsWith('HS')) {
      if (settings.clientSecret === undefined) throw new Error('symmetric id_token for a public client');
      return (await jwtVerify(idToken, new TextEncoder().encode(settings.clientSecret), options)).payload;
    }
    if (!configuration.jwksUri) throw new Error('no jwks_uri to check the id_token with');
    return (await jwtVerify(idToken, jwksFor(configuration.jwksUri), options)).payload;
  } catch {
    throw new SmartError('token_refused', 'The EHR id_token could not be verified');
  }
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwksFor(uri: string): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(uri);
  if (!keySet) keySets.set(uri, (keySet = createRemoteJWKSet(new URL(uri))));
  return keySet;
}

/** RFC 6749 §2.3.1: both parts URL-encoded before the Basic encoding. */
function basicAuthorization(clientId: string, clientSecret: string): string {
  const credentials = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
  return `Basic ${Buffer.from(credentials).toString('base64')}`;
}
