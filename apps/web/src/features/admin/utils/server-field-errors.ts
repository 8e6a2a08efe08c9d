import { isApiError } from '../../../lib/api-error';

export interface ServerFieldError<Name> {
  name: Name;
  errors: string[];
}

const firstSegment = (field: string): string => field.split('.')[0] ?? '';

/**
 * The form fields the server named in a refusal: a 409's `details.field` (a taken username, name or
 * domain) with its message, or each of a 422's `details.issues`, at the field `nameOf` gives its path
 * (by default the path's first segment: `providerIds.1` is `providerIds`). None for any other error.
 */
export function serverFieldErrors<Name = string>(
  error: unknown,
  nameOf: (field: string) => Name = firstSegment as (field: string) => Name,
): ServerFieldError<Name>[] {
  if (!isApiError(error)) return [];
  const details = error.details as { field?: string; issues?: { field: string; message: string }[] } | undefined;
  if (details?.field) return [{ name: nameOf(details.field), errors: [error.serverMessage ?? error.message] }];
  return (details?.issues ?? []).map((issue) => ({ name: nameOf(issue.field), errors: [issue.message] }));
}
