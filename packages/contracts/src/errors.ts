/**
 * The closed set of error codes Cairn's API answers with, and the HTTP status of each. Client and
 * server share it: components branch on `code`, never on message text (STYLE §5).
 */
export const ERROR_STATUS = {
  /** Input failed its schema: a field is malformed (spec §8 "422"). */
  VALIDATION_FAILED: 422,
  /** A required field is absent (spec §8 "MISSING_PAYLOAD_PARAMETER"). */
  MISSING_PAYLOAD_PARAMETER: 422,
  /** The body is not JSON or not an object. */
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  /** No valid credentials on a route that needs them. */
  UNAUTHENTICATED: 401,
  /** Signed in, but without the permission the route needs. */
  FORBIDDEN: 403,
  /** Absent, or belonging to another organisation (never 403 for that: its existence is not revealed). */
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  /** The database or another dependency does not answer. */
  SERVICE_UNAVAILABLE: 503,
  /** Spec §8: "Cookies are not enabled". Raised by the web client's cookie check. */
  CAIRN_COOKIES_NOT_ENABLED: 400,
  /** Spec §8: "An error occurred". Anything unexpected; details stay in the server log. */
  CAIRN_NON_SPECIFIC_ERROR: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The default message of each code; a service may give a more precise one. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid.',
  MISSING_PAYLOAD_PARAMETER: 'A required parameter is missing from the payload.',
  BAD_REQUEST: 'The request body could not be read.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNAUTHENTICATED: 'User is not authenticated',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'Someone else changed this first.',
  RATE_LIMITED: 'Too many requests, please try again later.',
  SERVICE_UNAVAILABLE: 'The service is not available, please try again later.',
  CAIRN_COOKIES_NOT_ENABLED: 'Cookies are not enabled',
  CAIRN_NON_SPECIFIC_ERROR: 'An error occurred',
};

/** One problem with one field of the input, named by its path (`filters.providerIds.0`). */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The body of every error response: `{"error":{"code","message","details"}}`. */
export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    message: string;
    details?: { issues?: FieldIssue[]; requestId?: string; [key: string]: unknown };
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
