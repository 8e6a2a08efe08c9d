import type { Db } from '../../db/client';
import type { FileStore } from '../../integrations/files/file-store';
import { LINK_TARGETS, type LinkColumn, type MappedRow, type TableName } from '../../integrations/fhir/fhir-mapping';
import { MappingError } from '../../integrations/fhir/fhir-values';
import { isImportedResource, mapResource } from '../../integrations/fhir/map-resource';
import { markPatientsChanged } from '../analysis';
import { matchFitResults } from '../fit-kits';
import { readAttachment } from './attachments';
import { reportableId, unstorableResourceReason, unstorableRowsReason } from './unstorable-values';
import { unmappedSnomedCodes, type UnmappedSnomedCode } from './unmapped-codes';
import {
  bundleContext,
  bundleEntries,
  isObject,
  isResource,
  sourceIdOf,
  type BundleEntry,
} from '../../integrations/fhir/fhir-bundle';
import {
  countOrganisationRows,
  findIdsBySource,
  linkAppointmentsToEncounters,
  upsertRows,
  type OrganisationTotals,
} from './ingestion.repository';

export type IngestionSource = 'EHR' | 'HIE';

export interface ImportBundleOptions {
  organisationId: string;
  source: IngestionSource;
  /** A Bundle (transaction, batch, collection, searchset) or a single resource, parsed JSON. */
  bundle: unknown;
  /** Where HTML and PDF originals go; without one, only their text is kept. */
  fileStore?: FileStore;
}

/** A resource that was not imported: its position in the bundle and why (never its content). */
export interface Rejection {
  index: number;
  resourceType: string | null;
  id: string | null;
  reason: string;
}

export interface ImportResult {
  imported: Record<string, number>;
  rejected: Rejection[];
  /** SNOMED CT codes of imported conditions stored with no ICD-10-CM code (count per code, no patient data). */
  unmappedSnomed: UnmappedSnomedCode[];
}

/** The tables other rows link to: their ids are needed as the import goes on. */
const LINKED_TABLES: ReadonlySet<TableName> = new Set(Object.values(LINK_TARGETS));

/** Dependency order: what a row links to is written before it. */
const TABLE_ORDER: readonly TableName[] = [
  'clinics',
  'providers',
  'departments',
  'patients',
  'encounters',
  'appointments',
  'conditions',
  'observations',
  'medications',
  'allergies',
  'procedures',
  'immunizations',
  'carePlans',
  'diagnosticReports',
  'documents',
  'claimDiagnoses',
  'claims',
  'coverages',
  'partnerNotes',
];
/**
 * The links each table takes from FHIR; one the resource does not give is emptied on re-import, so a
 * row always says what its source says. Links FHIR does not carry (a provider's department) are kept.
 * A row whose patient (or a department whose clinic) cannot be found is rejected; other links are
 * left empty when they do not resolve.
 */
const MAPPED_LINKS: Readonly<Record<TableName, readonly LinkColumn[]>> = {
  clinics: [],
  providers: [],
  departments: ['clinicId'],
  patients: ['primaryProviderId'],
  encounters: ['patientId', 'providerId', 'clinicId'],
  appointments: ['patientId', 'providerId', 'departmentId', 'encounterId'],
  conditions: ['patientId', 'encounterId'],
  observations: ['patientId', 'encounterId'],
  medications: ['patientId'],
  allergies: ['patientId'],
  procedures: ['patientId', 'encounterId'],
  immunizations: ['patientId', 'encounterId'],
  carePlans: ['patientId', 'encounterId'],
  diagnosticReports: ['patientId', 'encounterId'],
  documents: ['patientId', 'encounterId'],
  claimDiagnoses: ['patientId'],
  claims: ['patientId', 'encounterId'],
  coverages: ['patientId'],
  partnerNotes: ['patientId'],
};

/**
 * Links kept when a re-import does not give them. An appointment's encounter comes from an Encounter
 * naming it (R4 has no `Appointment.encounter`), so an Appointment imported without that Encounter
 * (a schedule read alone) says nothing about the link; it must not undo what an earlier import set.
 */
const LINKS_KEPT_WHEN_ABSENT: Readonly<Partial<Record<TableName, readonly LinkColumn[]>>> = {
  appointments: ['encounterId'],
};

