import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityProviders, ssoStates, users } from '../../db/schema';
import type { NewUser, UserRow } from '../auth';

export type SsoStateRow = typeof ssoStates.$inferSelect;
export type NewSsoState = typeof ssoStates.$inferInsert;

/** Expired sign-ins are kept an hour, so that a late return is told it expired rather than unknown. */
const SWEEP_AFTER_MS = 60 * 60_000;

async function sweepExpiredStates(db: Db, now: Date): Promise<void> {
  await db.delete(ssoStates).where(lt(ssoStates.expiresAt, new Date(now.getTime() - SWEEP_AFTER_MS)));
}

/** Records a sign-in in flight; long-abandoned ones are swept on the way. */
export async function insertSsoState(db: Db, state: NewSsoState, now: Date): Promise<void> {
  await sweepExpiredStates(db, now);
  await db.insert(ssoStates).values(state);
}

/**
 * Keeps a SAML response with the sign-in in flight whose RelayState hashes to this, unless one was
 * kept already, when the assertion consumer service it reached is that sign-in's provider's: its own
 * (`providerId`) or the organisation's (`organisation`, the providers that kept that URL). Answers where
 * the sign-in returns to (its redirect URI), or none when nothing was kept.
 */
export async function attachSamlResponse(
  db: Db,
  relayStateHash: string,
  answer: { samlResponse: string; codeHash: string; acs: { providerId: string } | 'organisation' },
): Promise<string | undefined> {
  const ofProvider =
    answer.acs === 'organisation'
      ? inArray(
          ssoStates.providerId,
          db
            .select({ id: identityProviders.id })
            .from(identityProviders)
            .where(eq(identityProviders.hasOrganisationUrls, true)),
        )
      : eq(ssoStates.providerId, answer.acs.providerId);
  const [updated] = await db
    .update(ssoStates)
    .set({ samlResponse: answer.samlResponse, samlCodeHash: answer.codeHash })
    .where(and(eq(ssoStates.samlRelayStateHash, relayStateHash), isNull(ssoStates.samlResponse), ofProvider))
    .returning({ redirectUri: ssoStates.redirectUri });
  return updated?.redirectUri;
}

/**
 * Takes the sign-in in flight out of the table: a state is used once, even by two requests racing
 * (one DELETE wins).
 */
export async function consumeSsoState(db: Db, stateKey: string, now: Date): Promise<SsoStateRow | undefined> {
  const [row] = await db.delete(ssoStates).where(eq(ssoStates.state, stateKey)).returning();
  await sweepExpiredStates(db, now);
  return row;
}

/** The user this provider signed in before under this subject (a subject is unique to its provider). */
export async function findSsoUser(
  db: Db,
  key: { organisationId: string; providerId: string; subject: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.organisationId, key.organisationId),
        eq(users.identityProviderId, key.providerId),
        eq(users.oidcSubject, key.subject),
      ),
    );
  return row;
}

/**
 * The one account provisioned for this organisation (by SCIM) with this email that has not signed in
 * through SSO yet: an SSO user with no subject. None when there is none, or more than one.
 */
export async function findUnlinkedSsoUserByEmail(
  db: Db,
  organisationId: string,
  email: string,
): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(users.identitySource, 'oidc'),
        isNull(users.oidcSubject),
        sql`lower(${users.email}) = lower(${email})`,
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

/** Links a provisioned account to the provider's subject at its first SSO sign-in. */
export async function linkSsoSubject(
  db: Db,
  userId: string,
  link: { providerId: string; subject: string },
): Promise<void> {
  await db
    .update(users)
    .set({ oidcSubject: link.subject, identityProviderId: link.providerId })
    .where(eq(users.id, userId));
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row !== undefined;
}

export async function insertSsoUser(db: Db, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('user not created');
  return row;
}

export async function recordSsoSignIn(
  db: Db,
  userId: string,
  profile: { email: string; firstName: string; lastName: string; at: Date },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ email: profile.email, firstName: profile.firstName, lastName: profile.lastName, lastLoginAt: profile.at })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('user not found');
  return row;
}
