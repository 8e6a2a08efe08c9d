import { describe, expect, it } from 'vitest';
import { decodeToken, secondsLeft } from './jwt';

function tokenWith(claims: object): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

describe('decodeToken', () => {
  it('reads the claims, including non-ASCII names', () => {
    expect(decodeToken(tokenWith({ sub: 'u1', name: 'Zoë Ångström', exp: 10 }))).toEqual({
      sub: 'u1',
      name: 'Zoë Ångström',
      exp: 10,
    });
  });

  it("throws 'Invalid token specified' for a malformed token", () => {
    for (const token of ['', 'abc', 'a.%%%.c', `a.${btoa('"just a string"')}.c`]) {
      expect(() => decodeToken(token)).toThrow('Invalid token specified');
    }
  });

  it('counts the validity left against the clock drift', () => {
    expect(secondsLeft(1_000, 900_000)).toBe(100);
    expect(secondsLeft(1_000, 900_000, 40_000)).toBe(60);
  });
});
