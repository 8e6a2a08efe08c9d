import { APPS, type AccessRule, type AppName } from '../config/access';
import { useFlagsStatus, useFlagValues, type FlagsStatus } from './feature-flags';
import { hasPermission, useSession, type AuthState } from './session';

export interface AccessContext {
  auth: Pick<AuthState, 'admin' | 'permissions'>;
  /** Whether a flag is on. */
  isFlagOn: (flag: NonNullable<AccessRule['flag']>) => boolean;
}

/**
 * Whether the user may open an app's pages (the router): its permission, which every admin holds as on
 * the server, and its flag where it has one.
 */
export function canUseApp(app: AppName, context: AccessContext): boolean {
  return meetsRule(APPS[app].rule, context, { needsExplicitGrant: false });
}

/**
 * Whether the apps menu offers an app (spec §6): as for its pages, except that an app whose permission
 * "excludes admins" is offered only on an explicit grant.
 */
export function isOfferedInMenu(app: AppName, context: AccessContext): boolean {
  const { rule } = APPS[app];
  return meetsRule(rule, context, { needsExplicitGrant: rule?.menuNeedsExplicitGrant === true });
}

function meetsRule(
  rule: AccessRule | undefined,
  { auth, isFlagOn }: AccessContext,
  { needsExplicitGrant }: { needsExplicitGrant: boolean },
): boolean {
  if (!rule) return true;
  if (!hasPermission(auth, rule.permission, needsExplicitGrant)) return false;
  if (!rule.flag) return true;
  return isFlagOn(rule.flag) || (rule.flagWaivedForAdmins === true && auth.admin);
}

/**
 * The apps the menu offers, in its order. Patient Portraits is always there; with no other app and no
 * admin the menu is hidden (an empty list).
 */
export function permittedApps(context: AccessContext): AppName[] {
  const others = (Object.keys(APPS) as AppName[]).filter((app) => app !== 'portraits' && isOfferedInMenu(app, context));
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
