import { isErrorCode, type Endpoint, type EndpointInput, type EndpointResponse } from '@cairn/contracts';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../config/constants';
import { ApiError, NEWER_REQUEST_ARRIVED } from './api-error';
import { camelCaseKeys, type CamelCased } from './camel-case';

/** What is recorded of every failed call (spec §8). Payload values are left out: they may hold patient data. */
export interface TrackedFailure {
  status: number | undefined;
  url: string;
  payload: string[];
  message: string;
}

export interface ApiClientOptions {
  /** Where the API lives, `/api` when served by Cairn's own server. */
  baseUrl: string;
  timeoutMs?: number;
  getToken(): string | undefined;
  /** SSO users call `/v2/...` paths with a Bearer header (spec §6). */
  isSaml(): boolean;
  /** Renews the session; the new token, or `undefined` when it cannot be renewed. */
  refreshSession(): Promise<string | undefined>;
  /** The session could not be renewed: reset it and sign the user out. */
  onSessionExpired(): void;
  trackFailure(failure: TrackedFailure): void;
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** A newer call with the same key cancels the older one still pending (reason NewerRequestArrived). */
  cancelKey?: string;
  timeoutMs?: number;
}

export type ApiResult<E extends Endpoint> = CamelCased<EndpointResponse<E>>;

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions): Promise<ApiResult<E>>;
  /**
   * The same call with the response's keys as the server sent them: for answers whose keys are data
   * (flag names such as `configuration_FrontendTabs`, the keys of `cairn_user_features`), which an
   * administrator edits and sends back.
   */
  callKeepingKeys<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<EndpointResponse<E>>;
}

/**
 * The web's one way to the API. On 401 or 403 it renews the session once and retries; if renewal
 * fails the user is signed out; a second 401 or 403 is raised. Response keys arrive in camelCase.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const pendingByKey = new Map<string, AbortController>();
  let refreshing: Promise<string | undefined> | undefined;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  function refreshOnce(): Promise<string | undefined> {
    refreshing ??= options.refreshSession().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function send(endpoint: Endpoint, input: unknown, call: CallOptions, token: string | undefined) {
    const useV2 = options.isSaml() && endpoint.v2 === true;
    const url = `${options.baseUrl}${useV2 ? '/v2' : ''}${endpoint.path}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers[options.isSaml() ? 'authorization' : 'token'] = options.isSaml() ? `Bearer ${token}` : token;
    const hasBody = endpoint.method !== 'GET';
    if (hasBody) headers['content-type'] = 'application/json';
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const response = await withAbort(url, call, timeoutMs, (signal) =>
      doFetch(url, {
        method: endpoint.method,
        headers,
        body: hasBody ? JSON.stringify(input ?? {}) : undefined,
        signal,
      }),
    );
    return { url, response };
  }

  async function withAbort(
    url: string,
    call: CallOptions,
    timeoutMs: number,
    run: (signal: AbortSignal) => Promise<Response>,
  ): Promise<Response> {
    const controller = new AbortController();
    if (call.cancelKey) {
      pendingByKey.get(call.cancelKey)?.abort(NEWER_REQUEST_ARRIVED);
      pendingByKey.set(call.cancelKey, controller);
    }
    const onCallerAbort = () => controller.abort('REQUEST_ABORTED');
    call.signal?.addEventListener('abort', onCallerAbort);
    const timer = setTimeout(() => controller.abort('TIMEOUT'), timeoutMs);
    try {
      if (call.signal?.aborted) controller.abort('REQUEST_ABORTED');
      return await run(controller.signal);
    } catch (error) {
      throw requestError(controller.signal, error, timeoutMs, url);
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onCallerAbort);
      if (call.cancelKey && pendingByKey.get(call.cancelKey) === controller) pendingByKey.delete(call.cancelKey);
    }
  }

  async function callKeepingKeys<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    callOptions: CallOptions = {},
  ): Promise<EndpointResponse<E>> {
    const payloadKeys = input !== null && typeof input === 'object' ? Object.keys(input) : [];
    let url = `${options.baseUrl}${endpoint.path}`;
    try {
      let sent = await send(endpoint, input, callOptions, options.getToken());
      url = sent.url;
      if (sent.response.status === 401 || sent.response.status === 403) {
        const token = await refreshOnce();
        if (!token) {
          options.onSessionExpired();
          throw await httpError(sent.response);
        }
        sent = await send(endpoint, input, callOptions, token);
      }
      if (!sent.response.ok) throw await httpError(sent.response);
      return (await sent.response.json()) as EndpointResponse<E>;
    } catch (error) {
      const apiError =
        error instanceof ApiError ? error : new ApiError({ code: 'NETWORK_ERROR', message: 'Network Error' });
      if (!apiError.isCanceled) {
        options.trackFailure({ status: apiError.status, url, payload: payloadKeys, message: apiError.message });
      }
      throw apiError;
    }
  }

  async function call<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    callOptions: CallOptions = {},
  ): Promise<ApiResult<E>> {
    return camelCaseKeys(await callKeepingKeys(endpoint, input, callOptions));
  }

  return { call, callKeepingKeys };
}

function requestError(signal: AbortSignal, error: unknown, timeoutMs: number, url: string): ApiError {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if (reason === 'TIMEOUT') return new ApiError({ code: 'TIMEOUT', message: `timeout of ${timeoutMs}ms exceeded` });
    if (reason === NEWER_REQUEST_ARRIVED) {
      return new ApiError({ code: 'CANCELED', message: 'canceled', reason: NEWER_REQUEST_ARRIVED });
    }
    return new ApiError({ code: 'REQUEST_ABORTED', message: 'Request aborted' });
  }
  if (error instanceof ApiError) return error;
  return new ApiError({ code: 'NETWORK_ERROR', message: 'Network Error', details: { url } });
}

/** 404 is passed on as the server said it; every other status becomes '{status} Error occurred'. */
async function httpError(response: Response): Promise<ApiError> {
  const envelope = await readEnvelope(response);
  const code = isErrorCode(envelope?.code) ? envelope.code : 'CAIRN_NON_SPECIFIC_ERROR';
  const serverMessage = envelope?.message;
  const message = response.status === 404 ? (serverMessage ?? 'Not found.') : `${response.status} Error occurred`;
  return new ApiError({ code, message, status: response.status, serverMessage, details: envelope?.details });
}

async function readEnvelope(
  response: Response,
): Promise<{ code?: unknown; message?: string; details?: Record<string, unknown> } | undefined> {
  try {
    const body = (await response.json()) as {
      error?: { code?: unknown; message?: string; details?: Record<string, unknown> };
    };
    return body.error;
  } catch {
    return undefined;
  }
}
