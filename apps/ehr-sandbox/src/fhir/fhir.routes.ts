import { getStatus, normalizeOperationOutcome, notFound, unauthorized } from '@medplum/core';
import type { FhirRepository, FhirResponse, FhirRouter, HttpMethod } from '@medplum/fhir-router';
import type { CapabilityStatement, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessGrant, AuthStore } from '../auth/auth-store.js';
import { decideAccess, visibleToPatient } from './fhir-access.js';
import { addPagingLinks } from './paging.js';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** Transaction bundles (a Synthea patient is a few MB) are larger than the host's usual body limit. */
const BODY_LIMIT = 32 * 1024 * 1024;

export interface FhirRoutesContext {
  repo: FhirRepository;
  router: FhirRouter;
  store: AuthStore;
  fhirBaseUrl: string;
  capabilityStatement: CapabilityStatement;
}

/** The FHIR R4 REST API under `/fhir`: Bearer token, scopes checked, then Medplum's router over the repository. */
export function registerFhirRoutes(app: FastifyInstance, context: FhirRoutesContext): void {
  // Public, like the SMART discovery document: readable from any origin.
  app.get('/fhir/metadata', async (_request, reply) =>
    sendResource(reply.header('access-control-allow-origin', '*'), 200, context.capabilityStatement),
  );
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/fhir/*',
    bodyLimit: BODY_LIMIT,
    handler: async (request, reply) => handleFhirRequest(request, reply, context),
  });
  app.post('/fhir', { bodyLimit: BODY_LIMIT }, async (request, reply) => handleFhirRequest(request, reply, context));
}

async function handleFhirRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  context: FhirRoutesContext,
): Promise<FastifyReply> {
  const grant = bearerGrant(request, context.store);
  if (!grant) {
    void reply.header('www-authenticate', 'Bearer realm="sandbox-fhir"');
    return sendOutcome(reply, unauthorized);
  }
  const method = request.method as HttpMethod;
  const url = new URL(request.url, 'http://sandbox');
  const wildcard = (request.params as { '*'?: string })['*'] ?? '';
  const path = wildcard.split('/').filter((segment) => segment !== '');
  const decision = await decideAccess({ grant, method, path, body: request.body, repo: context.repo });
  if (!decision.allowed) return sendOutcome(reply, forbiddenOutcome(decision.reason));
  if (decision.patientSearchFilter) url.searchParams.append(...decision.patientSearchFilter);

  const [outcome, resource] = await runRouter(context, {
    method,
    path,
    url,
    body: request.body,
    ifNoneExist: request.headers['if-none-exist'],
  });
  const status = getStatus(outcome);
  if (!resource || status >= 400) return sendOutcome(reply, outcome);
  const visible = decision.reach === 'patient' ? visibleToPatient(resource, grant.patient) : resource;
  if (!visible) return sendOutcome(reply, notFound);
  return sendResult(reply, context, { status, resource: visible, path, query: url.searchParams });
}

/** Hands the request to Medplum's router; whatever it throws becomes an OperationOutcome. */
async function runRouter(
  context: FhirRoutesContext,
  request: { method: HttpMethod; path: string[]; url: URL; body: unknown; ifNoneExist: string | string[] | undefined },
): Promise<FhirResponse> {
  const { searchParams } = request.url;
  const query = Object.fromEntries(
    [...new Set(searchParams.keys())].map((key) => {
      const values = searchParams.getAll(key);
      return [key, values.length === 1 ? values[0] : values];
    }),
  );
  return context.router
    .handleRequest(
      {
        method: request.method,
        url: `/${request.path.join('/')}${request.url.search}`,
        pathname: '',
        query,
        params: {},
        body: request.body,
        headers: typeof request.ifNoneExist === 'string' ? { 'if-none-exist': request.ifNoneExist } : {},
      },
      context.repo,
    )
    .catch((error: unknown): FhirResponse => [normalizeOperationOutcome(error)]);
}

function sendResult(
  reply: FastifyReply,
  context: FhirRoutesContext,
  result: { status: number; resource: Resource; path: string[]; query: URLSearchParams },
): FastifyReply {
  const { status, resource, path } = result;
  const resourceType = path.length === 1 ? path[0] : undefined;
  const body =
    resource.resourceType === 'Bundle' && resource.type === 'searchset' && resourceType
      ? addPagingLinks(resource, { fhirBaseUrl: context.fhirBaseUrl, resourceType, query: result.query })
      : resource;
  const versionId = resource.meta?.versionId;
  if (status === 201 && resource.id) {
    void reply.header(
      'location',
      `${context.fhirBaseUrl}/${resource.resourceType}/${resource.id}/_history/${versionId ?? ''}`,
    );
  }
  if (versionId) void reply.header('etag', `W/"${versionId}"`);
  return sendResource(reply, status, body);
}

function bearerGrant(request: FastifyRequest, store: AuthStore): AccessGrant | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ? store.findAccessToken(match[1]) : undefined;
}

export function sendResource(reply: FastifyReply, status: number, resource: Resource): FastifyReply {
  return reply.code(status).type(FHIR_JSON).send(resource);
}

export function sendOutcome(reply: FastifyReply, outcome: OperationOutcome): FastifyReply {
  return sendResource(reply, getStatus(outcome), outcome);
}

function forbiddenOutcome(reason: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    id: 'forbidden',
    issue: [{ severity: 'error', code: 'forbidden', details: { text: reason } }],
  };
}
