import type { Permission } from '@cairn/contracts';
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
