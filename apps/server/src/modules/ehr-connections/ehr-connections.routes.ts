import {
  createEhrConnection as createEndpoint,
  listEhrConnections as listEndpoint,
  testEhrConnection as testEndpoint,
  updateEhrConnection as updateEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/env';
import { route } from '../../lib/route';
import { openServerSecretBox, type SecretBox } from '../../lib/secret-box';
import {
  connectionJwks,
  createEhrConnection,
  jwksPath,
  listEhrConnections,
  testEhrConnection,
  updateEhrConnection,
  type EhrConnectionsDeps,
} from './ehr-connections.service';

/** The admin tool's EHR connections (issue 17 item 3) and the JWKS URL of each private_key_jwt connection. */
export function ehrConnectionsRoutes(app: FastifyInstance, config: Pick<Config, 'apiUrl' | 'encryptionKey' | 'name'>) {
  let secretBox: Promise<SecretBox> | undefined;
  const deps = (): EhrConnectionsDeps => ({
    db: app.database.db,
    secretBox: () => (secretBox ??= openServerSecretBox(app.database.db, config.encryptionKey)),
    publicOrigin: new URL(config.apiUrl).origin,
    allowLoopbackHttp: config.name !== 'production',
  });
  route(app, listEndpoint, async ({ auth }) => ({ result: await listEhrConnections(deps(), auth) }));
  route(app, createEndpoint, async ({ auth, body, request }) => ({
    result: await createEhrConnection(deps(), { auth, clientAddress: request.ip }, body),
  }));
  route(app, updateEndpoint, async ({ auth, body, request }) => ({
    result: await updateEhrConnection(deps(), { auth, clientAddress: request.ip }, body),
  }));
  route(app, testEndpoint, async ({ auth, body }) => ({
    result: await testEhrConnection(deps(), auth, body.connectionId),
  }));
  // Public: the EHR fetches it to check Cairn's client assertions (RFC 7523, SMART asymmetric clients).
  app.get(
    jwksPath(':connectionId').replace(/^\/api/, ''),
    {
      schema: { summary: "A private_key_jwt EHR connection's public key (JWKS)", tags: ['ehr'] },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const params = z.object({ connectionId: z.uuid() }).safeParse(request.params);
      const jwks = params.success ? await connectionJwks(deps(), params.data.connectionId) : undefined;
      if (!jwks) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
      return reply.header('cache-control', 'public, max-age=300').type('application/jwk-set+json').send(jwks);
    },
  );
}
