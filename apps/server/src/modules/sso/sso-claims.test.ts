import { describe, expect, it } from 'vitest';
import { isEmailDomainAllowed, mapClaims } from './sso-claims';

describe('mapClaims', () => {
  it('reads the standard claims when the mapping names none', () => {
    const claims = { email: 'ada@clinic.example', given_name: 'Ada', family_name: 'Lovelace', groups: ['a', 'b'] };
    expect(mapClaims(claims, {})).toEqual({
      username: 'ada@clinic.example',
      email: 'ada@clinic.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      groups: ['a', 'b'],
    });
  });

  it('reads the claims the mapping names, and a comma-separated group claim', () => {
    const claims = { upn: 'ADA01', mail: 'ada@clinic.example', fn: 'Ada', roles: 'Coders, MultipleProviders' };
    expect(mapClaims(claims, { username: 'upn', email: 'mail', firstName: 'fn', groups: 'roles' })).toEqual({
      username: 'ADA01',
      email: 'ada@clinic.example',
      firstName: 'Ada',
      lastName: undefined,
      groups: ['Coders', 'MultipleProviders'],
    });
  });
});

describe('isEmailDomainAllowed', () => {
  it('allows any email when no domain is listed', () => {
    expect(isEmailDomainAllowed(undefined, [])).toBe(true);
  });

  it('allows a listed domain in any case, and refuses another domain or no email', () => {
    expect(isEmailDomainAllowed('ada@Clinic.Example', ['clinic.example'])).toBe(true);
    expect(isEmailDomainAllowed('ada@elsewhere.example', ['clinic.example'])).toBe(false);
    expect(isEmailDomainAllowed(undefined, ['clinic.example'])).toBe(false);
    expect(isEmailDomainAllowed('clinic.example', ['clinic.example'])).toBe(false);
  });
});
