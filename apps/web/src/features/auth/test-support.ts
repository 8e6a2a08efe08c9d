import { vi } from 'vitest';

/** An unsigned JWT with the given claims: the web reads claims, only the server verifies signatures. */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A login token of a provider, valid for `minutes` more. */
export function providerToken(minutes = 15, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeToken({
    sub: 'user-1',
    iat: now,
    exp: now + minutes * 60,
    email: 'dr.rivera@clinic.test',
    permissions: JSON.stringify({ view: 'Provider' }),
    analyticsMetadata: JSON.stringify({ first_name: 'Ana', last_name: 'Rivera' }),
    ...claims,
  });
}

export interface RecordedCall {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

type Handler = (
  body: Record<string, unknown>,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * Answers the web's API calls in a unit test by path under /api, and records them. Unknown paths
 * answer 404, so that a test never passes on a call it did not expect.
 */
export function answerApi(handlers: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*?\/api/, '');
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    calls.push({ path, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = handlers[path];
    const answer = handler
      ? await handler(body)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export function result(value: unknown): { body: unknown } {
  return { body: { result: value } };
}

/**
 * A server answering each path with the given status and body, recording what it was sent: a `fetch`
 * to hand to the sign-in flows (SSO, EHR launch). Unknown paths answer 404.
 */
export function serverAnswering(answers: Record<string, { status?: number; body: unknown }>) {
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const fetchImpl = vi.fn(async (path: string, init?: { body?: string }) => {
    requests.push({ path, body: JSON.parse(init?.body ?? '{}') as Record<string, unknown> });
    const answer = answers[path];
    if (!answer) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetchImpl as unknown as typeof fetch, requests };
}
