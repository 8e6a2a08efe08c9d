import { isErrorCode, type Endpoint, type EndpointInput, type EndpointResponse } from '@cairn/contracts';
import { env } from '../config/env';
import { ApiError } from './api-error';

/**
 * A public sign-in call (SSO, EHR launch) straight to the server, not through the app's client: a 401
 * here is a refused sign-in, and must not trigger the client's renew-and-retry of some other stored
 * session. A refusal is an `ApiError` with the server's code, message and details.
 */
export async function postPublic<E extends Endpoint>(
  fetchImpl: typeof fetch,
  endpoint: E,
  input: EndpointInput<E>,
): Promise<EndpointResponse<E>> {
  let response: Response;
  try {
    response = await fetchImpl(`${env.apiUrl}${endpoint.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError({ code: 'NETWORK_ERROR', message: 'Network Error' });
  }
  const body = (await response.json().catch(() => undefined)) as
    { error?: { code?: unknown; message?: string; details?: Record<string, unknown> } } | undefined;
  if (!response.ok) {
    const error = body?.error;
    throw new ApiError({
      code: isErrorCode(error?.code) ? error.code : 'CAIRN_NON_SPECIFIC_ERROR',
      message: `${response.status} Error occurred`,
      status: response.status,
      serverMessage: error?.message,
      details: error?.details,
    });
  }
  return body as EndpointResponse<E>;
}
