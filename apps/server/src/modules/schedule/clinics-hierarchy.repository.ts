import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics, departments, providers, userProviders } from '../../db/clinical-schema';

export interface HierarchyRow {
  clinicId: string;
  clinicName: string;
  departmentId: string | null;
  departmentName: string | null;
  providerId: string | null;
  providerFirstName: string | null;
  providerLastName: string | null;
  providerSuffix: string | null;
}

/** The organisation's clinics with their departments and providers, ordered by name; optionally only some providers. */
export async function listHierarchy(
  db: Db,
  options: { organisationId: string; providerIds?: readonly string[] },
): Promise<HierarchyRow[]> {
  // Reduced to some providers, the tree keeps only their departments and clinics.
  const onlyProviders = options.providerIds ? inArray(providers.id, [...options.providerIds]) : undefined;
  return db
    .select(hierarchyColumns)
    .from(clinics)
    .leftJoin(departments, eq(departments.clinicId, clinics.id))
    .leftJoin(providers, eq(providers.departmentId, departments.id))
    .where(and(eq(clinics.organisationId, options.organisationId), onlyProviders))
    .orderBy(
      asc(clinics.name),
      asc(clinics.id),
      asc(departments.name),
      asc(departments.id),
      asc(providers.lastName),
      asc(providers.firstName),
      asc(providers.id),
    );
}

const hierarchyColumns = {
  clinicId: clinics.id,
  clinicName: clinics.name,
  departmentId: departments.id,
  departmentName: departments.name,
  providerId: providers.id,
  providerFirstName: providers.firstName,
  providerLastName: providers.lastName,
  providerSuffix: providers.suffix,
};

/** The providers a user is linked to (their default schedule filter). */
export async function listLinkedProviderIds(
  db: Db,
  options: { organisationId: string; userId: string },
): Promise<string[]> {
  const rows = await db
    .select({ providerId: userProviders.providerId })
    .from(userProviders)
    .innerJoin(providers, eq(providers.id, userProviders.providerId))
    .where(and(eq(userProviders.userId, options.userId), eq(providers.organisationId, options.organisationId)));
  return rows.map((row) => row.providerId);
}
