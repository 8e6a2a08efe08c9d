import { describe, expect, it } from 'vitest';
import type { PermissionMap } from '../../../lib/session';
import { appsMenuItems, avatarMenuSections } from './menus';

function apps(permissions: PermissionMap, options: { admin?: boolean; quality?: boolean; adminTool?: boolean } = {}) {
  return appsMenuItems({
    auth: { admin: options.admin ?? false, permissions },
    isOrganizationQualityOn: options.quality ?? false,
    isAdminToolOn: options.adminTool ?? false,
  });
}

describe('the apps menu', () => {
  it('always lists Patient Portraits first when shown', () => {
    expect(apps({ hcc_dashboard: true })[0]).toBe('portraits');
  });

  it('shows Quality Workspace with quality_tool and the OrganizationQuality configuration', () => {
    expect(apps({ quality_tool: true }, { quality: true })).toContain('quality');
    expect(apps({ quality_tool: true }, { quality: false })).not.toContain('quality');
  });

  it('shows Quality Workspace to an admin with an explicit quality_tool grant, whatever the configuration', () => {
    expect(apps({ quality_tool: 'true' }, { admin: true })).toContain('quality');
    expect(apps({}, { admin: true, quality: true })).not.toContain('quality');
  });

  it('shows Analytics with hcc_dashboard, admins included', () => {
    expect(apps({ hcc_dashboard: true })).toContain('analytics');
    expect(apps({}, { admin: true })).toContain('analytics');
  });

  it('shows Admin with admin_tool and the AdminTool flag, admins excluded', () => {
    expect(apps({ admin_tool: true }, { adminTool: true })).toContain('admin');
    expect(apps({ admin_tool: true }, { adminTool: false })).not.toContain('admin');
    expect(apps({}, { admin: true, adminTool: true })).not.toContain('admin');
  });

  it('shows File manager with files_manager, admins excluded', () => {
    expect(apps({ files_manager: true })).toContain('files');
    expect(apps({}, { admin: true })).not.toContain('files');
  });

  it('is hidden for a user with none of them who is not an admin', () => {
    expect(apps({ view_only: true })).toEqual([]);
    expect(apps({ quality_tool: false, files_manager: false })).toEqual([]);
  });
});

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
