import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSandboxRepository } from './fhir/sandbox-repository.js';
import { ehrSandbox } from './plugin.js';
import { CLIENT, PUBLIC_URL } from './testing/sandbox-test-app.js';

describe('the sandbox mounted in a host server', () => {
  it('keeps its own FHIR errors and body parsers beside the host’s', async () => {
    const host = Fastify();
    host.setErrorHandler((_error, _request, reply) => reply.code(500).send({ error: { code: 'HOST' } }));
    host.addContentTypeParser('application/fhir+json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, JSON.parse(body as string) as unknown);
    });
    host.get('/api/ping', async () => ({ ok: true }));
    await host.register(ehrSandbox, {
      prefix: '/sandbox',
      publicUrl: PUBLIC_URL,
      clients: [CLIENT],
      repository: createSandboxRepository(),
    });

    const broken = await host.inject({
      method: 'POST',
      url: '/sandbox/auth/launch',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    expect((await host.inject({ method: 'GET', url: '/api/ping' })).json()).toEqual({ ok: true });
    expect((await host.inject({ method: 'GET', url: '/sandbox/fhir/metadata' })).statusCode).toBe(200);
  });
});
