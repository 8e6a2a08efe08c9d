import { describe, expect, it } from 'vitest';
import { shouldSkipValidation } from './permissions';

describe('skipValidation', () => {
  it('is honoured for an admin who asks for it', () => {
    expect(shouldSkipValidation({ isAdmin: true }, true)).toBe(true);
  });

  it('is ignored for everyone else, and when not asked for', () => {
    expect(shouldSkipValidation({ isAdmin: false }, true)).toBe(false);
    expect(shouldSkipValidation({ isAdmin: true }, false)).toBe(false);
    expect(shouldSkipValidation({ isAdmin: true }, undefined)).toBe(false);
  });
});
