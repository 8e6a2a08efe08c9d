// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineEndpoint, resultEnvelope } from '@cairn/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient, type ApiClientOptions, type TrackedFailure } from './api-client';
import type { ApiError } from './api-error';

// A real HTTP server stands in for the API: each test sets how it answers.
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let handler: Handler;
let server: Server;
let baseUrl: string;
const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ url: request.url ?? '', headers: request.headers, body });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const getUserMetadata = defineEndpoint({
  method: 'POST',
  path: '/getUserMetadata',
  summary: 'test',
  tags: [],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.object({ dataSourceId: z.string().optional() }),
  response: resultEnvelope(z.object({ is_admin: z.boolean(), emr_username_new: z.string(), 'Risk Score': z.number() })),
});

function makeClient(overrides: Partial<ApiClientOptions> = {}) {
  const failures: TrackedFailure[] = [];
  const state = { token: 'old-token', refreshes: 0, expired: 0, isSaml: false };
  const client = createApiClient({
    baseUrl,
    getToken: () => state.token,
    isSaml: () => state.isSaml,
    refreshSession: async () => {
      state.refreshes += 1;
      state.token = 'new-token';
      return state.token;
    },
    onSessionExpired: () => {
      state.expired += 1;
    },
    trackFailure: (failure) => failures.push(failure),
    ...overrides,
  });
  return { client, failures, state };
}

describe('the API client', () => {
  it('sends the token header, and converts response keys to camelCase except labels', async () => {
    handler = (_request, _body, response) =>
      json(response, 200, { result: { is_admin: true, emr_username_new: 'dr.a', 'Risk Score': 1.2 } });
    const { client } = makeClient();
    const answer = await client.call(getUserMetadata, { dataSourceId: 'ds-1' });
    expect(answer.result).toEqual({ isAdmin: true, emrUsernameNew: 'dr.a', 'Risk Score': 1.2 });
    expect(seen[0]?.headers.token).toBe('old-token');
    expect(seen[0]?.url).toBe('/api/getUserMetadata');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ dataSourceId: 'ds-1' });
  });

  it('keeps the response keys as the server sent them when asked to', async () => {
    handler = (_request, _body, response) =>
      json(response, 200, { result: { is_admin: true, emr_username_new: 'dr.a', 'Risk Score': 1.2 } });
    const { client } = makeClient();
    const answer = await client.callKeepingKeys(getUserMetadata, {});
    expect(answer.result).toEqual({ is_admin: true, emr_username_new: 'dr.a', 'Risk Score': 1.2 });
  });

  it('calls v2 paths with a Bearer header for SSO users', async () => {
    handler = (_request, _body, response) =>
      json(response, 200, { result: { is_admin: false, emr_username_new: '', 'Risk Score': 0 } });
    const { client, state } = makeClient();
    state.isSaml = true;
    await client.call(getUserMetadata, {});
    expect(seen[0]?.url).toBe('/api/v2/getUserMetadata');
    expect(seen[0]?.headers.authorization).toBe('Bearer old-token');
    expect(seen[0]?.headers.token).toBeUndefined();
  });

  it('renews the session once on 401 and retries with the new token', async () => {
    handler = (request, _body, response) =>
      request.headers.token === 'new-token'
        ? json(response, 200, { result: { is_admin: false, emr_username_new: 'x', 'Risk Score': 0 } })
        : json(response, 401, { error: { code: 'UNAUTHENTICATED', message: 'User is not authenticated' } });
    const { client, state } = makeClient();
    const answer = await client.call(getUserMetadata, {});
    expect(answer.result.emrUsernameNew).toBe('x');
    expect(state.refreshes).toBe(1);
    expect(seen.map((request) => request.headers.token)).toEqual(['old-token', 'new-token']);
  });

  it('raises a second 401 or 403 on the retry instead of looping', async () => {
    handler = (_request, _body, response) => json(response, 403, { error: { code: 'FORBIDDEN', message: 'no' } });
    const { client, state } = makeClient();
    const error = await client.call(getUserMetadata, {}).catch((caught: unknown) => caught as ApiError);
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, message: '403 Error occurred' });
    expect(seen).toHaveLength(2);
    expect(state.refreshes).toBe(1);
    expect(state.expired).toBe(0);
  });

  it('signs the user out when the session cannot be renewed', async () => {
    handler = (_request, _body, response) => json(response, 401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
    const { client, state } = makeClient({ refreshSession: async () => undefined });
    await expect(client.call(getUserMetadata, {})).rejects.toMatchObject({ status: 401 });
    expect(state.expired).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('passes a 404 on unchanged, with the server message', async () => {
    handler = (_request, _body, response) =>
      json(response, 404, { error: { code: 'NOT_FOUND', message: 'Patient not found.' } });
    const { client } = makeClient();
    await expect(client.call(getUserMetadata, {})).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: 'Patient not found.',
    });
  });

  it("names other failures '{status} Error occurred' and keeps the server's code and field", async () => {
    handler = (_request, _body, response) =>
      json(response, 422, {
        error: { code: 'VALIDATION_FAILED', message: 'Invalid isoDate', details: { issues: [{ field: 'isoDate' }] } },
      });
    const { client, failures } = makeClient();
    const error = await client
      .call(getUserMetadata, { dataSourceId: 'secret-mrn' })
      .catch((caught: unknown) => caught as ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 'VALIDATION_FAILED',
      message: '422 Error occurred',
      serverMessage: 'Invalid isoDate',
    });
    expect(failures).toEqual([
      { status: 422, url: `${baseUrl}/getUserMetadata`, payload: ['dataSourceId'], message: '422 Error occurred' },
    ]);
    expect(JSON.stringify(failures)).not.toContain('secret-mrn');
  });

  it("reports 'timeout of {n}ms exceeded'", async () => {
    handler = (_request, _body, response) => setTimeout(() => json(response, 200, { result: {} }), 300);
    const { client } = makeClient({ timeoutMs: 50 });
    await expect(client.call(getUserMetadata, {})).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'timeout of 50ms exceeded',
    });
  });

  it("reports 'Request aborted' when the caller aborts", async () => {
    handler = (_request, _body, response) => setTimeout(() => json(response, 200, { result: {} }), 300);
    const { client } = makeClient();
    const controller = new AbortController();
    const pending = client.call(getUserMetadata, {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'REQUEST_ABORTED', message: 'Request aborted' });
  });

  it("reports 'Network Error' when the server cannot be reached", async () => {
    const { client } = makeClient({ baseUrl: 'http://127.0.0.1:9/api' });
    await expect(client.call(getUserMetadata, {})).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network Error',
    });
  });

  it('cancels an older pending request when a newer one with the same key arrives', async () => {
    handler = (_request, body, response) => {
      const { dataSourceId } = JSON.parse(body) as { dataSourceId: string };
      setTimeout(
        () => json(response, 200, { result: { is_admin: false, emr_username_new: dataSourceId, 'Risk Score': 0 } }),
        100,
      );
    };
    const { client, failures } = makeClient();
    const older = client.call(getUserMetadata, { dataSourceId: 'older' }, { cancelKey: 'summaries' });
    const newer = client.call(getUserMetadata, { dataSourceId: 'newer' }, { cancelKey: 'summaries' });
    await expect(older).rejects.toMatchObject({ code: 'CANCELED', reason: 'NewerRequestArrived' });
    expect((await newer).result.emrUsernameNew).toBe('newer');
    expect(failures).toEqual([]);
  });
});
