import type { Permission } from '@cairn/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AccessTokens } from '../modules/auth';
import type { AuthContext } from '../access';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: a valid access token, else 401 UNAUTHENTICATED. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: the signed-in user holds the permission (admins hold all), else 403 FORBIDDEN. */
    requirePermission(permission: Permission | undefined): preHandlerAsyncHookHandler;
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

  app.decorate('requirePermission', (permission: Permission | undefined) => async (request: FastifyRequest) => {
    if (!permission) return;
    const auth = request.auth;
    if (!auth) throw new AppError('UNAUTHENTICATED');
    if (!auth.isAdmin && !auth.permissions.has(permission)) throw new AppError('FORBIDDEN');
  });
}

export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header.length > 0) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || undefined;
  return undefined;
}
