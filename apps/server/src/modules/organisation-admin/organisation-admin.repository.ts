import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics, departments, providers } from '../../db/clinical-schema';
import { organisations } from '../../db/schema';

/** What Cairn writes as the source of a clinic, department or provider added by hand in the admin tool. */
export const HAND_ADDED_SOURCE = 'CAIRN';

/** What a sync recorded of a row and what an administrator changed of it (issue 17 item 2). */
export interface EditState {
  editedFields: string[];
  ehrValues: Record<string, string | null> | null;
}

export interface Page {
  search: string | undefined;
  limit: number;
  offset: number;
}

/** `%words%` for ILIKE, the wildcard characters of the words escaped. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export async function findOrganisation(db: Db, organisationId: string) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, settings: organisations.settings })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row;
}

/** Replaces one key of the organisation's settings, leaving the others as they are. */
export async function setOrganisationSetting(db: Db, organisationId: string, key: string, value: unknown) {
  await db
    .update(organisations)
    .set({
      settings: sql`${organisations.settings} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
    })
    .where(eq(organisations.id, organisationId));
}

// Qualified by hand: drizzle leaves a single-table select's columns unqualified, which inside the
// subquery would name the subquery's own table.
const departmentCount = sql<number>`(select count(*)::int from "departments" d where d."clinic_id" = "clinics"."id")`;
const providerCount = sql<number>`(select count(*)::int from "providers" p where p."department_id" = "departments"."id")`;
const clinicColumns = {
  id: clinics.id,
  name: clinics.name,
  source: clinics.source,
  sourceId: clinics.sourceId,
  updatedAt: clinics.updatedAt,
  syncedAt: clinics.syncedAt,
  editedFields: clinics.editedFields,
  ehrValues: clinics.ehrValues,
  departmentCount,
};
const clinicsSelected = (db: Db) => db.select(clinicColumns).from(clinics);
export type ClinicRow = Awaited<ReturnType<ReturnType<typeof clinicsSelected>['execute']>>[number];

export async function listClinics(db: Db, organisationId: string, page: Page) {
  const where = and(
    eq(clinics.organisationId, organisationId),
    page.search ? ilike(clinics.name, containing(page.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    clinicsSelected(db).where(where).orderBy(asc(clinics.name), asc(clinics.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(clinics).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

const HIERARCHY_TABLES = { clinics, departments, providers };

/**
 * Locks a clinic, department or provider row until the transaction ends: an administrator's save reads
 * the row's edit state and writes it back, so two saves at once (or a save and a sync) follow one another
 * and neither's marking is lost.
 */
export async function lockHierarchyRow(
  db: Db,
  table: keyof typeof HIERARCHY_TABLES,
  organisationId: string,
  id: string,
): Promise<void> {
  const target = HIERARCHY_TABLES[table];
  await db
    .select({ id: target.id })
    .from(target)
    .where(and(eq(target.organisationId, organisationId), eq(target.id, id)))
    .for('update');
}

export async function findClinic(db: Db, organisationId: string, clinicId: string): Promise<ClinicRow | undefined> {
  const [row] = await clinicsSelected(db).where(
    and(eq(clinics.organisationId, organisationId), eq(clinics.id, clinicId)),
  );
  return row;
}

export async function insertClinic(db: Db, organisationId: string, name: string): Promise<string> {
  const [row] = await db
    .insert(clinics)
    .values({ organisationId, name, source: HAND_ADDED_SOURCE, sourceId: randomUUID() })
    .returning({ id: clinics.id });
  if (!row) throw new Error('clinic not stored');
  return row.id;
}

export async function updateClinic(
  db: Db,
  where: { organisationId: string; clinicId: string },
  values: { name: string } & EditState,
): Promise<void> {
  await db
    .update(clinics)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(clinics.organisationId, where.organisationId), eq(clinics.id, where.clinicId)));
}

const departmentColumns = {
  id: departments.id,
  name: departments.name,
  clinicId: departments.clinicId,
  clinicName: clinics.name,
  source: departments.source,
  sourceId: departments.sourceId,
  updatedAt: departments.updatedAt,
  syncedAt: departments.syncedAt,
  editedFields: departments.editedFields,
  ehrValues: departments.ehrValues,
  /** The name of the clinic the EHR places the department in (its `ehr_values.clinicId`). */
  ehrClinicName: sql<
    string | null
  >`(select c."name" from "clinics" c where c."organisation_id" = "departments"."organisation_id" and c."id"::text = "departments"."ehr_values"->>'clinicId')`,
  providerCount,
};
const departmentsJoined = (db: Db) =>
  db.select(departmentColumns).from(departments).innerJoin(clinics, eq(clinics.id, departments.clinicId));
export type DepartmentRow = Awaited<ReturnType<ReturnType<typeof departmentsJoined>['execute']>>[number];

export async function listDepartments(
  db: Db,
  options: { organisationId: string; clinicId?: string | undefined; page: Page },
) {
  const { page } = options;
  const where = and(
    eq(departments.organisationId, options.organisationId),
    options.clinicId ? eq(departments.clinicId, options.clinicId) : undefined,
    page.search
      ? or(ilike(departments.name, containing(page.search)), ilike(clinics.name, containing(page.search)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    departmentsJoined(db)
      .where(where)
      .orderBy(asc(clinics.name), asc(departments.name), asc(departments.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(departments)
      .innerJoin(clinics, eq(clinics.id, departments.clinicId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findDepartment(
  db: Db,
  organisationId: string,
  departmentId: string,
): Promise<DepartmentRow | undefined> {
  const [row] = await departmentsJoined(db).where(
    and(eq(departments.organisationId, organisationId), eq(departments.id, departmentId)),
  );
  return row;
}

export async function insertDepartment(db: Db, values: { organisationId: string; clinicId: string; name: string }) {
  const [row] = await db
    .insert(departments)
    .values({ ...values, source: HAND_ADDED_SOURCE, sourceId: randomUUID() })
    .returning({ id: departments.id });
  if (!row) throw new Error('department not stored');
  return row.id;
}

export async function updateDepartment(
  db: Db,
  values: { organisationId: string; departmentId: string; clinicId: string; name: string } & EditState,
): Promise<void> {
  const { organisationId, departmentId, ...changed } = values;
  await db
    .update(departments)
    .set({ ...changed, updatedAt: new Date() })
    .where(and(eq(departments.organisationId, organisationId), eq(departments.id, departmentId)));
}

const providerColumns = {
  id: providers.id,
  firstName: providers.firstName,
  lastName: providers.lastName,
  suffix: providers.suffix,
  npi: providers.npi,
  departmentId: providers.departmentId,
  departmentName: departments.name,
  clinicName: clinics.name,
  source: providers.source,
  sourceId: providers.sourceId,
  updatedAt: providers.updatedAt,
  syncedAt: providers.syncedAt,
  editedFields: providers.editedFields,
  ehrValues: providers.ehrValues,
};

const providersJoined = (db: Db) =>
  db
    .select(providerColumns)
    .from(providers)
    .leftJoin(departments, eq(departments.id, providers.departmentId))
    .leftJoin(clinics, eq(clinics.id, departments.clinicId));
export type ProviderRow = Awaited<ReturnType<ReturnType<typeof providersJoined>['execute']>>[number];

export async function listProviders(
  db: Db,
  options: { organisationId: string; departmentId?: string | undefined; page: Page },
) {
  const { page } = options;
  const words = page.search ? containing(page.search) : undefined;
  const where = and(
    eq(providers.organisationId, options.organisationId),
    options.departmentId ? eq(providers.departmentId, options.departmentId) : undefined,
    words
      ? or(
          ilike(sql`${providers.firstName} || ' ' || ${providers.lastName}`, words),
          ilike(providers.suffix, words),
          ilike(providers.npi, words),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    providersJoined(db)
      .where(where)
      .orderBy(asc(providers.lastName), asc(providers.firstName), asc(providers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(providers).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findProvider(
  db: Db,
  organisationId: string,
  providerId: string,
): Promise<ProviderRow | undefined> {
  const [row] = await providersJoined(db).where(
    and(eq(providers.organisationId, organisationId), eq(providers.id, providerId)),
  );
  return row;
}

export interface ProviderFields {
  firstName: string;
  lastName: string;
  suffix: string | null;
  npi: string | null;
  departmentId: string | null;
}

export async function insertProvider(db: Db, organisationId: string, fields: ProviderFields): Promise<string> {
  const [row] = await db
    .insert(providers)
    .values({ organisationId, ...fields, source: HAND_ADDED_SOURCE, sourceId: randomUUID() })
    .returning({ id: providers.id });
  if (!row) throw new Error('provider not stored');
  return row.id;
}

export async function updateProvider(
  db: Db,
  where: { organisationId: string; providerId: string },
  fields: ProviderFields & EditState,
): Promise<void> {
  await db
    .update(providers)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(providers.organisationId, where.organisationId), eq(providers.id, where.providerId)));
}

/**
 * Gives an edited field back to the sync: the field takes the source's latest value (`ehr_values`) and
 * leaves `edited_fields`, in one statement so that a sync or edit in between cannot be half undone.
 */
export async function revertToSourceValue(
  db: Db,
  options: { table: keyof typeof HIERARCHY_TABLES; organisationId: string; id: string; field: string },
): Promise<void> {
  const table = HIERARCHY_TABLES[options.table];
  const column = (getTableColumns(table) as Record<string, { name: string; getSQLType(): string } | undefined>)[
    options.field
  ];
  if (!column) throw new Error(`${options.table} has no field ${options.field}`);
  await db.execute(sql`
    update ${table}
    set ${sql.identifier(column.name)} = (${table.ehrValues} ->> ${options.field})::${sql.raw(column.getSQLType())},
      edited_fields = array_remove(${table.editedFields}, ${options.field}), updated_at = now()
    where ${table.organisationId} = ${options.organisationId} and ${table.id} = ${options.id}`);
}

/**
 * The clinics of the organisation, or when `providerIds` is given only those with a department where
 * one of these providers works.
 */
export async function listGroupPractices(
  db: Db,
  options: { organisationId: string; providerIds: readonly string[] | undefined },
): Promise<{ id: string; name: string }[]> {
  const conditions: (SQL | undefined)[] = [eq(clinics.organisationId, options.organisationId)];
  if (options.providerIds) {
    const ids = [...options.providerIds];
    conditions.push(
      sql`${clinics.id} in (select ${departments.clinicId} from ${departments} join ${providers} on ${providers.departmentId} = ${departments.id} where ${inArray(providers.id, ids)})`,
    );
  }
  return db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(and(...conditions))
    .orderBy(asc(clinics.name), asc(clinics.id));
}
