import { FhirRouter } from '@medplum/fhir-router';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AuthStore } from './auth/auth-store.js';
import { registerAuthRoutes, type SandboxClient } from './auth/auth.routes.js';
import { buildSmartConfiguration } from './auth/smart-configuration.js';
import { buildCapabilityStatement } from './fhir/capability-statement.js';
import { registerFhirRoutes } from './fhir/fhir.routes.js';
import { createSandboxRepository, type SandboxRepository } from './fhir/sandbox-repository.js';
import { registerScreenRoutes } from './screen/screen.routes.js';

export interface EhrSandboxOptions {
  /** The public URL the plugin answers at, without a trailing slash (e.g. `http://localhost:3000/sandbox`); the FHIR base is `<publicUrl>/fhir`. */
  publicUrl: string;
  /** The SMART clients allowed to launch. */
  clients: SandboxClient[];
  /** The data it serves; an empty repository when absent. */
  repository?: SandboxRepository;
  /** The clock, in milliseconds (tests move it to expire codes). */
  now?: () => number;
  /** The demo clinician signed in at authorize, named in the id_token (`openid fhirUser` scopes); `Practitioner/sandbox-clinician` by default. */
  fhirUser?: string;
  codeLifetimeSeconds?: number;
  accessTokenLifetimeSeconds?: number;
  /** Cairn, for the EHR screen to launch and embed (e.g. `{ url: 'http://localhost:3000' }`); without it the screen cannot launch. */
  cairn?: { url: string };
}

const FORM = 'application/x-www-form-urlencoded';
const FHIR_JSON = 'application/fhir+json';

/**
 * The sandbox EHR as a Fastify plugin: a FHIR R4 server under `/fhir` and a SMART App Launch
 * authorization server under `/auth`, and the EHR screen that launches Cairn at `/`. Register it with a
 * prefix (Cairn mounts it at `/sandbox`).
 */
export const ehrSandbox: FastifyPluginAsync<EhrSandboxOptions> = async (app: FastifyInstance, options) => {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const fhirBaseUrl = `${publicUrl}/fhir`;
  const repo = options.repository ?? createSandboxRepository();
  const now = options.now ?? Date.now;
  const store = new AuthStore(now);
  addBodyParsers(app);
  app.setErrorHandler(answerError);

  // A public discovery document: a browser app on another origin (Cairn beside a stand-alone sandbox) may read it.
  app.get('/fhir/.well-known/smart-configuration', async (_request, reply) =>
    reply.header('access-control-allow-origin', '*').send(buildSmartConfiguration({ publicUrl, fhirBaseUrl })),
  );
  registerAuthRoutes(app, {
    store,
    repo,
    clients: options.clients,
    fhirBaseUrl,
    codeLifetimeMs: (options.codeLifetimeSeconds ?? 60) * 1000,
    fhirUser: options.fhirUser ?? 'Practitioner/sandbox-clinician',
    accessTokenLifetimeMs: (options.accessTokenLifetimeSeconds ?? 3600) * 1000,
  });
  registerFhirRoutes(app, {
    repo,
    router: new FhirRouter(),
    store,
    fhirBaseUrl,
    capabilityStatement: buildCapabilityStatement({
      fhirBaseUrl,
      authorizeUrl: `${publicUrl}/auth/authorize`,
      tokenUrl: `${publicUrl}/auth/token`,
    }),
  });
  registerScreenRoutes(app, { repo, fhirBaseUrl, cairnUrl: options.cairn?.url.replace(/\/+$/, ''), now });
};

/** Errors inside the sandbox answer as FHIR does (an OperationOutcome), not in the host's envelope; causes stay in the log. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'sandbox EHR error');
  const outcome: OperationOutcome = {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: status === 500 ? 'exception' : 'invalid',
        details: { text: status === 500 ? 'Internal error' : error.message },
      },
    ],
  };
  return reply.code(status).type('application/fhir+json; charset=utf-8').send(outcome);
}

/** FHIR JSON and OAuth forms, added in the plugin's own scope unless the host already parses them. */
function addBodyParsers(app: FastifyInstance): void {
  if (!app.hasContentTypeParser(FHIR_JSON)) {
    app.addContentTypeParser(FHIR_JSON, { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, body === '' ? undefined : (JSON.parse(body as string) as unknown));
      } catch (error) {
        done(Object.assign(error as Error, { statusCode: 400 }), undefined);
      }
    });
  }
  if (!app.hasContentTypeParser(FORM)) {
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }
}
