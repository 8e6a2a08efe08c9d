import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addonHealthPing, postLog } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callWithAnyBody } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

let test: TestApp;
let webDist: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'cairn-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Cairn</title><div id="root"></div>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  test = await buildTestApp({
    env: { CAIRN_WEB_DIST: webDist, CAIRN_RATE_LIMIT_ALLOW_LIST: '10.20.30.40' },
    logger: {
      level: 'trace',
      stream: { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  });
});

afterAll(async () => {
  await test.app.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('POST /api/log', () => {
  it('takes the application logger shape and writes it to the server log at its level', async () => {
    const response = await call(test.app, postLog, {
      body: { message: 'schedule failed to render', extras: { page: 'schedule' }, username: 'coder1', logLevel: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });
    const line = logLines.find((entry) => entry.msg === 'schedule failed to render');
    expect(line).toMatchObject({ level: 40, client: { username: 'coder1', extras: { page: 'schedule' } } });
  });

  it('takes the event shape', async () => {
    const response = await call(test.app, postLog, {
      body: { event_type: 'SlownessOptimization', info: { ms: 1200 } },
    });
    expect(response.statusCode).toBe(200);
    expect(
      logLines.some(
        (entry) => (entry.client as { eventType?: string } | undefined)?.eventType === 'SlownessOptimization',
      ),
    ).toBe(true);
  });

  it('rejects any other shape with 422', async () => {
    for (const body of [{ message: 'x' }, { message: 'x', logLevel: 9 }, { event_type: 'x', extra: 1 }, {}]) {
      const response = await callWithAnyBody(test.app, postLog, { body });
      expect(response.statusCode).toBe(422);
    }
  });

  it('never logs request bodies', async () => {
    await call(test.app, postLog, { body: { event_type: 'x', info: { secret: 'MRN-77' } } });
    const requestLines = logLines.filter((entry) => entry.req !== undefined || entry.res !== undefined);
    expect(requestLines.length).toBeGreaterThan(0);
    expect(JSON.stringify(requestLines)).not.toContain('MRN-77');
    expect(requestLines.every((entry) => typeof entry.reqId === 'string')).toBe(true);
  });
});

describe('request logs', () => {
  it('name the path but never the query string, which may carry an authorization code', async () => {
    await test.app.inject({ method: 'GET', url: '/sso?code=SECRET-CODE-42&state=abc' });
    const requestLines = logLines.filter((entry) => entry.req !== undefined);
    expect(requestLines.some((entry) => (entry.req as { path?: string }).path === '/sso')).toBe(true);
    expect(JSON.stringify(logLines)).not.toContain('SECRET-CODE-42');
  });
});

describe('the web app', () => {
  it('falls back to index.html for client routes', async () => {
    for (const url of ['/', '/schedule', '/patient/2b1d/dx-summary', '/overlay/login']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('does not answer API paths with the page', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/getSomething' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('POST /api/addonHealthPing', () => {
  it('answers without a token', async () => {
    const response = await call(test.app, addonHealthPing);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.status).toBe('ok');
  });
});

describe('abuse', () => {
  it('rate-limits the public log endpoint per address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 125; index += 1) {
      const response = await call(test.app, postLog, { remoteAddress: '10.9.8.7', body: { event_type: 'flood' } });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const allowed = [];
    for (let index = 0; index < 125; index += 1) {
      const response = await call(test.app, postLog, { remoteAddress: '10.20.30.40', body: { event_type: 'monitor' } });
      allowed.push(response.statusCode);
    }
    expect(allowed.every((status) => status === 200)).toBe(true);
    const limited = await call(test.app, postLog, { remoteAddress: '10.9.8.7', body: { event_type: 'x' } });
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});
