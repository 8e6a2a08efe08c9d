import { ApiError } from '../../../lib/api-error';

/** What to tell the user when a call was refused: the server's own words when it gave them. */
export function describeApiError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return 'something went wrong; please try again';
}
