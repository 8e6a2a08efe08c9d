import {
  acceptInvitation as acceptInvitationEndpoint,
  applyUserAction as applyUserActionEndpoint,
  createUser as createUserEndpoint,
  getUserConfig as getUserConfigEndpoint,
  getUserMetadata as getUserMetadataEndpoint,
  importUsers as importUsersEndpoint,
  listUserLinkOptions,
  listUsers as listUsersEndpoint,
  readInvitation as readInvitationEndpoint,
  updateUserByAdmin,
  updateUserConfig as updateUserConfigEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env';
import type { AuthContext } from '../../access';
import { createMailer } from '../../integrations/smtp/mailer';
import { route } from '../../lib/route';
import { acceptInvitation, readInvitation } from './invitation.service';
import { applyUserAction, createUser, getLinkOptions, listUsers, updateUserAccount } from './user-admin.service';
import { importUsers } from './user-import.service';
import { getUserConfig, getUserMetadata, updateUserConfig } from './users.service';

/** The signed-in user's own metadata and config; the admin tool's user management; invitations. */
export function usersRoutes(app: FastifyInstance, config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'apiUrl'>): void {
  const db = () => app.database.db;
  route(app, getUserMetadataEndpoint, async ({ auth }) => ({ result: await getUserMetadata(db(), auth) }));
  route(app, getUserConfigEndpoint, async ({ auth }) => ({ result: await getUserConfig(db(), auth) }));
  route(app, updateUserConfigEndpoint, async ({ auth, body }) => ({
    result: await updateUserConfig(db(), auth, body.config),
  }));

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  app.addHook('onClose', () => mailer.close());
  const publicOrigin = new URL(config.apiUrl).origin;
  const deps = () => ({ db: db(), accessTokens: app.accessTokens, mailer, publicOrigin });
  const caller = (auth: AuthContext, request: FastifyRequest) => ({ auth, clientAddress: request.ip });

  route(app, listUsersEndpoint, async ({ auth, body, request }) => ({
    result: await listUsers(deps(), caller(auth, request), body),
  }));
  route(app, listUserLinkOptions, async ({ auth }) => ({ result: await getLinkOptions(db(), auth) }));
  route(app, createUserEndpoint, async ({ auth, body, request }) => ({
    result: await createUser(deps(), caller(auth, request), body),
  }));
  route(app, updateUserByAdmin, async ({ auth, body, request }) => ({
    result: await updateUserAccount(deps(), caller(auth, request), body),
  }));
  route(app, applyUserActionEndpoint, async ({ auth, body, request }) => ({
    result: await applyUserAction(deps(), caller(auth, request), body),
  }));
  route(app, importUsersEndpoint, async ({ auth, body, request }) => ({
    result: await importUsers(deps(), caller(auth, request), body),
  }));
  route(app, readInvitationEndpoint, async ({ body }) => ({ result: await readInvitation(db(), body) }));
  route(app, acceptInvitationEndpoint, async ({ body, request }) => ({
    result: await acceptInvitation(deps(), { ...body, clientAddress: request.ip }),
  }));
}
