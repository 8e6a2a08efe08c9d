import { createHash, randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The scopes Cairn asks an EHR for (the default of `ehr_connections.scopes`). */
export const CAIRN_SCOPES =
  'launch openid fhirUser patient/*.read user/*.read user/Condition.write user/DocumentReference.write';

/** A free port on this machine: a sandbox names its own URL (token audience, paging links) before it listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

export interface SandboxLaunch {
  /** Where the sandbox is mounted in the app, e.g. `/sandbox`. */
  prefix: string;
  fhirBaseUrl: string;
  client: { clientId: string; clientSecret: string };
  redirectUri: string;
  patient: string;
  encounter?: string;
}

/**
 * An access token from the sandbox EHR through its SMART flow (launch, authorize with PKCE, token), as
 * Cairn gets one when the EHR screen launches it; the requests go in through `app.inject`.
 */
export async function sandboxAccessToken(app: FastifyInstance, launch: SandboxLaunch): Promise<string> {
  const { prefix, client, redirectUri } = launch;
  const launched = await app.inject({
    method: 'POST',
    url: `${prefix}/auth/launch`,
    payload: { patient: launch.patient, ...(launch.encounter ? { encounter: launch.encounter } : {}) },
  });
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    aud: launch.fhirBaseUrl,
    state: 'state',
    scope: CAIRN_SCOPES,
    launch: launched.json<{ launch: string }>().launch,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const authorized = await app.inject({ method: 'GET', url: `${prefix}/auth/authorize?${query.toString()}` });
  const code = new URL(String(authorized.headers.location)).searchParams.get('code') ?? '';
  const token = await app.inject({
    method: 'POST',
    url: `${prefix}/auth/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`the sandbox refused the token request (${String(token.statusCode)})`);
  return token.json<{ access_token: string }>().access_token;
}
