import { parseFhirJson } from './fhir-json';
import type { FhirResource } from './fhir-types';

/**
 * A small FHIR R4 REST client for one EHR: Bearer token, bounded concurrency, a timeout per request,
 * search paging through `Bundle.link[next]` and conditional create. Errors are `FhirClientError`s
 * that carry the HTTP status and the OperationOutcome's text, never a resource's content.
 */
export interface FhirClientOptions {
  /** The FHIR base URL (the SMART `iss`), without a trailing slash or with one. */
  baseUrl: string;
  /** The current access token; `forceRefresh` after the EHR answered 401. */
  getAccessToken: (options?: { forceRefresh?: boolean }) => Promise<string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxConcurrency?: number;
}

export interface FhirBundle extends FhirResource {
  resourceType: 'Bundle';
  link?: { relation?: string; url?: string }[];
  entry?: { resource?: FhirResource }[];
}

export type SearchParams = Record<string, string | number>;

export interface FhirClient {
  readonly baseUrl: string;
  read<T extends FhirResource = FhirResource>(type: string, id: string): Promise<T>;
  /** The search's pages, following `Bundle.link[next]` on the EHR's own origin. */
  search(type: string, params: SearchParams): AsyncGenerator<FhirBundle>;
  /** Every resource of the search; more than `maxPages` pages is an error rather than a silent cut. */
  searchAll(type: string, params: SearchParams, options?: { maxPages?: number }): Promise<FhirResource[]>;
  /** The EHR's CapabilityStatement (`GET [base]/metadata`). */
  capabilities(): Promise<FhirResource>;
  /** Creates the resource, or with `ifNoneExist` answers the one that already matches the query. */
  create<T extends FhirResource>(resource: T, options?: { ifNoneExist?: string }): Promise<T>;
}

export type FhirClientErrorKind = 'http' | 'timeout' | 'network' | 'protocol';

export class FhirClientError extends Error {
  override name = 'FhirClientError';
  /** The HTTP status, 0 when there was no answer. */
  readonly status: number;
  readonly kind: FhirClientErrorKind;

  constructor(kind: FhirClientErrorKind, status: number, message: string) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

const FHIR_JSON = 'application/fhir+json';
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_CONCURRENCY = 4;
const DEFAULT_MAX_PAGES = 50;

/** At most `limit` tasks run at once; the others wait their turn in order. */
export function createSemaphore(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

interface FhirAnswer {
  status: number;
  body: unknown;
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: FhirResource;
  headers?: Record<string, string>;
}

interface Transport {
  fetch: typeof fetch;
  timeoutMs: number;
}

export function createFhirClient(options: FhirClientOptions): FhirClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const origin = new URL(baseUrl).origin;
  const transport = { fetch: options.fetch ?? fetch, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  const limited = createSemaphore(options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY);

  const request = (url: string, request: RequestOptions = {}): Promise<unknown> =>
    limited(async () => {
      let response = await sendOnce(transport, url, request, await options.getAccessToken());
      if (response.status === 401) {
        response = await sendOnce(transport, url, request, await options.getAccessToken({ forceRefresh: true }));
      }
      if (response.status < 200 || response.status >= 300) {
        throw new FhirClientError('http', response.status, failureMessage(response.status, response.body));
      }
      return response.body;
    });

  async function* search(type: string, params: SearchParams): AsyncGenerator<FhirBundle> {
    let url: string | undefined = `${baseUrl}/${type}?${new URLSearchParams(stringParams(params)).toString()}`;
    while (url) {
      const bundle = expectResource(await request(url), 'Bundle') as FhirBundle;
      yield bundle;
      url = nextLink(bundle, origin);
    }
  }

  return {
    baseUrl,
    async read<T extends FhirResource>(type: string, id: string) {
      return expectResource(await request(`${baseUrl}/${type}/${encodeURIComponent(id)}`), type) as T;
    },
    search,
    searchAll: (type, params, searchOptions) =>
      collectPages(search(type, params), type, searchOptions?.maxPages ?? DEFAULT_MAX_PAGES),
    async capabilities() {
      return expectResource(await request(`${baseUrl}/metadata`), 'CapabilityStatement');
    },
    async create<T extends FhirResource>(resource: T, createOptions?: { ifNoneExist?: string }) {
      const ifNoneExist = createOptions?.ifNoneExist;
      const headers: Record<string, string> = ifNoneExist ? { 'if-none-exist': ifNoneExist } : {};
      const body = await request(`${baseUrl}/${resource.resourceType}`, { method: 'POST', body: resource, headers });
      return expectResource(body, resource.resourceType) as T;
    },
  };
}

/** One HTTP exchange, the answer's body read inside the timeout too (a server can stall after its headers). */
async function sendOnce(
  transport: Transport,
  url: string,
  request: RequestOptions,
  token: string,
): Promise<FhirAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, transport.timeoutMs);
  try {
    const response = await transport.fetch(url, {
      method: request.method ?? 'GET',
      headers: {
        accept: FHIR_JSON,
        authorization: `Bearer ${token}`,
        ...(request.body ? { 'content-type': FHIR_JSON } : {}),
        ...request.headers,
      },
      body: request.body ? JSON.stringify(request.body) : undefined,
      signal: controller.signal,
    });
    return { status: response.status, body: parseJson(await response.text()) };
  } catch (error) {
    if (controller.signal.aborted) {
      throw new FhirClientError('timeout', 0, `The EHR did not answer within ${String(transport.timeoutMs)} ms`);
    }
    throw new FhirClientError('network', 0, `The EHR could not be reached (${errorName(error)})`);
  } finally {
    clearTimeout(timer);
  }
}

