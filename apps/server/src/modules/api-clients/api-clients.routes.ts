import {
  createApiClientToken as createEndpoint,
  listApiClientTokens as listEndpoint,
  revokeApiClientToken as revokeEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../access';
import { route } from '../../lib/route';
import { createApiClientToken, listApiClientTokens, revokeApiClientToken } from './api-clients.service';

/** The admin tool's API clients section under /api/admin/api-clients: other systems' tokens. */
export function apiClientsRoutes(app: FastifyInstance): void {
  const db = () => app.database.db;
  const caller = (auth: AuthContext, request: FastifyRequest) => ({ auth, clientAddress: request.ip });
  route(app, listEndpoint, async ({ auth, request }) => ({
    result: await listApiClientTokens(db(), caller(auth, request)),
  }));
  route(app, createEndpoint, async ({ auth, body, request }) => ({
    result: await createApiClientToken(db(), caller(auth, request), body),
  }));
  route(app, revokeEndpoint, async ({ auth, body, request }) => ({
    result: await revokeApiClientToken(db(), caller(auth, request), body),
  }));
}
