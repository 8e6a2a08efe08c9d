import type { ErrorCode } from '@cairn/contracts';

/** Failures that happen before any answer from the server. */
export type RequestErrorCode = 'REQUEST_ABORTED' | 'NETWORK_ERROR' | 'TIMEOUT' | 'CANCELED';

/** Why a pending request was cancelled by the client itself (spec §4). */
export const NEWER_REQUEST_ARRIVED = 'NewerRequestArrived';

/**
 * A failed API call. Components branch on `code`, never on `message`: for HTTP failures the message
 * is the spec's '{status} Error occurred' (404 excepted: passed through as the server said it), and
 * `serverMessage` keeps what the server said (for instance which field is invalid).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode | RequestErrorCode;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  /** For CANCELED: the reason given, such as NewerRequestArrived. */
  readonly reason: string | undefined;

  constructor(options: {
    code: ErrorCode | RequestErrorCode;
    message: string;
    status?: number;
    serverMessage?: string;
    details?: Record<string, unknown>;
    reason?: string;
  }) {
    super(options.message);
    this.code = options.code;
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.details = options.details;
    this.reason = options.reason;
  }

  get isCanceled(): boolean {
    return this.code === 'CANCELED';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
