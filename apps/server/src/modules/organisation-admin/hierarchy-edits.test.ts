import { describe, expect, it } from 'vitest';
import { editedFieldsOf, editStateAfterSave, whyNotRevertible } from './hierarchy-edits';

const FIELDS = ['firstName', 'lastName'] as const;
const synced = {
  source: 'EHR',
  firstName: 'Maya',
  lastName: 'Rivera',
  editedFields: [] as string[],
  ehrValues: { firstName: 'Maya', lastName: 'Rivera' } as Record<string, string | null> | null,
};

describe("an administrator's save of a synced row", () => {
  it('marks only the fields it changes as edited, keeping the EHR values', () => {
    const outcome = editStateAfterSave({
      fields: FIELDS,
      before: synced,
      after: { firstName: 'Maya', lastName: 'Stone' },
    });
    expect(outcome).toEqual({
      state: { editedFields: ['lastName'], ehrValues: { firstName: 'Maya', lastName: 'Rivera' } },
      edited: ['lastName'],
      released: [],
    });
  });

  it("gives a field back to the EHR when it is set to the EHR's value", () => {
    const before = { ...synced, lastName: 'Stone', editedFields: ['lastName'] };
    const outcome = editStateAfterSave({ fields: FIELDS, before, after: { firstName: 'Maya', lastName: 'Rivera' } });
    expect(outcome).toMatchObject({ state: { editedFields: [] }, released: ['lastName'] });
  });

  it("keeps an edited field edited when it changes again, and the EHR's value as it was", () => {
    const before = { ...synced, lastName: 'Stone', editedFields: ['lastName'] };
    const outcome = editStateAfterSave({
      fields: FIELDS,
      before,
      after: { firstName: 'Maya', lastName: 'Stone-Rivera' },
    });
    expect(outcome).toEqual({
      state: { editedFields: ['lastName'], ehrValues: synced.ehrValues },
      edited: [],
      released: [],
    });
  });

  it('takes the value before the first edit as the EHR value when no sync recorded one', () => {
    const before = { ...synced, ehrValues: null };
    const outcome = editStateAfterSave({ fields: FIELDS, before, after: { firstName: 'May', lastName: 'Rivera' } });
    expect(outcome.state).toEqual({ editedFields: ['firstName'], ehrValues: { firstName: 'Maya' } });
  });

  it('records nothing for a row added by hand', () => {
    const before = { ...synced, source: 'CAIRN', ehrValues: null };
    const outcome = editStateAfterSave({ fields: FIELDS, before, after: { firstName: 'May', lastName: 'Stone' } });
    expect(outcome).toEqual({ state: { editedFields: [], ehrValues: null }, edited: [], released: [] });
  });
});

describe('the edited fields shown and given back', () => {
  it("shows each edited field with the EHR's value, in words when asked", () => {
    const row = { editedFields: ['lastName'], ehrValues: { lastName: 'Rivera' } };
    expect(editedFieldsOf(row, FIELDS, (_field, value) => value?.toUpperCase() ?? null)).toEqual([
      { field: 'lastName', ehrValue: 'Rivera', ehrDisplay: 'RIVERA' },
    ]);
  });

  it('gives back only an edited field of a synced row whose EHR value is known', () => {
    expect(whyNotRevertible({ ...synced, editedFields: ['lastName'] }, 'lastName')).toBeUndefined();
    expect(whyNotRevertible(synced, 'lastName')).toMatch(/not edited/);
    expect(whyNotRevertible({ ...synced, source: 'CAIRN' }, 'lastName')).toMatch(/added in Cairn/);
    expect(whyNotRevertible({ ...synced, editedFields: ['lastName'], ehrValues: null }, 'lastName')).toMatch(
      /not given/,
    );
  });
});
