import {
  createFlagStreamTicket,
  deleteFeatureFlag,
  evaluateFeatureFlags,
  getFeatureFlags,
  listFeatureFlags,
  openFlagStream,
  setFeatureFlag,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { getOrCreateServerSecret } from '../auth';
import { createFlagStreams } from './flag-stream';
import {
  deleteOrganisationFlag,
  evaluateFlagsForUser,
  getCallerFlags,
  issueStreamTicket,
  listOrganisationFlags,
  setOrganisationFlag,
  type FlagsDeps,
} from './flags.service';
import { createStreamTickets, type StreamTickets } from './stream-tickets';

export function flagsRoutes(app: FastifyInstance): void {
  let tickets: Promise<StreamTickets> | undefined;
  const deps: FlagsDeps = {
    db: app.database.db,
    bus: app.eventBus,
    tickets: () =>
      (tickets ??= getOrCreateServerSecret(app.database.db, 'flag-stream-ticket-hs256').then((secret) =>
        createStreamTickets(secret, (sessionId) => app.accessTokens.isSessionEnded(sessionId)),
      )),
  };
  const streams = createFlagStreams(deps);
  app.addHook('preClose', async () => streams.closeAll());

  route(app, getFeatureFlags, async ({ request }) => ({ result: await getCallerFlags(deps, request.auth) }));
  route(app, createFlagStreamTicket, async ({ request }) => ({ result: await issueStreamTicket(deps, request.auth) }));
  route(app, openFlagStream, async ({ request, reply }) => streams.open(request, reply).then(() => ''));
  route(app, listFeatureFlags, async ({ request }) => ({ result: await listOrganisationFlags(deps, request.auth) }));
  route(app, evaluateFeatureFlags, async ({ body, request }) => ({
    result: await evaluateFlagsForUser(deps, request.auth, body.userId),
  }));
  route(app, setFeatureFlag, async ({ body, request }) => ({
    result: await setOrganisationFlag(deps, request.auth, body, { clientAddress: request.ip }),
  }));
  route(app, deleteFeatureFlag, async ({ body, request }) => ({
    result: await deleteOrganisationFlag(deps, request.auth, body.key, { clientAddress: request.ip }),
  }));
}
