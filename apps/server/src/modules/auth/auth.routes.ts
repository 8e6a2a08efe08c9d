import { login as loginEndpoint } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { login } from './auth.service';

export function authRoutes(app: FastifyInstance): void {
  route(app, loginEndpoint, async ({ body, request }) => ({
    result: await login(
      { db: app.database.db, accessTokens: app.accessTokens },
      { ...body, clientAddress: request.ip },
    ),
  }));
}
