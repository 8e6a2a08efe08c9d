import type { FhirRepository } from '@medplum/fhir-router';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { signIdToken } from './id-token.js';
import { isInPatientCompartment } from './scopes.js';
import { randomToken, s256, type AccessGrant, type AuthStore } from './auth-store.js';

export interface SandboxClient {
  clientId: string;
  /** Set for a confidential client (client_secret_basic or client_secret_post); absent for a public client. */
  clientSecret?: string;
  redirectUris: string[];
}

export interface AuthRoutesContext {
  store: AuthStore;
  repo: FhirRepository;
  clients: SandboxClient[];
  fhirBaseUrl: string;
  codeLifetimeMs: number;
  /** The demo clinician the sandbox signs in, as a FHIR reference (`Practitioner/...`). */
  fhirUser: string;
  accessTokenLifetimeMs: number;
}

type Query = Record<string, string | undefined>;

/** The SMART authorization server: launch (for the EHR screen), authorize and token. */
export function registerAuthRoutes(app: FastifyInstance, context: AuthRoutesContext): void {
  app.post('/auth/launch', async (request, reply) => createLaunch(request, reply, context));
  // SMART asks authorization servers to take the request as a query (GET) or as a form (POST).
  app.get('/auth/authorize', async (request, reply) => authorize(request.query as Query, reply, context));
  app.post('/auth/authorize', async (request, reply) => authorize((request.body ?? {}) as Query, reply, context));
  app.post('/auth/token', async (request, reply) => {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return token(request, reply, context);
  });
}

async function createLaunch(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AuthRoutesContext,
): Promise<FastifyReply> {
  const { patient, encounter } = (request.body ?? {}) as { patient?: unknown; encounter?: unknown };
  if (typeof patient !== 'string' || (encounter !== undefined && typeof encounter !== 'string')) {
    return reply
      .code(400)
      .send({ error: 'invalid_request', error_description: 'patient (and optional encounter) ids are required' });
  }
  const [patientResource, encounterResource] = await Promise.all([
    context.repo.readResource('Patient', patient).catch(() => undefined),
    encounter === undefined ? undefined : context.repo.readResource('Encounter', encounter).catch(() => undefined),
  ]);
  if (!patientResource) return reply.code(400).send({ error: 'invalid_request', error_description: 'Unknown patient' });
  if (encounter !== undefined && !(encounterResource && isInPatientCompartment(encounterResource, patient))) {
    return reply.code(400).send({ error: 'invalid_request', error_description: 'Unknown encounter for this patient' });
  }
  const launch = randomToken();
  context.store.launches.set(launch, encounter === undefined ? { patient } : { patient, encounter });
  return reply.send({ launch });
}

/** The sandbox signs its one demo clinician in without a screen and answers with a code at once. */
function authorize(query: Query, reply: FastifyReply, context: AuthRoutesContext): FastifyReply {
  const client = context.clients.find((candidate) => candidate.clientId === query.client_id);
  if (!client) return reply.code(400).send({ error: 'invalid_request', error_description: 'Unknown client_id' });
  const redirectUri = query.redirect_uri;
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return reply
      .code(400)
      .send({ error: 'invalid_request', error_description: 'redirect_uri is not registered for this client' });
  }
  const fail = (error: string, description: string): FastifyReply =>
    reply.redirect(withParams(redirectUri, { error, error_description: description, state: query.state }));

  if (query.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  if (!query.scope) return fail('invalid_scope', 'scope is required');
  if (query.aud?.replace(/\/+$/, '') !== context.fhirBaseUrl)
    return fail('invalid_request', 'aud must be the FHIR base URL of this server');
  if (!query.code_challenge || query.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'PKCE with code_challenge_method S256 is required');
  }
  const launch = query.launch ? context.store.launches.get(query.launch) : undefined;
  if (!launch) return fail('invalid_request', 'launch is missing or unknown (this server supports the EHR launch)');

  const code = randomToken();
  context.store.codes.set(code, {
    ...launch,
    clientId: client.clientId,
    redirectUri,
    scope: query.scope,
    codeChallenge: query.code_challenge,
    ...(query.nonce === undefined ? {} : { nonce: query.nonce }),
    expiresAt: context.store.now() + context.codeLifetimeMs,
  });
  return reply.redirect(withParams(redirectUri, { code, state: query.state }));
}

