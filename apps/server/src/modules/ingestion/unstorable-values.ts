import { findUnstorableStrings, isUnstorableString } from '@cairn/contracts';
import type { MappedRow } from '../../integrations/fhir/fhir-mapping';

const CANNOT_BE_STORED = 'contains a character that cannot be stored (NUL or a lone surrogate)';

/**
 * Why a FHIR resource cannot be stored as the EHR sent it (a NUL or a lone surrogate, which PostgreSQL
 * refuses, would fail the whole import's transaction), naming the place and never the content; or
 * `undefined`.
 */
export function unstorableResourceReason(resource: unknown): string | undefined {
  const [found] = findUnstorableStrings(resource, 1);
  if (!found) return undefined;
  const place = found.path.map(String).join('.');
  if (found.isKey) return `a key of ${place || 'the resource'} ${CANNOT_BE_STORED}`;
  return `${place || 'the resource'} ${CANNOT_BE_STORED}`;
}

/** The id a rejection may report: one that cannot be stored is not repeated either. */
export function reportableId(id: string | undefined): string | null {
  return id === undefined || isUnstorableString(id) ? null : id;
}

/**
 * Why a resource's rows cannot be written, by table and column; or `undefined`. Rows hold values
 * that are not in the resource itself: a document's text read from its attachment, values taken from
 * the resources it references.
 */
export function unstorableRowsReason(rows: readonly MappedRow[]): string | undefined {
  for (const row of rows) {
    const columns: Record<string, unknown> = { ...row.values, ...row.refs, appointment: row.appointmentSourceIds };
    for (const [column, value] of Object.entries(columns)) {
      if (findUnstorableStrings(value, 1).length > 0) return `${row.table}.${column} ${CANNOT_BE_STORED}`;
    }
  }
  return undefined;
}
