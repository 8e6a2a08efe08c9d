import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../access';
import { type AccessTokens, endSessions, findUserInOrganisation, type UserRow } from '../auth';
import { applySignInGroups } from '../scim';
import { findOrganisation, type IdentityProviderRow } from './identity-provider.repository';
import type { MappedClaims } from './sso-claims';
import {
  findSsoUser,
  findUnlinkedSsoUserByEmail,
  insertSsoUser,
  isUsernameTaken,
  linkSsoSubject,
  recordSsoSignIn,
} from './sso.repository';

/** The provider's identity with the organisation's claim mapping applied (its username for a new user). */
export type SsoIdentity = Omit<MappedClaims, 'groups'> & { subject: string };

/**
 * The Cairn user a provider signed in: found by (organisation, provider, subject), else a user SCIM
 * provisioned (or one whose provider was removed) by their email, else created in that organisation.
 */
export async function signInUser(
  db: Db,
  provider: IdentityProviderRow,
  identity: SsoIdentity,
  now: Date,
): Promise<UserRow> {
  const profile = {
    email: identity.email ?? '',
    firstName: identity.firstName ?? '',
    lastName: identity.lastName ?? '',
    at: now,
  };
  const key = { organisationId: provider.organisationId, providerId: provider.id, subject: identity.subject };
  const existing = (await findSsoUser(db, key)) ?? (await findProvisionedUser(db, provider, identity));
  if (existing?.deactivatedAt) {
    throw new AppError('FORBIDDEN', 'Your Cairn account is deactivated. Ask your administrator to reactivate it.');
  }
  if (existing) return recordSsoSignIn(db, existing.id, profile);
  try {
    return await insertSsoUser(db, {
      organisationId: provider.organisationId,
      username: await freeUsername(db, provider.organisationId, identity),
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      passwordHash: null,
      view: provider.defaultView,
      identitySource: 'oidc',
      oidcSubject: identity.subject,
      identityProviderId: provider.id,
      lastLoginAt: now,
    });
  } catch (error) {
    // Two first sign-ins of the same person racing: the other one created the user.
    const created = await findSsoUser(db, key);
    if (created) return created;
    throw error;
  }
}

/**
 * A user SCIM provisioned has no subject until their first SSO sign-in (nor has one whose provider was
 * removed): they are found by their email (case-insensitive, in the same organisation) and linked to
 * this provider's subject, so that SSO does not create a second account. Password accounts are never
 * matched this way.
 */
async function findProvisionedUser(db: Db, provider: IdentityProviderRow, identity: SsoIdentity) {
  if (!identity.email) return undefined;
  const user = await findUnlinkedSsoUserByEmail(db, provider.organisationId, identity.email);
  if (!user) return undefined;
  await linkSsoSubject(db, user.id, { providerId: provider.id, subject: identity.subject });
  return { ...user, oidcSubject: identity.subject, identityProviderId: provider.id };
}

/** Usernames are unique across organisations: the email when free, else qualified by the organisation. */
async function freeUsername(db: Db, organisationId: string, identity: SsoIdentity): Promise<string> {
  const base = identity.username ?? identity.email ?? identity.subject;
  if (!(await isUsernameTaken(db, base))) return base;
  const organisation = await findOrganisation(db, organisationId);
  const qualified = `${base}#${organisation?.slug ?? organisationId}`;
  if (!(await isUsernameTaken(db, qualified))) return qualified;
  return `${qualified}-${randomBytes(4).toString('hex')}`;
}

/**
 * The provider's groups claim, when it sends one, sets the user's groups and so their view and
 * permissions (as the admin tool maps each group); a user whose permissions narrowed loses their
 * other sessions. No groups claim: the user's groups are left as they are.
 */
export async function applySsoGroups(
  deps: { db: Db; accessTokens: AccessTokens; now?: () => Date },
  user: UserRow,
  signIn: { groups: string[] | undefined; clientAddress: string | undefined },
): Promise<UserRow> {
  const { groups, clientAddress } = signIn;
  if (groups === undefined) return user;
  const changes = await applySignInGroups(deps.db, user, groups);
  if (changes.isMembershipChanged) {
    await writeAudit(deps.db, {
      organisationId: user.organisationId,
      userId: user.id,
      action: 'sso.groups_applied',
      clientAddress,
      details: { groups: groups.slice(0, 50), isNarrowed: changes.narrowedUserIds.includes(user.id) },
    });
  }
  if (changes.narrowedUserIds.includes(user.id)) {
    await endSessions(deps, { userId: user.id }, deps.now?.() ?? new Date());
  }
  if (!changes.changedUserIds.includes(user.id)) return user;
  return (await findUserInOrganisation(deps.db, user.organisationId, user.id)) ?? user;
}
