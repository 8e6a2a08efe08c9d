import { describe, expect, it } from 'vitest';
import { camelCaseKeys, toCamelCaseKey } from './camel-case';

describe('camelCaseKeys', () => {
  it('converts snake_case and kebab-case keys at every depth', () => {
    const converted = camelCaseKeys({
      emr_username_new: 'a',
      is_admin: true,
      list: [{ date_of_birth: 'x', 'dx-code': 1 }],
    });
    expect(converted).toEqual({ emrUsernameNew: 'a', isAdmin: true, list: [{ dateOfBirth: 'x', dxCode: 1 }] });
  });

  it('keeps keys with spaces and keys with three or more dashes as they are', () => {
    expect(toCamelCaseKey('Risk Score')).toBe('Risk Score');
    expect(toCamelCaseKey('section---title')).toBe('section---title');
    expect(toCamelCaseKey('a----b')).toBe('a----b');
    expect(toCamelCaseKey('a--b')).toBe('aB');
  });

  it('leaves keys already in camelCase, leading underscores and values untouched', () => {
    expect(camelCaseKeys({ summaryId: 'snake_value', _id: 1, NID: 2 })).toEqual({
      summaryId: 'snake_value',
      _id: 1,
      NID: 2,
    });
  });
});
