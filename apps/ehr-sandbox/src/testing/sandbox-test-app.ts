import Fastify, { type FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { loadSandboxData } from '../data/load-sandbox-data.js';
import { createSandboxRepository } from '../fhir/sandbox-repository.js';
import { ehrSandbox } from '../plugin.js';

export const PUBLIC_URL = 'http://ehr.test/sandbox';
export const FHIR_BASE = `${PUBLIC_URL}/fhir`;
export const CLIENT = { clientId: 'cairn', clientSecret: 's3cret', redirectUris: ['http://cairn.test/epic/login'] };
export const REDIRECT_URI = 'http://cairn.test/epic/login';

export interface TestSandbox {
  app: FastifyInstance;
  clock: { now: number };
}

/** The sandbox mounted at `/sandbox` with two patients (p1 with encounter e1 and a condition, p2 with a condition). */
export async function buildTestSandbox(): Promise<TestSandbox> {
  const repository = createSandboxRepository();
  await loadSandboxData(repository, {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      { resource: { resourceType: 'Patient', id: 'p1', name: [{ family: 'Ada' }] } },
      { resource: { resourceType: 'Patient', id: 'p2', name: [{ family: 'Bea' }] } },
      {
        resource: {
          resourceType: 'Encounter',
          id: 'e1',
          status: 'in-progress',
          class: { code: 'AMB' },
          subject: { reference: 'Patient/p1' },
        },
      },
      {
        resource: {
          resourceType: 'Condition',
          id: 'c1',
          subject: { reference: 'Patient/p1' },
          encounter: { reference: 'Encounter/e1' },
        },
      },
      { resource: { resourceType: 'Condition', id: 'c2', subject: { reference: 'Patient/p2' } } },
    ],
  });
  const clock = { now: Date.parse('2026-11-21T09:00:00Z') };
  const app = Fastify();
  await app.register(ehrSandbox, {
    prefix: '/sandbox',
    publicUrl: PUBLIC_URL,
    clients: [CLIENT],
    repository,
    now: () => clock.now,
  });
  await app.ready();
  return { app, clock };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function createLaunch(app: FastifyInstance, patient = 'p1', encounter = 'e1'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/sandbox/auth/launch', payload: { patient, encounter } });
  return response.json<{ launch: string }>().launch;
}

/** Runs authorize and answers the redirect's URL (code and state, or error). */
export async function authorize(
  app: FastifyInstance,
  params: Record<string, string>,
): Promise<URL | { status: number }> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    aud: FHIR_BASE,
    state: 'state-1',
    code_challenge_method: 'S256',
    ...params,
  });
  const response = await app.inject({ method: 'GET', url: `/sandbox/auth/authorize?${query.toString()}` });
  return response.statusCode === 302 ? new URL(response.headers.location as string) : { status: response.statusCode };
}

export async function requestToken(
  app: FastifyInstance,
  form: Record<string, string>,
  basic = true,
): Promise<{ status: number; body: Record<string, string> }> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic)
    headers.authorization = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/auth/token',
    headers,
    payload: new URLSearchParams(form).toString(),
  });
  return { status: response.statusCode, body: response.json() };
}

/** The whole EHR launch for a scope: launch, authorize with PKCE, token with the client secret. */
export async function launchToken(app: FastifyInstance, scope: string): Promise<Record<string, string>> {
  const launch = await createLaunch(app);
  const { verifier, challenge } = pkcePair();
  const redirect = await authorize(app, { scope, launch, code_challenge: challenge });
  if (!(redirect instanceof URL)) throw new Error(`authorize answered ${redirect.status}`);
  const code = redirect.searchParams.get('code') ?? '';
  const { body } = await requestToken(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  return body;
}
