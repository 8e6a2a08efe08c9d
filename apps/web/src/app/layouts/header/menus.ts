import type { AuthState } from '../../../lib/session';

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
