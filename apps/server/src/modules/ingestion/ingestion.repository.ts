import { and, count, eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as schema from '../../db/clinical-schema';
import { organisations } from '../../db/schema';
import type { ClinicalTables, TableName } from '../../integrations/fhir/fhir-mapping';

export const TABLES: ClinicalTables = {
  clinics: schema.clinics,
  departments: schema.departments,
  providers: schema.providers,
  patients: schema.patients,
  encounters: schema.encounters,
  appointments: schema.appointments,
  conditions: schema.conditions,
  observations: schema.observations,
  medications: schema.medications,
  allergies: schema.allergies,
  procedures: schema.procedures,
  immunizations: schema.immunizations,
  carePlans: schema.carePlans,
  diagnosticReports: schema.diagnosticReports,
  documents: schema.documents,
  claimDiagnoses: schema.claimDiagnoses,
  claims: schema.claims,
  coverages: schema.coverages,
  partnerNotes: schema.partnerNotes,
};

/** Rows a statement: one JSON parameter each, so the size of a statement is bounded by memory, not parameters. */
const CHUNK_ROWS = 2_000;
/** Never overwritten by a re-import: the row's identity and its change counter. */
const KEPT_COLUMNS = new Set(['id', 'organisationId', 'source', 'sourceId', 'dataVersion', 'search']);
/** Written by the import itself on the tables an administrator edits (clinics, departments, providers), never by a mapper. */
const ADMIN_EDIT_COLUMNS = ['editedFields', 'ehrValues', 'syncedAt'];

export interface StoredRow {
  id: string;
  sourceId: string;
}

/**
 * Inserts or updates rows on `(organisation_id, source, source_id)` and answers the id and source id
 * of each (unless `returning` is false: nothing links to the rows of most tables). Each chunk of rows goes as one JSON parameter read by `json_to_recordset`: PostgreSQL and
 * PGlite parse one JSON document much faster than thousands of bound parameters (the ingestion budget
 * is 5,000 resources a second). A key absent from a row is NULL, so mappers give every column. The
 * organisation and source are parameters of the statement, not repeated in every row.
 */
export async function upsertRows(
  db: Db,
  name: TableName,
  scope: { organisationId: string; source: string },
  rows: readonly Record<string, unknown>[],
  options: { returning: boolean } = { returning: true },
): Promise<StoredRow[]> {
  if (rows.length === 0) return [];
  const table = TABLES[name] as typeof schema.conditions;
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (key) => columns[key] && key !== 'organisationId' && key !== 'source' && !ADMIN_EDIT_COLUMNS.includes(key),
  );
  const tableName = getTableName(table);
  const statement = upsertStatement({
    tableName,
    keys,
    columns,
    isAdministered: ADMIN_EDIT_COLUMNS.every((key) => key in columns),
  });
  const stored: StoredRow[] = [];
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS).map((row) => rowJson(row, keys, columns));
    const result: unknown = await db.execute(sql`
      insert into ${sql.raw(`"${tableName}"`)} (organisation_id, source, ${sql.raw(statement.columns)})
      select ${scope.organisationId}::uuid, ${scope.source}::text, ${sql.raw(statement.values)}
      from json_to_recordset(${JSON.stringify(chunk)}::json) as rows(${sql.raw(statement.recordType)})
      on conflict (organisation_id, source, source_id)
      do update set ${sql.raw(statement.updates)}
      ${options.returning ? sql`returning id, source_id` : sql``}`);
    if (!options.returning) continue;
    // Both drivers answer `{ rows }`; the shared Db type does not say so.
    const { rows: written } = result as { rows: { id: string; source_id: string }[] };
    for (const row of written) stored.push({ id: row.id, sourceId: row.source_id });
  }
  return stored;
}

/**
 * The parts of an upsert's statement (identifiers of our own schema, never input). On the tables an
 * administrator edits (issue 17 item 2), a field named in the row's `edited_fields` keeps Cairn's
 * value; `ehr_values` takes the source's value of every field given, edited or not, and `synced_at` the
 * time, so the admin tool can show what the EHR says beside an edit and when it last said it.
 */
