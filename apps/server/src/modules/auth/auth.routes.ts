import { login as loginEndpoint, logout, refreshSession as refreshEndpoint } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { login } from './auth.service';
import { refreshSession, signOut } from './session.service';

export function authRoutes(app: FastifyInstance): void {
  const deps = () => ({ db: app.database.db, accessTokens: app.accessTokens });
  route(app, loginEndpoint, async ({ body, request }) => ({
    result: await login(deps(), { ...body, clientAddress: request.ip }),
  }));
  route(app, refreshEndpoint, async ({ body, request }) => ({
    result: await refreshSession(deps(), { refreshToken: body.refreshToken, clientAddress: request.ip }),
  }));
  route(app, logout, async ({ body, auth, request }) => {
    await signOut(deps(), auth, { ...body, clientAddress: request.ip });
    return { result: {} };
  });
}
