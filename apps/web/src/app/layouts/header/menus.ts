import { hasPermission, type AuthState } from '../../../lib/session';

export type AppsMenuKey = 'portraits' | 'quality' | 'analytics' | 'admin' | 'files';

export interface AppsMenuContext {
  auth: Pick<AuthState, 'admin' | 'permissions'>;
  isOrganizationQualityOn: boolean;
  isAdminToolOn: boolean;
}

/**
 * The apps menu of spec §6. Patient Portraits is always there; the others each need their permission.
 * Where the spec says "admins excluded" an admin's blanket permissions do not count. With no other
 * item and no admin, the menu is hidden (an empty list).
 */
export function appsMenuItems({ auth, isOrganizationQualityOn, isAdminToolOn }: AppsMenuContext): AppsMenuKey[] {
  const items: AppsMenuKey[] = [];
  if (hasPermission(auth, 'quality_tool', true) && (isOrganizationQualityOn || auth.admin)) items.push('quality');
  if (hasPermission(auth, 'hcc_dashboard')) items.push('analytics');
  if (hasPermission(auth, 'admin_tool', true) && isAdminToolOn) items.push('admin');
  if (hasPermission(auth, 'files_manager', true)) items.push('files');
  if (items.length === 0 && !auth.admin) return [];
  return ['portraits', ...items];
}

export interface AvatarMenuContext {
  auth: Pick<AuthState, 'admin' | 'isSAML' | 'emrName'>;
  isOverlay: boolean;
}

/** The avatar menu of spec §6: the email and Sign out (not for SSO users unless admin); Settings for athena or admins, never in the overlay. */
export function avatarMenuSections({ auth, isOverlay }: AvatarMenuContext): { account: boolean; settings: boolean } {
  return {
    account: !auth.isSAML || auth.admin,
    settings: (auth.emrName === 'athena' || auth.admin) && !isOverlay,
  };
}
