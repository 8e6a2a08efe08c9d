import type { Endpoint, Permission } from '@cairn/contracts';
import { AppError } from '../lib/app-error';

/** Who is calling, from a verified access token. */
export interface AuthContext {
  userId: string;
  organisationId: string;
  /** The sign-in session the token belongs to; revoked sessions' tokens are refused. */
  sessionId: string;
  isAdmin: boolean;
  permissions: ReadonlySet<Permission>;
  /** Signed in through SSO (spec: isSAML). */
  isSaml: boolean;
}

/** An admin holds every permission of spec §6. */
export function hasPermission(auth: Pick<AuthContext, 'isAdmin' | 'permissions'>, permission: Permission): boolean {
  return auth.isAdmin || auth.permissions.has(permission);
}

/** 403 FORBIDDEN unless the caller holds the permission. */
export function assertPermission(auth: Pick<AuthContext, 'isAdmin' | 'permissions'>, permission: Permission): void {
  if (!hasPermission(auth, permission)) throw new AppError('FORBIDDEN');
}

/**
 * What an endpoint's contract asks of its caller, checked before the handler runs: the permission it
 * names (403 without it), and for a write to patient data, a user who is not view-only (spec §6).
 */
export function assertMayCall(
  auth: Pick<AuthContext, 'isAdmin' | 'permissions'>,
  endpoint: Pick<Endpoint, 'permission' | 'writes'>,
): void {
  if (endpoint.permission) assertPermission(auth, endpoint.permission);
  if (endpoint.writes === 'patient_data' && isViewOnly(auth)) {
    throw new AppError('FORBIDDEN', 'A view-only user cannot change patient data.');
  }
}

/** Spec §6 view_only: sees what their scope allows, changes nothing of a patient's. Admins are never view-only. */
export function isViewOnly(auth: Pick<AuthContext, 'isAdmin' | 'permissions'>): boolean {
  return !auth.isAdmin && auth.permissions.has('view_only');
}