async function token(request: FastifyRequest, reply: FastifyReply, context: AuthRoutesContext): Promise<FastifyReply> {
  const body = (request.body ?? {}) as Query;
  const client = authenticateClient(request, body, context.clients);
  if (!client) {
    void reply.header('www-authenticate', 'Basic realm="sandbox-auth"');
    return reply.code(401).send({ error: 'invalid_client', error_description: 'Client authentication failed' });
  }
  const invalidGrant = (description: string): FastifyReply =>
    reply.code(400).send({ error: 'invalid_grant', error_description: description });

  if (body.grant_type === 'authorization_code') {
    const code = body.code ? context.store.takeCode(body.code) : undefined;
    if (!code || code.clientId !== client.clientId) return invalidGrant('The code is unknown, used or expired');
    if (code.redirectUri !== body.redirect_uri)
      return invalidGrant('redirect_uri does not match the authorization request');
    if (!body.code_verifier || s256(body.code_verifier) !== code.codeChallenge)
      return invalidGrant('code_verifier does not match');
    const { patient, encounter, scope, nonce } = code;
    const grant = { clientId: client.clientId, scope, patient, ...(encounter === undefined ? {} : { encounter }) };
    return reply.send(issueTokens(context, { client, grant, nonce }));
  }
  if (body.grant_type === 'refresh_token') {
    const previous = body.refresh_token ? context.store.refreshTokens.get(body.refresh_token) : undefined;
    if (!previous || previous.clientId !== client.clientId)
      return invalidGrant('The refresh token is unknown or was already used');
    context.store.refreshTokens.delete(body.refresh_token ?? '');
    return reply.send(issueTokens(context, { client, grant: previous }));
  }
  return reply.code(400).send({
    error: 'unsupported_grant_type',
    error_description: 'grant_type must be authorization_code or refresh_token',
  });
}

function issueTokens(
  context: AuthRoutesContext,
  options: { client: SandboxClient; grant: Omit<AccessGrant, 'expiresAt'>; nonce?: string | undefined },
): Record<string, unknown> {
  const { client, grant } = options;
  const accessToken = randomToken();
  const refreshToken = randomToken();
  context.store.accessTokens.set(accessToken, {
    ...grant,
    expiresAt: context.store.now() + context.accessTokenLifetimeMs,
  });
  context.store.refreshTokens.set(refreshToken, grant);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: Math.floor(context.accessTokenLifetimeMs / 1000),
    scope: grant.scope,
    refresh_token: refreshToken,
    patient: grant.patient,
    ...(grant.encounter === undefined ? {} : { encounter: grant.encounter }),
    need_patient_banner: false,
    ...(wantsIdToken(grant.scope) && client.clientSecret !== undefined
      ? {
          id_token: signIdToken({
            issuer: context.fhirBaseUrl,
            clientId: client.clientId,
            clientSecret: client.clientSecret,
            fhirUser: context.fhirUser,
            nowMs: context.store.now(),
            ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
          }),
        }
      : {}),
  };
}

function wantsIdToken(scope: string): boolean {
  const scopes = scope.split(/\s+/);
  return scopes.includes('openid') && (scopes.includes('fhirUser') || scopes.includes('profile'));
}

/** client_secret_basic (Authorization: Basic) or client_secret_post; a public client only names itself. */
function authenticateClient(request: FastifyRequest, body: Query, clients: SandboxClient[]): SandboxClient | undefined {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const [clientId, secret] = basic ? splitBasic(basic) : [body.client_id, body.client_secret];
  const client = clients.find((candidate) => candidate.clientId === clientId);
  if (!client) return undefined;
  if (client.clientSecret === undefined) return basic ? undefined : client;
  return secret !== undefined && sameSecret(secret, client.clientSecret) ? client : undefined;
}

function splitBasic(credentials: string): [string, string] {
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return [decodeURIComponent(decoded), ''];
  return [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}
