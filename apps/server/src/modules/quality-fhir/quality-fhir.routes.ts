import { getCareGaps } from '@cairn/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env';
import { readCareGaps } from './care-gaps.service';
import { parametersOfResource, readCareGapsParameters } from './care-gaps-parameters';
import { authenticateFhirCaller } from './fhir-caller';
import { FhirError, toOperationOutcome } from './fhir-outcome';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/**
 * Cairn's FHIR API (issue 19) at `/api/fhir` and, for SSO users, `/api/v2/fhir`: the Da Vinci DEQM
 * `Measure/$care-gaps` operation, by GET (query parameters) or POST (a `Parameters` resource). Its own
 * plugin: FHIR's media type, and every error a FHIR OperationOutcome.
 */
export function qualityFhirRoutes(api: FastifyInstance, config: Pick<Config, 'apiUrl'>): void {
  for (const prefix of getCareGaps.v2 ? ['/fhir', '/v2/fhir'] : ['/fhir']) {
    void api.register((fhir) => fhirPlugin(fhir, `${config.apiUrl.replace(/\/$/, '')}${prefix}`), { prefix });
  }
}

async function fhirPlugin(fhir: FastifyInstance, fhirBase: string): Promise<void> {
  fhir.addContentTypeParser(
    'application/fhir+json',
    { parseAs: 'string' },
    fhir.getDefaultJsonParser('error', 'error'),
  );
  fhir.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  fhir.setNotFoundHandler((_request, reply) =>
    send(
      reply,
      404,
      toOperationOutcome([{ code: 'not-supported', diagnostics: 'No such FHIR interaction in Cairn.' }]),
    ),
  );
  const operation = getCareGaps.path.replace(/^\/fhir/, '');
  const config = { rateLimit: getCareGaps.rateLimit };
  const handle = async (request: FastifyRequest, reply: FastifyReply, raw: () => Record<string, unknown>) => {
    const caller = await authenticateFhirCaller(fhir, request);
    const parameters = readCareGapsParameters(raw());
    const { answer, nextOffset } = await readCareGaps({ db: fhir.database.db, fhirBase }, caller, parameters);
    if (nextOffset !== undefined)
      reply.header('link', `<${nextPageUrl(fhirBase, operation, raw(), nextOffset)}>; rel="next"`);
    return send(reply, 200, answer);
  };
  fhir.get(operation, { config, schema: { hide: true } }, (request, reply) =>
    handle(request, reply, () => request.query as Record<string, unknown>),
  );
  fhir.post(operation, { config, schema: { hide: true } }, (request, reply) =>
    handle(request, reply, () => parametersOfResource(request.body)),
  );
}

/** The GET address of the next page: the same parameters, `_offset` moved on. */
function nextPageUrl(fhirBase: string, operation: string, raw: Record<string, unknown>, offset: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...raw, _offset: String(offset) })) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  return `${fhirBase}${operation}?${query.toString().replace(/%24/g, '$')}`;
}

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.status(status).type(FHIR_JSON).send(JSON.stringify(body));
}

/** Every failure as an OperationOutcome; anything unexpected is a 500 saying no more than its request id. */
function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof FhirError) {
    if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="cairn-fhir"');
    return send(reply, error.status, toOperationOutcome(error.issues));
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own refusals: a body that is not JSON, too large, too many requests (rate limit).
    const diagnostics = status === 400 ? 'The body is not valid JSON.' : 'The request cannot be processed.';
    const code = status === 429 ? 'throttled' : status === 415 ? 'not-supported' : 'invalid';
    return send(reply, status, toOperationOutcome([{ code, diagnostics }]));
  }
  request.log.error({ err: error }, 'FHIR request failed');
  return send(
    reply,
    500,
    toOperationOutcome([{ code: 'exception', diagnostics: `The request failed (request id ${request.id}).` }]),
  );
}