interface MappedResource {
  index: number;
  resourceType: string;
  id: string;
  rows: MappedRow[];
}

/**
 * Imports FHIR R4 data into the organisation's tables: every resource is mapped, then all rows are
 * upserted on `(organisation, source, source id)` in one transaction, table by table in dependency
 * order, and the patients whose data changed are marked for analysis. A resource that cannot be read
 * is reported and left out; the rest of the bundle is kept. Throws `BundleError` for input that is
 * not a bundle or resource at all.
 */
export async function importBundle(db: Db, options: ImportBundleOptions): Promise<ImportResult> {
  const entries = bundleEntries(options.bundle);
  const rejected: Rejection[] = [];
  const read = mapEntries(entries, rejected);
  await readAttachments(read, options);
  const mapped = withoutUnstorableRows(read, rejected);
  const failed = await db.transaction(async (tx) => writeRows(tx as unknown as Db, mapped, options, rejected));
  const imported: Record<string, number> = {};
  for (const resource of mapped) {
    if (!failed.has(resource.index)) imported[resource.resourceType] = (imported[resource.resourceType] ?? 0) + 1;
  }
  rejected.sort((left, right) => left.index - right.index);
  const stored = mapped.filter((resource) => !failed.has(resource.index)).flatMap((resource) => resource.rows);
  return { imported, rejected, unmappedSnomed: unmappedSnomedCodes(stored) };
}

/** The organisation's row counts after an import. */
export function organisationTotals(db: Db, organisationId: string): Promise<OrganisationTotals> {
  return countOrganisationRows(db, organisationId);
}

function mapEntries(entries: readonly BundleEntry[], rejected: Rejection[]): MappedResource[] {
  const context = bundleContext(entries);
  const mapped: MappedResource[] = [];
  for (const entry of entries) {
    const { resource, index } = entry;
    if (!isResource(resource)) {
      const resourceType =
        isObject(resource) && typeof resource.resourceType === 'string' ? resource.resourceType : null;
      rejected.push({ index, resourceType, id: null, reason: 'malformed resource' });
      continue;
    }
    if (!isImportedResource(resource, context)) continue;
    const id = sourceIdOf(entry);
    const reject = (reason: string) =>
      rejected.push({ index, resourceType: resource.resourceType, id: reportableId(id), reason });
    if (!id) {
      reject('no id');
      continue;
    }
    const unstorable = unstorableResourceReason(resource) ?? unstorableResourceReason({ id });
    if (unstorable) {
      reject(unstorable);
      continue;
    }
    try {
      mapped.push({ index, resourceType: resource.resourceType, id, rows: mapResource(resource, id, context) });
    } catch (error) {
      reject(error instanceof MappingError ? error.message : 'malformed resource');
    }
  }
  return mapped;
}

/** Resources whose rows PostgreSQL cannot store are rejected here, so that they cannot fail the others' transaction. */
function withoutUnstorableRows(mapped: readonly MappedResource[], rejected: Rejection[]): MappedResource[] {
  return mapped.filter(({ index, resourceType, id, rows }) => {
    const reason = unstorableRowsReason(rows);
    if (reason) rejected.push({ index, resourceType, id, reason });
    return reason === undefined;
  });
}

async function readAttachments(mapped: readonly MappedResource[], options: ImportBundleOptions): Promise<void> {
  for (const resource of mapped) {
    for (const row of resource.rows) {
      if (row.table !== 'documents' || !row.attachment) continue;
      const read = await readAttachment(row.attachment, options);
      row.values = { ...row.values, ...read };
    }
  }
}

