import type { Endpoint } from '@cairn/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AccessTokens } from '../modules/auth';
import { assertMayCall, type AuthContext } from '../access';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: a valid access token, else 401 UNAUTHENTICATED. */
    authenticate: preHandlerAsyncHookHandler;
    /**
     * preHandler: the signed-in user may make this call as its contract declares it (the permission it
     * names, admins holding all; no write to patient data by a view-only user), else 403 FORBIDDEN.
     */
    authorize(endpoint: Pick<Endpoint, 'permission' | 'writes'>): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: AuthContext | undefined;
  }
}

/**
 * Reads the caller's access token from the `token` header (password users) or
 * `Authorization: Bearer` (SSO users, spec §6) and checks it on every route that needs a user.
 */
export function registerAuth(app: FastifyInstance, accessTokens: AccessTokens): void {
  app.decorate('accessTokens', accessTokens);
  app.decorateRequest('auth', undefined);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = readToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const auth = await accessTokens.verify(token);
    if (!auth) throw new AppError('UNAUTHENTICATED');
    request.auth = auth;
  });

  app.decorate('authorize', (endpoint: Pick<Endpoint, 'permission' | 'writes'>) => async (request: FastifyRequest) => {
    const auth = request.auth;
    if (!auth) throw new AppError('UNAUTHENTICATED');
    assertMayCall(auth, endpoint);
  });
}

export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header.length > 0) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || undefined;
  return undefined;
}
