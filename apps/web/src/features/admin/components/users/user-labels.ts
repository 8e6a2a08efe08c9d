import type { AdminUser, LastSignInFilter, Permission, UserAction, UserRoleFilter, UserStatus } from '@cairn/contracts';

/** The permissions of spec §6 as the admin tool names them. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  view_only: 'View only',
  quality_tool: 'Quality workspace',
  hcc_dashboard: 'Analytics',
  admin_tool: 'Admin tool',
  files_manager: 'File manager',
};

export const ROLE_LABELS: Record<UserRoleFilter, string> = {
  admin: 'Admins',
  coder: 'Coders',
  provider: 'Providers',
};

export const STATUS_LABELS: Record<UserStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  deactivated: 'Deactivated',
};

export const LAST_SIGN_IN_LABELS: Record<LastSignInFilter, string> = {
  never: 'Never signed in',
  last30Days: 'In the last 30 days',
  over90Days: 'More than 90 days ago',
};

export const ACTION_LABELS: Record<UserAction, string> = {
  invite: 'Send the invitation again',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  unlock: 'Unlock',
  forcePasswordChange: 'Force a password change',
  resetTotp: 'Reset two-step verification',
};

/** What each action did, said once it is done. */
export const ACTION_DONE: Record<UserAction, string> = {
  invite: 'The invitation was sent.',
  deactivate: 'The account is deactivated; its sessions have ended.',
  reactivate: 'The account is active again.',
  unlock: 'The account is unlocked.',
  forcePasswordChange: 'The user must choose a new password at the next sign-in; their sessions have ended.',
  resetTotp: 'Two-step verification is off; the user can set it up again.',
};

/** The actions that take something away, confirmed before they run. */
export const ACTION_NEEDS_CONFIRMATION: ReadonlySet<UserAction> = new Set([
  'deactivate',
  'forcePasswordChange',
  'resetTotp',
]);

/** The actions that make sense for this account now, in the menu's order. */
export function availableActions(user: AdminUser, now: Date = new Date()): UserAction[] {
  if (user.status === 'deactivated') return ['reactivate'];
  const isPasswordAccount = user.identitySource === 'cairn';
  const isLocked = user.lockedUntil !== null && new Date(user.lockedUntil) > now;
  const actions: UserAction[] = [];
  if (isPasswordAccount && user.status === 'invited') actions.push('invite');
  if (isLocked) actions.push('unlock');
  if (isPasswordAccount && user.status === 'active' && !user.mustChangePassword) actions.push('forcePasswordChange');
  if (isPasswordAccount && user.isTotpEnabled) actions.push('resetTotp');
  actions.push('deactivate');
  return actions;
}

/** A user's name as lists show it: "Rivera, Maya", or the username when no name is known. */
export function displayName(user: Pick<AdminUser, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.lastName, user.firstName].filter(Boolean).join(', ');
  return name || user.username;
}