/** Writes every table in order; answers the indexes of resources rejected for links that do not resolve. */
async function writeRows(
  db: Db,
  mapped: readonly MappedResource[],
  options: ImportBundleOptions,
  rejected: Rejection[],
): Promise<Set<number>> {
  const scope = { organisationId: options.organisationId, source: options.source };
  const ids = new Map<TableName, Map<string, string>>();
  const failed = new Set<number>();
  const changedPatients = new Set<string>();
  for (const table of TABLE_ORDER) {
    const planned = mapped.flatMap((resource) =>
      failed.has(resource.index)
        ? []
        : resource.rows.filter((row) => row.table === table).map((row) => ({ resource, row })),
    );
    if (planned.length === 0) continue;
    await loadMissingIds(
      db,
      scope,
      ids,
      planned.map(({ row }) => row),
    );
    const bySourceId = new Map<string, Record<string, unknown>>();
    for (const { resource, row } of planned) {
      const linked = linkRow(table, row, ids);
      if (typeof linked === 'string') {
        failed.add(resource.index);
        rejected.push({ index: resource.index, resourceType: resource.resourceType, id: resource.id, reason: linked });
        continue;
      }
      if (typeof linked.patientId === 'string') changedPatients.add(linked.patientId);
      bySourceId.set(row.values.sourceId, linked);
    }
    const returning = LINKED_TABLES.has(table);
    // A column absent from every row of an upsert is left as it is; present in some, it is set (NULL
    // where absent). Rows without a kept link therefore go in a statement of their own.
    for (const rows of groupByColumns([...bySourceId.values()])) {
      const stored = await upsertRows(db, table, scope, rows, { returning });
      if (table === 'patients') for (const row of stored) changedPatients.add(row.id);
      remember(ids, table, stored);
    }
  }
  await linkAppointmentsToEncounters(db, scope, appointmentLinks(mapped, failed, ids));
  await markPatientsChanged(db, options.organisationId, [...changedPatients]);
  // A FIT result arriving by any import (results file, EHR sync, HIE bundle) results its kit at once.
  if (mapped.some((resource) => resource.rows.some((row) => row.table === 'observations'))) {
    await matchFitResults(db, { organisationId: options.organisationId, patientIds: [...changedPatients] });
  }
  return failed;
}

function groupByColumns(rows: readonly Record<string, unknown>[]): Record<string, unknown>[][] {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/** Each appointment an imported Encounter names, with that encounter's row id. */
function appointmentLinks(
  mapped: readonly MappedResource[],
  failed: ReadonlySet<number>,
  ids: ReadonlyMap<TableName, ReadonlyMap<string, string>>,
): { appointmentSourceId: string; encounterId: string }[] {
  return mapped.flatMap((resource) =>
    failed.has(resource.index)
      ? []
      : resource.rows.flatMap((row) => {
          const encounterId = row.table === 'encounters' ? ids.get('encounters')?.get(row.values.sourceId) : undefined;
          if (!encounterId) return [];
          return (row.appointmentSourceIds ?? []).map((appointmentSourceId) => ({ appointmentSourceId, encounterId }));
        }),
  );
}

/** The row's values with its links as row ids, or why it cannot be written. */
function linkRow(
  table: TableName,
  row: MappedRow,
  ids: ReadonlyMap<TableName, ReadonlyMap<string, string>>,
): Record<string, unknown> | string {
  const values: Record<string, unknown> = { ...row.values };
  for (const column of MAPPED_LINKS[table]) {
    const sourceId = row.refs[column];
    const id = sourceId === undefined ? undefined : ids.get(LINK_TARGETS[column])?.get(sourceId);
    if (!id && column === 'patientId') return 'unknown patient';
    if (!id && column === 'clinicId' && table === 'departments') return 'unknown organization';
    if (!id && LINKS_KEPT_WHEN_ABSENT[table]?.includes(column)) continue;
    values[column] = id ?? null;
  }
  return values;
}

function remember(
  ids: Map<TableName, Map<string, string>>,
  table: TableName,
  rows: readonly { id: string; sourceId: string }[],
) {
  let known = ids.get(table);
  if (!known) ids.set(table, (known = new Map<string, string>()));
  for (const row of rows) known.set(row.sourceId, row.id);
}

/** Links to rows imported earlier (not in this bundle) are looked up once per table. */
async function loadMissingIds(
  db: Db,
  scope: { organisationId: string; source: string },
  ids: Map<TableName, Map<string, string>>,
  rows: readonly MappedRow[],
): Promise<void> {
  const wanted = new Map<TableName, Set<string>>();
  for (const row of rows) {
    for (const [column, sourceId] of Object.entries(row.refs) as [LinkColumn, string][]) {
      const target = LINK_TARGETS[column];
      if (ids.get(target)?.has(sourceId)) continue;
      let set = wanted.get(target);
      if (!set) wanted.set(target, (set = new Set<string>()));
      set.add(sourceId);
    }
  }
  for (const [target, sourceIds] of wanted) {
    remember(ids, target, await findIdsBySource(db, target, scope, [...sourceIds]));
  }
}
