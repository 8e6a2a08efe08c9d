import { ApiError } from '../../../lib/api-error';

/**
 * What to tell the user when a call was refused: the server's own words when it gave them (a 409
 * conflict names who changed the diagnosis first), else the spec's '{status} Error occurred'.
 */
export function describeApiError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return 'Something went wrong; please try again';
}
