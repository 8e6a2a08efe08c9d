import { VIEWS, type UserConfig, type View, type userMetadata } from '@cairn/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../access';
import { loginTokenClaims, findUserInOrganisation, type UserRow } from '../auth';
import { readUserConfig, writeUserConfig } from './user-config.repository';

type UserMetadata = z.infer<typeof userMetadata>;

async function currentUser(db: Db, auth: AuthContext): Promise<UserRow> {
  const user = await findUserInOrganisation(db, auth.organisationId, auth.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** Spec §3 "User metadata response" for the signed-in user. */
export async function getUserMetadata(db: Db, auth: AuthContext): Promise<UserMetadata> {
  const user = await currentUser(db, auth);
  const claims = loginTokenClaims(user);
  return {
    analytics_metadata: String(claims.analyticsMetadata),
    permissions: String(claims.permissions),
    emr_username_new: user.emrUsername ?? '',
    emr_name: user.emrName ?? '',
    is_admin: user.isAdmin,
    cairn_username: user.username,
    cairn_email: user.email,
    view: toView(user.view),
    terms_accepted: user.termsAcceptedAt !== null,
    totp_enabled: user.isTotpEnabled,
  };
}

/** An unknown or missing view is a data error, reported as the spec words it (§5). */
function toView(view: string): View {
  const known = VIEWS.find((candidate) => candidate === view);
  if (!known) throw new Error(view ? `Unknown user view: ${view}` : 'User view not found');
  return known;
}

export async function getUserConfig(db: Db, auth: AuthContext): Promise<UserConfig> {
  await currentUser(db, auth);
  return (await readUserConfig(db, auth.userId)) as UserConfig;
}

/** The whole dictionary is replaced (spec §7: update sends the whole dictionary). */
export async function updateUserConfig(db: Db, auth: AuthContext, config: UserConfig): Promise<boolean> {
  await currentUser(db, auth);
  await writeUserConfig(db, auth.userId, config);
  return true;
}
