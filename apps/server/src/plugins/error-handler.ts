import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '@cairn/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * The one place that writes error responses: `{"error":{"code","message","details"}}` with the status
 * of the code. Anything unexpected becomes CAIRN_NON_SPECIFIC_ERROR with the request id; its cause
 * stays in the log, never in the response.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const appError = toAppError(error);
    if (appError) return sendError(reply, appError);
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, new AppError('CAIRN_NON_SPECIFIC_ERROR', undefined, { requestId: request.id }));
  });
}

export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0] ?? ''}`));
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorEnvelope = { error: { code: error.code, message: error.message } };
  if (error.details) body.error.details = error.details;
  return reply.status(ERROR_STATUS[error.code]).type('application/json').send(body);
}

/** Fastify's own request errors (body parsing, size, media type, rate limit) in Cairn's codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const code = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (code) return new AppError(code);
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED');
  // A JSON body that does not parse surfaces as a SyntaxError with a 400 status.
  if (fastifyError.statusCode === 400 && error instanceof SyntaxError) return new AppError('BAD_REQUEST');
  return undefined;
}
