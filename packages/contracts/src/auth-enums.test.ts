import { describe, expect, it } from 'vitest';
import { roleOfView } from './auth-enums';

describe('roleOfView', () => {
  it('maps Coder to the coder view and Provider and Classic to the provider view', () => {
    expect(roleOfView('Coder')).toBe('coder');
    expect(roleOfView('Provider')).toBe('provider');
    expect(roleOfView('Classic')).toBe('provider');
  });

  it("raises 'User view not found' when absent and 'Unknown user view: {view}' when unknown", () => {
    expect(() => roleOfView(undefined)).toThrow('User view not found');
    expect(() => roleOfView('Nurse')).toThrow('Unknown user view: Nurse');
  });
});
