import { APPS, type AccessRule, type AppName } from '../config/access';
import { useFlagsStatus, useFlagValues, type FlagsStatus } from './feature-flags';
import { hasPermission, useSession, type AuthState } from './session';

export interface AccessContext {
  auth: Pick<AuthState, 'admin' | 'permissions'>;
  /** Whether a flag is on. */
  isFlagOn: (flag: NonNullable<AccessRule['flag']>) => boolean;
}

/** Whether the user may open an app (spec §6): its permission, and its flag where it has one. */
export function canUseApp(app: AppName, { auth, isFlagOn }: AccessContext): boolean {
  const { rule } = APPS[app];
  if (!rule) return true;
  if (!hasPermission(auth, rule.permission, rule.adminsExcluded)) return false;
  if (!rule.flag) return true;
  return isFlagOn(rule.flag) || (rule.flagWaivedForAdmins === true && auth.admin);
}

/**
 * The apps the menu offers, in its order. Patient Portraits is always there; with no other app and no
 * admin the menu is hidden (an empty list).
 */
export function permittedApps(context: AccessContext): AppName[] {
  const others = (Object.keys(APPS) as AppName[]).filter((app) => app !== 'portraits' && canUseApp(app, context));
  if (others.length === 0 && !context.auth.admin) return [];
  return ['portraits', ...others];
}

/** The signed-in user's access, read from the session and the live flags. */
export function useAccess(): AccessContext & { flagsStatus: FlagsStatus } {
  const auth = useSession();
  const flagsStatus = useFlagsStatus();
  const flags = useFlagValues();
  return { auth, flagsStatus, isFlagOn: (flag) => flags[flag] === true };
}
