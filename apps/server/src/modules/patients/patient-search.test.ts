import { describe, expect, it } from 'vitest';
import { likePrefix, parsePatientSearch } from './patient-search';

describe('parsePatientSearch', () => {
  it('reads a real date of birth in either format', () => {
    expect(parsePatientSearch('3/7/1950')).toEqual({ kind: 'dateOfBirth', date: '1950-03-07' });
    expect(parsePatientSearch(' 1950-03-07 ')).toEqual({ kind: 'dateOfBirth', date: '1950-03-07' });
  });

  it('reads an impossible date as a name or MRN', () => {
    expect(parsePatientSearch('02/30/1950').kind).toBe('name');
  });

  it('reads "last, first" in that order only, and "first last" either way', () => {
    expect(parsePatientSearch('Lovelace, Ada')).toMatchObject({ last: 'lovelace', first: 'ada', eitherOrder: false });
    expect(parsePatientSearch('Ada  Lovelace')).toMatchObject({ last: 'lovelace', first: 'ada', eitherOrder: true });
    expect(parsePatientSearch('Love')).toMatchObject({ last: 'love', first: undefined, mrn: 'Love' });
  });
});

describe('likePrefix', () => {
  it('escapes the wildcards of LIKE', () => {
    expect(likePrefix('50%_a\\b')).toBe('50\\%\\_a\\\\b%');
  });
});
