import { describe, expect, it } from 'vitest';
import { parseScimFilter } from './scim-filter';

const USER_ATTRIBUTES = ['userName', 'externalId', 'email', 'id', 'displayName'] as const;

describe('parseScimFilter', () => {
  it('reads userName eq with any case of attribute and operator, and escaped quotes', () => {
    expect(parseScimFilter('UserName EQ "a\\"b@x.example"', USER_ATTRIBUTES)).toEqual([
      { attribute: 'userName', value: 'a"b@x.example' },
    ]);
  });

  it("reads comparisons joined by and, and Entra ID's work email path", () => {
    expect(parseScimFilter('externalId eq "e-1" and emails[type eq "work"].value eq "a@x"', USER_ATTRIBUTES)).toEqual([
      { attribute: 'externalId', value: 'e-1' },
      { attribute: 'email', value: 'a@x' },
    ]);
  });

  it.each([
    'userName sw "a"',
    'userName eq "a" or userName eq "b"',
    'userName eq "a" and',
    'members eq "x"',
    'userName eq a',
    'userName eq "\\q"',
    '(userName eq "a")',
  ])('refuses %s with invalidFilter', (filter) => {
    expect(() => parseScimFilter(filter, USER_ATTRIBUTES)).toThrow(
      expect.objectContaining({ scimType: 'invalidFilter' }),
    );
  });

  it('refuses an attribute the resource is not filtered by', () => {
    expect(() => parseScimFilter('userName eq "a"', ['displayName'])).toThrow(expect.objectContaining({ status: 400 }));
  });
});
