import { vi } from 'vitest';

/** One request the web sent, as the stub saw it. `path` is the part after `/api` (`/v2/...` for SSO users). */
export interface RecordedCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

export interface ApiAnswer {
  status?: number;
  body: unknown;
}

/** Answers one path. It may return a promise that settles later; an aborted request rejects as the browser's would. */
export type ApiHandler = (body: Record<string, unknown>, call: RecordedCall) => ApiAnswer | Promise<ApiAnswer>;

/** How a path is answered: the answer itself, or a handler that works it out from the request. */
export type ApiAnswers = Record<string, ApiHandler | ApiAnswer>;

export interface ApiStub {
  /** Every call answered or not, in the order sent. */
  calls: RecordedCall[];
  /** The calls to one path. */
  callsTo: (path: string) => RecordedCall[];
  /** The stub as a `fetch`, for the sign-in flows that take one (SSO, EHR launch). */
  fetch: typeof fetch;
}

/** The product API's success envelope. */
export function result(value: unknown): ApiAnswer {
  return { body: { result: value } };
}

/** The product API's error envelope with its status. */
export function failure(status: number, code = 'CAIRN_NON_SPECIFIC_ERROR', message = 'x'): ApiAnswer {
  return { status, body: { error: { code, message } } };
}

/** A visit's page follows its real-time events: it asks for a ticket before opening its socket. */
export const REALTIME_TICKET: ApiAnswers = { '/realtime/ticket': result({ ticket: 'ticket-1' }) };

/** The login page asks which identity provider to offer ("Sign in with {name}"): here none. */
export const NO_SSO_PROVIDERS: ApiAnswers = { '/auth/sso/providers': result({ providers: [] }) };

/** A visit's cart asks whether its EHR encounter takes diagnoses: here it does. */
export const LINKED_ENCOUNTER: ApiAnswers = {
  '/getEncounterStatus': result({ encounterId: 'enc-1', status: 'in-progress', isPushable: true }),
};

const unexpectedCalls: string[] = [];

/**
 * Answers the web's API calls in a test by path (the part after `/api`), and records them. It
 * replaces the global `fetch` until the test ends. A call with no handler is answered 501 and fails
 * the test when it ends, naming the call: a test never passes on a call it did not expect.
 */
export function answerApi(answers: ApiAnswers): ApiStub {
  const calls: RecordedCall[] = [];
  const stubFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call = recordCall(input, init);
    calls.push(call);
    const handler = answers[call.path];
    if (handler === undefined) {
      unexpectedCalls.push(`${call.method} ${call.path} ${JSON.stringify(call.body)}`);
      return json({ error: { code: 'CAIRN_NON_SPECIFIC_ERROR', message: `No answer for ${call.path}` } }, 501);
    }
    const answer = await untilAborted(
      Promise.resolve(typeof handler === 'function' ? handler(call.body, call) : handler),
      call.signal,
    );
    return json(answer.body, answer.status ?? 200);
  };
  vi.stubGlobal('fetch', stubFetch);
  return {
    calls,
    callsTo: (path) => calls.filter((call) => call.path === path),
    fetch: stubFetch,
  };
}

/** Called before each test (testing/setup.ts): nothing is answered, and nothing unexpected is held over. */
export function resetApiStub(): void {
  unexpectedCalls.length = 0;
  answerApi({});
}

/**
 * Called after each test (testing/setup.ts, which also answers nothing before each test, so that a
 * test with no stub of its own fails on any call it makes): fails the test when the web made a call
 * no handler answered.
 */
export function checkNoUnexpectedApiCalls(): void {
  const unexpected = unexpectedCalls.splice(0);
  if (unexpected.length > 0) {
    throw new Error(`The test made API calls it did not answer:\n  ${unexpected.join('\n  ')}`);
  }
}

function recordCall(input: RequestInfo | URL, init: RequestInit | undefined): RecordedCall {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const rawBody = typeof init?.body === 'string' ? init.body : '{}';
  return {
    method: init?.method ?? 'GET',
    path: url.replace(/^.*?\/api(?=\/)/, '').replace(/\?.*$/, ''),
    body: JSON.parse(rawBody) as Record<string, unknown>,
    headers: (init?.headers ?? {}) as Record<string, string>,
    signal: init?.signal ?? undefined,
  };
}

function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  return Promise.race([
    answer,
    new Promise<never>((_resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort);
    }),
  ]);
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
