import {
  getUserConfig as getUserConfigEndpoint,
  getUserMetadata as getUserMetadataEndpoint,
  updateUserConfig as updateUserConfigEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { getUserConfig, getUserMetadata, updateUserConfig } from './users.service';

export function usersRoutes(app: FastifyInstance): void {
  route(app, getUserMetadataEndpoint, async ({ auth }) => ({ result: await getUserMetadata(app.database.db, auth) }));
  route(app, getUserConfigEndpoint, async ({ auth }) => ({ result: await getUserConfig(app.database.db, auth) }));
  route(app, updateUserConfigEndpoint, async ({ auth, body }) => ({
    result: await updateUserConfig(app.database.db, auth, body.config),
  }));
}
