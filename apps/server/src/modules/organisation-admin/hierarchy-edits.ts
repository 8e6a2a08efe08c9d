import { HAND_ADDED_SOURCE, type EditState } from './organisation-admin.repository';

/**
 * An administrator's edits of a synced clinic, department or provider (issue 17 item 2), field by
 * field: a synced field given a new value in Cairn is edited, and the sync then leaves it as it is and
 * records the source's value beside it (ingestion's upsert); given the source's value back, it follows
 * the source again. Rows added by hand have no source to follow.
 */

export type FieldValues<Field extends string> = Record<Field, string | null>;

export interface EditOutcome<Field extends string> {
  state: EditState;
  /** Fields this save made edited. */
  edited: Field[];
  /** Fields this save gave back to the source (their value is the source's again). */
  released: Field[];
}

export const isSynced = (row: { source: string }): boolean => row.source !== HAND_ADDED_SOURCE;

/**
 * The edit state after a save of `after` over `before`. A field not edited before holds the source's
 * value, so that value is recorded as the source's when the sync has not recorded one yet (a row synced
 * before Cairn kept them, or written by the demo's seed).
 */
export function editStateAfterSave<Field extends string>(options: {
  fields: readonly Field[];
  before: FieldValues<Field> & EditState & { source: string };
  after: FieldValues<Field>;
}): EditOutcome<Field> {
  const { fields, before, after } = options;
  const outcome: EditOutcome<Field> = { state: { editedFields: [], ehrValues: null }, edited: [], released: [] };
  if (!isSynced(before)) return outcome;
  const ehrValues = { ...before.ehrValues };
  const editedFields = new Set(before.editedFields);
  for (const field of fields) {
    if (before[field] === after[field]) continue;
    if (!editedFields.has(field) && !(field in ehrValues)) ehrValues[field] = before[field];
    if (ehrValues[field] === after[field]) {
      if (editedFields.delete(field)) outcome.released.push(field);
    } else if (!editedFields.has(field)) {
      editedFields.add(field);
      outcome.edited.push(field);
    }
  }
  outcome.state = { editedFields: [...editedFields], ehrValues };
  return outcome;
}

/** Why a field cannot be given back to the source, or undefined when it can. */
export function whyNotRevertible(row: EditState & { source: string }, field: string): string | undefined {
  if (!isSynced(row)) return 'This row was added in Cairn: there is no EHR value to use.';
  if (!row.editedFields.includes(field)) return 'This field was not edited in Cairn: it already follows the EHR.';
  if (!row.ehrValues || !(field in row.ehrValues)) return 'The EHR has not given this field yet.';
  return undefined;
}

/** The edited fields of a row as the admin tool shows them: each with the source's value, in words too. */
export function editedFieldsOf<Field extends string>(
  row: EditState,
  fields: readonly Field[],
  display: (field: Field, value: string | null) => string | null = (_field, value) => value,
): { field: Field; ehrValue: string | null; ehrDisplay: string | null }[] {
  return fields
    .filter((field) => row.editedFields.includes(field))
    .map((field) => {
      const ehrValue = row.ehrValues?.[field] ?? null;
      return { field, ehrValue, ehrDisplay: display(field, ehrValue) };
    });
}
