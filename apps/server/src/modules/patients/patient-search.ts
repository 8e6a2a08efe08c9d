/**
 * What a patient lookup's search text means: a date of birth (`MM/DD/YYYY` or `YYYY-MM-DD`), or a
 * name (`last`, `first last`, `last, first`, each part a case-insensitive prefix) that may also be an
 * MRN (matched exactly).
 */
export type PatientSearch =
  | { kind: 'dateOfBirth'; date: string }
  | { kind: 'name'; mrn: string; last: string; first: string | undefined; eitherOrder: boolean };

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parsePatientSearch(searchText: string): PatientSearch {
  const text = searchText.trim().replace(/\s+/g, ' ');
  const date = parseDate(text);
  if (date) return { kind: 'dateOfBirth', date };
  const base = { mrn: text };
  if (text.includes(',')) {
    const [last = '', ...rest] = text.split(',');
    const first = rest.join(' ').trim();
    return {
      kind: 'name',
      ...base,
      last: last.trim().toLowerCase(),
      first: lowerOrUndefined(first),
      eitherOrder: false,
    };
  }
  const words = text.split(' ');
  if (words.length === 1)
    return { kind: 'name', ...base, last: text.toLowerCase(), first: undefined, eitherOrder: true };
  // "first last": the first word is the first name and the rest the last name ("Mary Ann Smith" too
  // reads both ways, so either order matches).
  const [first = '', ...lastWords] = words;
  return {
    kind: 'name',
    ...base,
    last: lastWords.join(' ').toLowerCase(),
    first: first.toLowerCase(),
    eitherOrder: true,
  };
}

function lowerOrUndefined(value: string): string | undefined {
  return value === '' ? undefined : value.toLowerCase();
}

/** A real calendar date as `YYYY-MM-DD`, or undefined. */
function parseDate(text: string): string | undefined {
  const us = US_DATE.exec(text);
  const iso = ISO_DATE.exec(text);
  const parts = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : undefined;
  if (!parts) return undefined;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const value = new Date(Date.UTC(year, month - 1, day));
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== day) {
    return undefined;
  }
  return value.toISOString().slice(0, 10);
}

/** Escapes LIKE's wildcards so that a typed `%` or `_` matches itself. */
export function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
