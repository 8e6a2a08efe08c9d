import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config/env';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import {
  authRoutes,
  createAccessTokens,
  createSessionRevocations,
  getOrCreateServerSecret,
  SIGN_IN_POLICY,
} from './modules/auth';
import { startAnalysisWorker } from './modules/analysis';
import { accountRoutes } from './modules/account';
import { analyticsRoutes } from './modules/analytics';
import { apiClientsRoutes } from './modules/api-clients';
import { auditAdminRoutes } from './modules/audit-admin';
import { clinicalSummaryRoutes } from './modules/clinical-summary';
import { documentsRoutes } from './modules/documents';
import { dxRoutes } from './modules/dx';
import { ehrConnectionsRoutes } from './modules/ehr-connections';
import { ehrRoutes } from './modules/ehr-launch';
import { flagsRoutes } from './modules/flags';
import { organisationAdminRoutes } from './modules/organisation-admin';
import { patientsRoutes } from './modules/patients';
import { populationRoutes } from './modules/population';
import { qualityRoutes } from './modules/quality';
import { qualityFhirRoutes } from './modules/quality-fhir';
import { qualityFitRoutes } from './modules/quality-fit';
import { qualityTabRoutes } from './modules/quality-tab';
import { riskAnalyticsRoutes } from './modules/risk-analytics';
import { scheduleRoutes } from './modules/schedule';
import { scimAdminRoutes, scimRoutes } from './modules/scim';
import { ssoRoutes } from './modules/sso';
import { summaryNotesRoutes } from './modules/summary-notes';
import { systemRoutes } from './modules/system';
import { usersRoutes } from './modules/users';
import { addOnStoreRoutes } from './modules/sandbox-ehr';
import { realtimeRoutes, registerRealtime } from './modules/realtime';
import { registerAuth } from './plugins/auth';
import { registerDatabase } from './plugins/db';
import { loggableError } from './lib/loggable-error';
import { registerErrorHandler } from './plugins/error-handler';
import { registerEventBus } from './plugins/event-bus';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';

export interface BuildAppOptions {
  /** An already open database (tests); otherwise opened from the configuration. */
  database?: Database;
  /** Pino options or `false`; defaults to JSON logs at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** Routes a caller adds inside `/api` (tests of cross-cutting behaviour). */
  extraApiRoutes?: (api: FastifyInstance) => void;
  /** Run the analysis queue's worker in this process (the server does; tests drain the queue themselves). */
  analysisWorker?: boolean;
}

/**
 * Cairn's API server, ready to `listen()` or `inject()`: plugins first, then the modules. It never
 * listens by itself. Pending migrations are applied before it answers.
 */
interface LoggedRequest {
  method: string;
  url: string;
  ip: string;
}

/**
 * Requests are logged by method and path only: bodies, headers (tokens) and query strings (SSO and
 * SMART authorization codes, search terms) never reach the log.
 */
function serializeRequest(request: LoggedRequest): Record<string, string> {
  return { method: request.method, path: request.url.split('?')[0] ?? '', remoteAddress: request.ip };
}

function loggerOptions(config: Config, logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const given = typeof logger === 'object' ? logger : {};
  return { level: config.logLevel, ...given, serializers: { req: serializeRequest, err: loggableError } };
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.name === 'production',
  });
  // Validation is done by each route with its zod contract (lib/route.ts), which names the field;
  // the JSON schemas given to Fastify exist for the OpenAPI document only.
  app.setValidatorCompiler(() => (data: unknown) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, config.frameAncestors);
  await app.register(rateLimit, { global: false, allowList: config.rateLimitAllowList });

  const database = options.database ?? (await openDatabase(config));
  registerDatabase(app, database);
  await runMigrations(database);
  const tokenSecret = config.tokenSecret ?? (await getOrCreateServerSecret(database.db, 'access-token-hs256'));
  const bus = registerEventBus(app, database, { redisUrl: config.redisUrl });
  const sessions = createSessionRevocations({
    db: database.db,
    bus,
    tokenLifetimeMs: SIGN_IN_POLICY.accessTokenSeconds * 1000,
  });
  await sessions.start();
  app.addHook('onClose', () => sessions.close());
  registerAuth(app, createAccessTokens(tokenSecret, sessions));

  await registerRealtime(app, database);
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      systemRoutes(api);
      authRoutes(api);
      flagsRoutes(api);
      accountRoutes(api, config);
      ssoRoutes(api, config);
      usersRoutes(api, config);
      auditAdminRoutes(api);
      organisationAdminRoutes(api);
      scimAdminRoutes(api);
      apiClientsRoutes(api);
      scheduleRoutes(api);
      patientsRoutes(api);
      clinicalSummaryRoutes(api);
      documentsRoutes(api, config);
      summaryNotesRoutes(api);
      analyticsRoutes(api);
      ehrRoutes(api, config);
      ehrConnectionsRoutes(api, config);
      dxRoutes(api, config);
      qualityRoutes(api);
      populationRoutes(api);
      qualityTabRoutes(api);
      qualityFhirRoutes(api, config);
      qualityFitRoutes(api);
      riskAnalyticsRoutes(api, config);
      realtimeRoutes(api);
      options.extraApiRoutes?.(api);
    },
    { prefix: '/api' },
  );
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const isUp = await database.ping();
    return reply.status(isUp ? 200 : 503).send(isUp ? { status: 'ok' } : { status: 'unavailable' });
  });
  // SCIM 2.0 for identity providers: its own media type, tokens and error form, outside /api.
  await app.register(async (scim) => scimRoutes(scim, config), { prefix: '/scim/v2' });
  addOnStoreRoutes(app, config);
  if (options.analysisWorker) {
    const worker = startAnalysisWorker(database, {
      log: app.log,
      threads: config.analysisThreads,
      qualityThreads: config.qualityThreads,
    });
    app.addHook('preClose', () => worker.stop());
  }
  await registerStaticWeb(app, config.webDistDir);
  return app;
}
