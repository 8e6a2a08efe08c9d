import { defineEndpoint, resultEnvelope } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from './lib/route';
import { call, callWithAnyBody, tokenFor } from './testing/api';
import { buildTestApp, type TestApp } from './testing/build-test-app';
import { createOrganisation } from './testing/factories';

const echoProviders = defineEndpoint({
  method: 'POST',
  path: '/testEchoProviders',
  summary: 'test endpoint that needs a user',
  tags: ['test'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ isoDate: z.iso.date(), providerIds: z.array(z.uuid()).max(3) }),
  response: resultEnvelope(z.object({ count: z.number(), organisationId: z.string() })),
});

const adminOnly = defineEndpoint({
  method: 'POST',
  path: '/testAdminTool',
  summary: 'test endpoint that needs admin_tool',
  tags: ['test'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  body: z.strictObject({}),
  response: resultEnvelope(z.boolean()),
});

let test: TestApp;
let organisationId: string;

beforeAll(async () => {
  test = await buildTestApp({
    extraApiRoutes: (api) => {
      route(api, echoProviders, async ({ body, request }) => ({
        result: { count: body.providerIds.length, organisationId: request.auth?.organisationId ?? '' },
      }));
      route(api, adminOnly, async () => ({ result: true }));
      api.post('/testCrash', async () => {
        throw new Error('patient Jane Doe exploded');
      });
    },
  });
  organisationId = (await createOrganisation(test.app.database.db)).id;
});

afterAll(async () => {
  await test.app.close();
});

describe('health', () => {
  it('answers ok when the database answers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('authentication', () => {
  it('refuses a product route without a token with 401 and the envelope', async () => {
    const response = await callWithAnyBody(test.app, echoProviders, { body: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'User is not authenticated' } });
  });

  it('refuses a forged token', async () => {
    const response = await call(test.app, echoProviders, {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
      body: { isoDate: '2026-11-21', providerIds: [] },
    });
    expect(response.statusCode).toBe(401);
  });

  it('accepts the token header and the Bearer header on the v2 path', async () => {
    const { token } = await tokenFor(test.app, { organisationId });
    const body = { isoDate: '2026-11-21', providerIds: ['6f1c6e3e-8a55-4c1b-9a51-0d5c7d0f7a11'] };
    const plain = await call(test.app, echoProviders, { token, body });
    const sso = await call(test.app, echoProviders, { token, body, isV2: true });
    expect(plain.json()).toEqual({ result: { count: 1, organisationId } });
    expect(sso.json()).toEqual(plain.json());
  });

  it('refuses a route needing a permission the user lacks, and lets an admin through', async () => {
    const coder = await call(test.app, adminOnly, await tokenFor(test.app, { organisationId, view: 'Coder' }));
    const holder = await call(
      test.app,
      adminOnly,
      await tokenFor(test.app, { organisationId, permissions: ['admin_tool'] }),
    );
    const asAdmin = await call(test.app, adminOnly, await tokenFor(test.app, { organisationId, isAdmin: true }));
    expect(coder.statusCode).toBe(403);
    expect(coder.json().error.code).toBe('FORBIDDEN');
    expect(holder.statusCode).toBe(200);
    expect(asAdmin.statusCode).toBe(200);
  });
});

describe('validation', () => {
  it('names the missing field with MISSING_PAYLOAD_PARAMETER', async () => {
    const { token } = await tokenFor(test.app, { organisationId });
    const response = await callWithAnyBody(test.app, echoProviders, { token, body: { providerIds: [] } });
    expect(response.statusCode).toBe(422);
    const { error } = response.json();
    expect(error.code).toBe('MISSING_PAYLOAD_PARAMETER');
    expect(error.message).toContain('isoDate');
    expect(error.details.issues).toEqual([{ field: 'isoDate', message: 'Required' }]);
  });

  it('names a malformed nested field with VALIDATION_FAILED', async () => {
    const { token } = await tokenFor(test.app, { organisationId });
    const body = { isoDate: '2026-11-21', providerIds: ['not-a-uuid'] };
    const response = await call(test.app, echoProviders, { token, body });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.details.issues[0].field).toBe('providerIds.0');
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/log',
      headers: { 'content-type': 'application/json' },
      payload: '{"message": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });
});

describe('errors', () => {
  it('hides an unexpected error behind CAIRN_NON_SPECIFIC_ERROR with the request id', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/testCrash',
      headers: { 'x-request-id': 'r-42' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'CAIRN_NON_SPECIFIC_ERROR', message: 'An error occurred', details: { requestId: 'r-42' } },
    });
    expect(response.body).not.toContain('Jane');
  });

  it('answers an unknown API path with 404 NOT_FOUND', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/noSuchCall' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy and friends on every response', async () => {
    for (const url of ['/healthz', '/api/noSuchCall']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeDefined();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every product route with its schema at /api/docs', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const document = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = document.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/api/log'].post.requestBody).toBeDefined();
    expect(spec.paths['/api/addonHealthPing'].post.summary).toContain('add-on');
  });
});
