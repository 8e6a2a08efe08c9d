import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config/env';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { createAccessTokens } from './modules/auth/access-tokens';
import { getOrCreateServerSecret } from './modules/auth/server-secrets.repository';
import { startAnalysisWorker } from './modules/analysis/analysis-worker';
import { accountRoutes } from './modules/account/account.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { clinicalSummaryRoutes } from './modules/clinical-summary/clinical-summary.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { dxRoutes } from './modules/dx/dx.routes';
import { ehrRoutes } from './modules/ehr-launch/ehr.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { flagsRoutes } from './modules/flags/flags.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { summaryNotesRoutes } from './modules/summary-notes/summary-notes.routes';
import { systemRoutes } from './modules/system/system.routes';
import { usersRoutes } from './modules/users/users.routes';
import { addOnStoreRoutes } from './modules/sandbox-ehr/add-on-store.routes';
import { realtimeRoutes, registerRealtime } from './modules/realtime/realtime.routes';
import { registerAuth } from './plugins/auth';
import { registerDatabase } from './plugins/db';
import { registerErrorHandler } from './plugins/error-handler';
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
  return { level: config.logLevel, ...given, serializers: { req: serializeRequest } };
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
  registerAuth(app, createAccessTokens(tokenSecret));

  await registerRealtime(app, database, config);
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      systemRoutes(api);
      authRoutes(api);
      flagsRoutes(api, config);
      accountRoutes(api, config);
      ssoRoutes(api, config);
      usersRoutes(api);
      scheduleRoutes(api);
      patientsRoutes(api);
      clinicalSummaryRoutes(api);
      documentsRoutes(api, config);
      summaryNotesRoutes(api);
      analyticsRoutes(api);
      ehrRoutes(api, config);
      dxRoutes(api, config);
      realtimeRoutes(api);
      options.extraApiRoutes?.(api);
    },
    { prefix: '/api' },
  );
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const isUp = await database.ping();
    return reply.status(isUp ? 200 : 503).send(isUp ? { status: 'ok' } : { status: 'unavailable' });
  });
  addOnStoreRoutes(app, config);
  if (options.analysisWorker) {
    const worker = startAnalysisWorker(database, { log: app.log });
    app.addHook('preClose', () => worker.stop());
  }
  await registerStaticWeb(app, config.webDistDir);
  return app;
}
