import { ERROR_MESSAGES, type ErrorCode, type FieldIssue } from '@cairn/contracts';

/**
 * The one error a service throws. The error handler turns it into the envelope
 * `{"error":{"code","message","details"}}` with the code's HTTP status. Messages must never carry
 * patient data: they reach the browser and the log.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string = ERROR_MESSAGES[code], details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }

  static validation(issues: FieldIssue[]): AppError {
    const missing = issues.filter((issue) => issue.message === 'Required');
    if (missing.length > 0 && missing.length === issues.length) {
      const fields = missing.map((issue) => issue.field).join(', ');
      return new AppError('MISSING_PAYLOAD_PARAMETER', `A required parameter is missing from the payload: ${fields}`, {
        issues,
      });
    }
    const first = issues[0];
    const message = first ? `Invalid ${first.field || 'body'}: ${first.message}` : ERROR_MESSAGES.VALIDATION_FAILED;
    return new AppError('VALIDATION_FAILED', message, { issues });
  }
}