async function collectPages(
  pages: AsyncGenerator<FhirBundle>,
  type: string,
  maxPages: number,
): Promise<FhirResource[]> {
  const resources: FhirResource[] = [];
  let count = 0;
  for await (const bundle of pages) {
    count += 1;
    if (count > maxPages) {
      throw new FhirClientError('protocol', 0, `The ${type} search has more than ${String(maxPages)} pages`);
    }
    for (const entry of bundle.entry ?? []) if (entry.resource) resources.push(entry.resource);
  }
  return resources;
}

function expectResource(body: unknown, type?: string): FhirResource {
  if (!isResource(body) || (type !== undefined && body.resourceType !== type)) {
    throw new FhirClientError('protocol', 0, `The EHR answered something other than a ${type ?? 'FHIR resource'}`);
  }
  return body;
}

/** The next page's URL, refused when it points away from the EHR (the token must not travel elsewhere). */
function nextLink(bundle: FhirBundle, origin: string): string | undefined {
  const next = bundle.link?.find((link) => link.relation === 'next')?.url;
  if (!next) return undefined;
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    throw new FhirClientError('protocol', 0, 'The EHR gave a next page link that is not an absolute URL');
  }
  if (url.origin !== origin)
    throw new FhirClientError('protocol', 0, 'The EHR gave a next page link on another origin');
  return url.toString();
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return parseFhirJson(text);
  } catch {
    return undefined;
  }
}

/** The status and, only from an OperationOutcome, its text: a failing answer may still carry patient data. */
function failureMessage(status: number, body: unknown): string {
  const base = `The EHR answered ${status}`;
  if (!isResource(body) || body.resourceType !== 'OperationOutcome' || !Array.isArray(body.issue)) return base;
  const texts = (body.issue as unknown[])
    .map((issue) => {
      const value = issue as { details?: { text?: unknown }; diagnostics?: unknown };
      return typeof value.details?.text === 'string' ? value.details.text : undefined;
    })
    .filter((text): text is string => Boolean(text));
  return texts.length > 0 ? `${base}: ${texts.join('; ').slice(0, 300)}` : base;
}

function isResource(value: unknown): value is FhirResource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { resourceType?: unknown }).resourceType === 'string'
  );
}

function stringParams(params: SearchParams): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
}

function errorName(error: unknown): string {
  return error instanceof Error ? (error.cause instanceof Error ? error.cause.name : error.name) : 'unknown error';
}
