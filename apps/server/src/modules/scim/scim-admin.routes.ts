import {
  createScimToken as createScimTokenEndpoint,
  listScimGroups as listScimGroupsEndpoint,
  listScimTokens as listScimTokensEndpoint,
  revokeScimToken as revokeScimTokenEndpoint,
  setScimGroupMapping as setScimGroupMappingEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../access';
import { route } from '../../lib/route';
import {
  createScimToken,
  listScimGroupSummaries,
  listScimTokens,
  revokeScimToken,
  setScimGroupMapping,
} from './scim-admin.service';

/** The admin tool's SCIM screen under /api/admin/scim: tokens, and the groups' view and permissions. */
export function scimAdminRoutes(app: FastifyInstance): void {
  const deps = () => ({ db: app.database.db, accessTokens: app.accessTokens });
  const caller = (auth: AuthContext, request: FastifyRequest) => ({ auth, clientAddress: request.ip });
  route(app, listScimTokensEndpoint, async ({ auth, request }) => ({
    result: await listScimTokens(app.database.db, caller(auth, request)),
  }));
  route(app, createScimTokenEndpoint, async ({ auth, body, request }) => ({
    result: await createScimToken(deps(), caller(auth, request), body),
  }));
  route(app, revokeScimTokenEndpoint, async ({ auth, body, request }) => ({
    result: await revokeScimToken(deps(), caller(auth, request), body),
  }));
  route(app, listScimGroupsEndpoint, async ({ auth, request }) => ({
    result: await listScimGroupSummaries(app.database.db, caller(auth, request)),
  }));
  route(app, setScimGroupMappingEndpoint, async ({ auth, body, request }) => ({
    result: await setScimGroupMapping(deps(), caller(auth, request), body),
  }));
}
