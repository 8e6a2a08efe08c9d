import type { FlagName } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { canUseApp, isOfferedInMenu, permittedApps } from './access';
import type { PermissionMap } from './session';

function access(permissions: PermissionMap, options: { admin?: boolean; flags?: FlagName[] } = {}) {
  const flags = new Set(options.flags ?? []);
  return { auth: { admin: options.admin ?? false, permissions }, isFlagOn: (flag: FlagName) => flags.has(flag) };
}

describe('the apps a user may open (spec §6)', () => {
  it('opens the Quality Workspace with quality_tool and the OrganizationQuality configuration', () => {
    expect(canUseApp('quality', access({ quality_tool: true }, { flags: ['configuration_OrganizationQuality'] }))).toBe(
      true,
    );
    expect(canUseApp('quality', access({ quality_tool: true }))).toBe(false);
  });

  it('opens Analytics with hcc_dashboard', () => {
    expect(canUseApp('analytics', access({ hcc_dashboard: true }))).toBe(true);
    expect(canUseApp('analytics', access({ view_only: true }))).toBe(false);
  });

  it('opens Admin with admin_tool and only while the AdminTool flag is on', () => {
    expect(canUseApp('admin', access({ admin_tool: true }, { flags: ['flag_AdminTool'] }))).toBe(true);
    expect(canUseApp('admin', access({ admin_tool: true }))).toBe(false);
  });

  it('opens the File manager with files_manager', () => {
    expect(canUseApp('files', access({ files_manager: true }))).toBe(true);
    expect(canUseApp('files', access({ hcc_dashboard: true }))).toBe(false);
  });

  it('opens every app to an admin without explicit grants, as the server serves them every permission', () => {
    const admin = access({}, { admin: true, flags: ['flag_AdminTool'] });
    const apps = ['quality', 'analytics', 'admin', 'files'] as const;
    expect(apps.filter((app) => !canUseApp(app, admin))).toEqual([]);
  });

  it('still needs the AdminTool flag for an admin, but waives the OrganizationQuality configuration', () => {
    expect(canUseApp('admin', access({}, { admin: true }))).toBe(false);
    expect(canUseApp('quality', access({}, { admin: true }))).toBe(true);
  });
});

describe('the apps menu (spec §6)', () => {
  it('always lists Patient Portraits first when the menu shows', () => {
    expect(permittedApps(access({ hcc_dashboard: true }))[0]).toBe('portraits');
  });

  it('offers an admin the apps whose permission excludes admins only on an explicit grant', () => {
    const admin = access({}, { admin: true, flags: ['flag_AdminTool', 'configuration_OrganizationQuality'] });
    expect(isOfferedInMenu('admin', admin)).toBe(false);
    expect(isOfferedInMenu('files', admin)).toBe(false);
    expect(isOfferedInMenu('quality', admin)).toBe(false);
    expect(isOfferedInMenu('analytics', admin)).toBe(true);
    expect(isOfferedInMenu('files', access({ files_manager: true }, { admin: true }))).toBe(true);
  });

  it('offers the Quality Workspace to an admin with an explicit quality_tool grant, whatever the configuration', () => {
    expect(isOfferedInMenu('quality', access({ quality_tool: 'true' }, { admin: true }))).toBe(true);
    expect(isOfferedInMenu('quality', access({ quality_tool: true }))).toBe(false);
  });

  it('hides the menu from a user with none of them who is not an admin', () => {
    expect(permittedApps(access({ view_only: true }))).toEqual([]);
    expect(permittedApps(access({ quality_tool: false, files_manager: false }))).toEqual([]);
    expect(permittedApps(access({}, { admin: true }))).toEqual(['portraits', 'analytics']);
  });
});
