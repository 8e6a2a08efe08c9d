import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityProviders, organisations, ssoStates, users } from '../../db/schema';
import type { NewUser, UserRow } from '../auth';

export type IdentityProviderRow = typeof identityProviders.$inferSelect;
export type NewIdentityProvider = typeof identityProviders.$inferInsert;
export type SsoStateRow = typeof ssoStates.$inferSelect;
export type NewSsoState = typeof ssoStates.$inferInsert;
export type OrganisationRow = typeof organisations.$inferSelect;

export async function findIdentityProvider(db: Db, organisationId: string): Promise<IdentityProviderRow | undefined> {
  const [row] = await db.select().from(identityProviders).where(eq(identityProviders.organisationId, organisationId));
  return row;
}

export async function findOrganisation(db: Db, organisationId: string): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  return row;
}

export async function findOrganisationBySlug(db: Db, slug: string): Promise<OrganisationRow | undefined> {
  const [row] = await db
    .select()
    .from(organisations)
    .where(sql`lower(${organisations.slug}) = lower(${slug})`);
  return row;
}

/**
 * The provider whose email domain, or one of whose allowed email domains, is this one; none when two
 * organisations claim it (ambiguous).
 */
export async function findIdentityProviderByEmailDomain(
  db: Db,
  domain: string,
): Promise<IdentityProviderRow | undefined> {
  const rows = await db
    .select()
    .from(identityProviders)
    .where(
      sql`lower(${identityProviders.emailDomain}) = lower(${domain}) or lower(${domain}) = any(${identityProviders.allowedEmailDomains})`,
    )
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

/** The provider of the only organisation that has one (a single-clinic deployment); none otherwise. */
export async function findOnlyIdentityProvider(db: Db): Promise<IdentityProviderRow | undefined> {
  const rows = await db.select().from(identityProviders).limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

export async function upsertIdentityProvider(db: Db, provider: NewIdentityProvider): Promise<IdentityProviderRow> {
  const { organisationId: _key, ...changes } = provider;
  const [row] = await db
    .insert(identityProviders)
    .values(provider)
    .onConflictDoUpdate({ target: identityProviders.organisationId, set: changes })
    .returning();
  if (!row) throw new Error('identity provider not saved');
  return row;
}

/** Removes the organisation's provider and its sign-ins in flight; true when there was one. */
export async function deleteIdentityProvider(db: Db, organisationId: string): Promise<boolean> {
  await db.delete(ssoStates).where(eq(ssoStates.organisationId, organisationId));
  const deleted = await db
    .delete(identityProviders)
    .where(eq(identityProviders.organisationId, organisationId))
    .returning({ organisationId: identityProviders.organisationId });
  return deleted.length > 0;
}

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
 * kept already; true when it was kept.
 */
export async function attachSamlResponse(
  db: Db,
  relayStateHash: string,
  answer: { samlResponse: string; codeHash: string },
): Promise<boolean> {
  const updated = await db
    .update(ssoStates)
    .set({ samlResponse: answer.samlResponse, samlCodeHash: answer.codeHash })
    .where(and(eq(ssoStates.samlRelayStateHash, relayStateHash), isNull(ssoStates.samlResponse)))
    .returning({ state: ssoStates.state });
  return updated.length > 0;
}

/** Stores a SAML IdP's metadata as read again from its URL. */
export async function updateSamlMetadata(
  db: Db,
  organisationId: string,
  metadata: { xml: string; readAt: Date; entityId: string },
): Promise<void> {
  await db
    .update(identityProviders)
    .set({ samlMetadataXml: metadata.xml, samlMetadataReadAt: metadata.readAt, issuer: metadata.entityId })
    .where(eq(identityProviders.organisationId, organisationId));
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

export async function findSsoUser(db: Db, organisationId: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.oidcSubject, subject)));
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
export async function linkSsoSubject(db: Db, userId: string, subject: string): Promise<void> {
  await db.update(users).set({ oidcSubject: subject }).where(eq(users.id, userId));
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
