import { describe, expect, it } from 'vitest';
import { flagContextFromToken, validateApplicationTags, validateFlagContext } from './flag-context';

function tokenWith(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

describe('feature-flag context validation (spec §5)', () => {
  it('requires a key', () => {
    expect(() => validateFlagContext({ kind: 'user' })).toThrow('Feature-flag context key is required');
    expect(() => validateFlagContext({ key: '' })).toThrow('Feature-flag context key is required');
    expect(validateFlagContext({ key: 'user-1' })).toEqual({ key: 'user-1' });
  });

  it("accepts a kind of word characters, dots or dashes, but never 'kind'", () => {
    expect(validateFlagContext({ key: 'k', kind: 'org.unit-2_b' }).kind).toBe('org.unit-2_b');
    expect(() => validateFlagContext({ key: 'k', kind: 'kind' })).toThrow('Feature-flag context kind cannot be "kind"');
    expect(() => validateFlagContext({ key: 'k', kind: 'user kind' })).toThrow(
      'Feature-flag context kind may only contain word characters, dots or dashes',
    );
    expect(() => validateFlagContext({ key: 'k', kind: '' })).toThrow('may only contain');
  });

  it('limits application tags to 64 characters', () => {
    expect(validateApplicationTags({ id: 'cairn-web', version: 'x'.repeat(64) })).toMatchObject({ id: 'cairn-web' });
    expect(() => validateApplicationTags({ version: 'x'.repeat(65) })).toThrow(
      'Application tag version is longer than 64 characters',
    );
    expect(() => validateApplicationTags({ id: 'cairn web' })).toThrow('may only contain');
  });
});

describe('flagContextFromToken', () => {
  it('builds the flag user of spec §3: key, email, custom attributes without first_name and last_name', () => {
    const context = flagContextFromToken(
      tokenWith({
        sub: 'user-1',
        email: 'ada@riverside.test',
        analyticsMetadata: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', practice: 'riverside' }),
        permissions: JSON.stringify({ view: 'Coder', hcc_dashboard: true }),
        emrName: 'athena',
        isAdmin: 'true',
      }),
    );
    expect(context).toEqual({
      key: 'user-1',
      kind: 'user',
      email: 'ada@riverside.test',
      custom: {
        practice: 'riverside',
        view: 'Coder',
        permissions: ['hcc_dashboard'],
        emrName: 'athena',
        isAdmin: true,
      },
    });
  });

  it('refuses a token without a subject', () => {
    expect(() => flagContextFromToken(tokenWith({ email: 'x@y.test' }))).toThrow(
      'Feature-flag context key is required',
    );
  });
});