function upsertStatement(options: {
  tableName: string;
  keys: readonly string[];
  columns: Record<string, { name: string; getSQLType(): string }>;
  isAdministered: boolean;
}): { columns: string; values: string; recordType: string; updates: string } {
  const { tableName, keys, columns, isAdministered } = options;
  const nameOf = (key: string) => `"${columns[key]?.name ?? key}"`;
  const names = keys.map(nameOf);
  const recordType = keys.map((key) => `${nameOf(key)} ${columns[key]?.getSQLType() ?? 'text'}`);
  const given = keys.filter((key) => !KEPT_COLUMNS.has(key));
  const updates = given.map((key) =>
    isAdministered
      ? `${nameOf(key)} = case when '${key}' = any("${tableName}"."edited_fields") then "${tableName}".${nameOf(key)} else excluded.${nameOf(key)} end`
      : `${nameOf(key)} = excluded.${nameOf(key)}`,
  );
  updates.push('updated_at = now()');
  if (!isAdministered) {
    return {
      columns: names.join(', '),
      values: names.join(', '),
      recordType: recordType.join(', '),
      updates: updates.join(', '),
    };
  }
  const ehrValues = `jsonb_build_object(${given.map((key) => `'${key}', ${nameOf(key)}`).join(', ')})`;
  updates.push(
    `ehr_values = coalesce("${tableName}"."ehr_values", '{}'::jsonb) || excluded."ehr_values"`,
    'synced_at = now()',
  );
  return {
    columns: [...names, 'ehr_values', 'synced_at'].join(', '),
    values: [...names, ehrValues, 'now()'].join(', '),
    recordType: recordType.join(', '),
    updates: updates.join(', '),
  };
}

/** A row keyed by column name; dates as ISO strings, jsonb values as they are. */
function rowJson(
  row: Record<string, unknown>,
  keys: readonly string[],
  columns: Record<string, { name: string }>,
): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const key of keys) {
    const value = row[key];
    json[columns[key]?.name ?? key] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return json;
}

/** The ids of rows already imported from this source, by source id. */
export async function findIdsBySource(
  db: Db,
  name: TableName,
  scope: { organisationId: string; source: string },
  sourceIds: readonly string[],
): Promise<StoredRow[]> {
  if (sourceIds.length === 0) return [];
  const table = TABLES[name] as typeof schema.conditions;
  return db
    .select({ id: table.id, sourceId: table.sourceId })
    .from(table)
    .where(
      and(
        eq(table.organisationId, scope.organisationId),
        eq(table.source, scope.source),
        inArray(table.sourceId, [...sourceIds]),
      ),
    );
}

export interface OrganisationTotals {
  patients: number;
  encounters: number;
  conditions: number;
  observations: number;
  medications: number;
  documents: number;
}

/** How many rows of each kind an organisation holds (every source). */
export async function countOrganisationRows(db: Db, organisationId: string): Promise<OrganisationTotals> {
  const countOf = async (name: keyof OrganisationTotals): Promise<number> => {
    const table = TABLES[name] as typeof schema.conditions;
    const [row] = await db.select({ value: count() }).from(table).where(eq(table.organisationId, organisationId));
    return row?.value ?? 0;
  };
  return {
    patients: await countOf('patients'),
    encounters: await countOf('encounters'),
    conditions: await countOf('conditions'),
    observations: await countOf('observations'),
    medications: await countOf('medications'),
    documents: await countOf('documents'),
  };
}

export async function findOrganisationBySlug(db: Db, slug: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, slug));
  return row;
}

/**
 * Sets the encounter of appointments named by an Encounter, including appointments of an earlier
 * import (an Encounter read after its Appointment). Within one bundle the link is already written.
 */
export async function linkAppointmentsToEncounters(
  db: Db,
  scope: { organisationId: string; source: string },
  links: readonly { appointmentSourceId: string; encounterId: string }[],
): Promise<void> {
  if (links.length === 0) return;
  const json = links.map((link) => ({ source_id: link.appointmentSourceId, encounter_id: link.encounterId }));
  await db.execute(sql`
    update appointments set encounter_id = links.encounter_id, updated_at = now()
    from json_to_recordset(${JSON.stringify(json)}::json) as links(source_id text, encounter_id uuid)
    where appointments.organisation_id = ${scope.organisationId}::uuid and appointments.source = ${scope.source}
      and appointments.source_id = links.source_id and appointments.encounter_id is distinct from links.encounter_id`);
}
