import { describe, expect, it } from 'vitest';
import { avatarMenuSections } from './menus';

describe('the avatar menu', () => {
  const base = { admin: false, isSAML: false, emrName: undefined };

  it('shows the email and Sign out, except to SSO users who are not admins', () => {
    expect(avatarMenuSections({ auth: base, isOverlay: false }).account).toBe(true);
    expect(avatarMenuSections({ auth: { ...base, isSAML: true }, isOverlay: false }).account).toBe(false);
    expect(avatarMenuSections({ auth: { ...base, isSAML: true, admin: true }, isOverlay: false }).account).toBe(true);
  });

  it('shows Settings for the athena EMR or admins, never in the overlay', () => {
    expect(avatarMenuSections({ auth: { ...base, emrName: 'athena' }, isOverlay: false }).settings).toBe(true);
    expect(avatarMenuSections({ auth: { ...base, admin: true }, isOverlay: false }).settings).toBe(true);
    expect(avatarMenuSections({ auth: { ...base, emrName: 'epic' }, isOverlay: false }).settings).toBe(false);
    expect(avatarMenuSections({ auth: { ...base, admin: true }, isOverlay: true }).settings).toBe(false);
  });
});
