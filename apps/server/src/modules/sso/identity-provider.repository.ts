import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityProviders, organisations, ssoStates, users } from '../../db/schema';

export type IdentityProviderRow = typeof identityProviders.$inferSelect;
export type NewIdentityProvider = typeof identityProviders.$inferInsert;
export type OrganisationRow = typeof organisations.$inferSelect;

/** The organisation's identity providers, oldest first. */
export async function listIdentityProviders(
  db: Db,
  organisationId: string,
  options: { isEnabledOnly?: boolean } = {},
): Promise<IdentityProviderRow[]> {
  return db
    .select()
    .from(identityProviders)
    .where(
      and(
        eq(identityProviders.organisationId, organisationId),
        options.isEnabledOnly ? eq(identityProviders.isEnabled, true) : undefined,
      ),
    )
    .orderBy(asc(identityProviders.createdAt), asc(identityProviders.id));
}

/** One provider of the organisation; another organisation's is not found. */
export async function findIdentityProvider(
  db: Db,
  organisationId: string,
  providerId: string,
): Promise<IdentityProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.organisationId, organisationId), eq(identityProviders.id, providerId)));
  return row;
}

/** An enabled provider by its id alone (a start naming it), in whichever organisation. */
export async function findEnabledIdentityProvider(
  db: Db,
  providerId: string,
): Promise<IdentityProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.id, providerId), eq(identityProviders.isEnabled, true)));
  return row;
}

/**
 * The providers, of any organisation and enabled or not, whose email domain or one of whose allowed
 * email domains is this one (a domain belongs to one provider: more than one is data from before).
 */
export async function findIdentityProvidersByEmailDomain(
  db: Db,
  domain: string,
  options: { exceptProviderId?: string } = {},
): Promise<IdentityProviderRow[]> {
  return db
    .select()
    .from(identityProviders)
    .where(
      and(
        sql`(lower(${identityProviders.emailDomain}) = lower(${domain}) or lower(${domain}) = any(${identityProviders.allowedEmailDomains}))`,
        options.exceptProviderId ? ne(identityProviders.id, options.exceptProviderId) : undefined,
      ),
    )
    .limit(2);
}

/** The only organisation with an enabled provider (a single-clinic deployment); none otherwise. */
export async function findOnlyOrganisationWithProviders(db: Db): Promise<string | undefined> {
  const rows = await db
    .selectDistinct({ organisationId: identityProviders.organisationId })
    .from(identityProviders)
    .where(eq(identityProviders.isEnabled, true))
    .limit(2);
  return rows.length === 1 ? rows[0]?.organisationId : undefined;
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

/** Adds a provider; none when its id is taken already. */
export async function insertIdentityProvider(
  db: Db,
  provider: NewIdentityProvider,
): Promise<IdentityProviderRow | undefined> {
  const [row] = await db.insert(identityProviders).values(provider).onConflictDoNothing().returning();
  return row;
}

/** Changes a provider of the organisation; none when it has no such provider. */
export async function updateIdentityProvider(
  db: Db,
  key: { organisationId: string; providerId: string },
  changes: Partial<Omit<NewIdentityProvider, 'id' | 'organisationId' | 'hasOrganisationUrls' | 'createdAt'>>,
): Promise<IdentityProviderRow | undefined> {
  const [row] = await db
    .update(identityProviders)
    .set(changes)
    .where(and(eq(identityProviders.organisationId, key.organisationId), eq(identityProviders.id, key.providerId)))
    .returning();
  return row;
}

/**
 * Removes a provider of the organisation with its sign-ins in flight; true when there was one. Its
 * users lose their subject (unique to this provider only), so that another provider of the organisation
 * finds them by their email at their first sign-in there, as a user SCIM provisioned.
 */
export async function deleteIdentityProvider(
  db: Db,
  key: { organisationId: string; providerId: string },
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    await transaction
      .update(users)
      .set({ oidcSubject: null, identityProviderId: null })
      .where(and(eq(users.organisationId, key.organisationId), eq(users.identityProviderId, key.providerId)));
    await transaction.delete(ssoStates).where(eq(ssoStates.providerId, key.providerId));
    const deleted = await transaction
      .delete(identityProviders)
      .where(and(eq(identityProviders.organisationId, key.organisationId), eq(identityProviders.id, key.providerId)))
      .returning({ id: identityProviders.id });
    return deleted.length > 0;
  });
}

/** Stores a SAML IdP's metadata as read again from its URL. */
export async function updateSamlMetadata(
  db: Db,
  providerId: string,
  metadata: { xml: string; readAt: Date; entityId: string },
): Promise<void> {
  await db
    .update(identityProviders)
    .set({ samlMetadataXml: metadata.xml, samlMetadataReadAt: metadata.readAt, issuer: metadata.entityId })
    .where(eq(identityProviders.id, providerId));
}

/** Notes the provider's latest completed sign-in (shown in the admin tool's list). */
export async function recordProviderSignIn(db: Db, providerId: string, at: Date): Promise<void> {
  await db.update(identityProviders).set({ lastSignInAt: at }).where(eq(identityProviders.id, providerId));
}
