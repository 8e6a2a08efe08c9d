import {
  FIT_KIT_STATUSES,
  type FitBatch,
  type FitKit,
  type FitKitCounts,
  type FitKitFilters,
  type FitKitStatus,
} from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { patientInScope, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import { fitBatches, fitKits } from '../../db/clinical-schema';
import { FIT_MEASURE_ID } from './fit-candidates.repository';
import { patientColumns, rowsOf, toPatient, type PatientColumns } from './fit-sql';

const noKits = (): FitKitCounts => Object.fromEntries(FIT_KIT_STATUSES.map((status) => [status, 0])) as FitKitCounts;

/** A batch and a kit, status mailed, for each patient, in one transaction. */
export async function insertBatch(
  db: Db,
  options: {
    organisationId: string;
    userId: string | null;
    template: { id: string; name: string; language: string; body: string; returnByDays: number };
    mailedOn: string;
    returnBy: string;
    patientIds: readonly string[];
  },
): Promise<string> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { organisationId, template, mailedOn } = options;
    const [batch] = await tx
      .insert(fitBatches)
      .values({
        organisationId,
        templateId: template.id,
        templateName: template.name,
        language: template.language,
        body: template.body,
        returnByDays: template.returnByDays,
        mailedOn,
        returnBy: options.returnBy,
        createdBy: options.userId,
      })
      .returning({ id: fitBatches.id });
    if (!batch) throw new Error('batch not stored');
    await tx.insert(fitKits).values(
      options.patientIds.map((patientId) => ({
        organisationId,
        batchId: batch.id,
        patientId,
        status: 'mailed' as const,
        mailedOn,
        statusChangedBy: options.userId,
      })),
    );
    return batch.id;
  });
}

interface BatchRow {
  id: string;
  template_id: string | null;
  template_name: string;
  language: string;
  mailed_on: string;
  return_by: string;
  created_at: number;
  created_by_name: string | null;
  counts: Partial<Record<FitKitStatus, number>> | null;
}

/** The batches, latest first (at most 200), their kits of the caller's scope counted per state. */
export async function listBatches(db: Db, options: { scope: CareScope; batchId?: string }): Promise<FitBatch[]> {
  const { scope } = options;
  const rows = rowsOf<BatchRow>(
    await db.execute(sql`
      select batch.id, batch.template_id, batch.template_name, batch.language, batch.mailed_on::text as mailed_on,
        batch.return_by::text as return_by, extract(epoch from batch.created_at)::float8 * 1000 as created_at,
        nullif(concat_ws(' ', creator.first_name, creator.last_name), '') as created_by_name,
        (select jsonb_object_agg(counted.status, counted.kits) from (select kit.status, count(*)::int as kits
          from fit_kits kit join patients on patients.id = kit.patient_id
          where kit.batch_id = batch.id and ${patientInScope(scope)} group by kit.status) counted) as counts
      from fit_batches batch
      left join users creator on creator.id = batch.created_by
      where batch.organisation_id = ${scope.organisationId}
        ${options.batchId ? sql`and batch.id = ${options.batchId}` : sql``}
      order by batch.created_at desc, batch.id limit 200`),
  );
  return rows.map((row) => {
    const counts = { ...noKits(), ...row.counts };
    return {
      id: row.id,
      templateId: row.template_id,
      templateName: row.template_name,
      language: row.language,
      mailedOn: row.mailed_on,
      returnBy: row.return_by,
      createdAt: new Date(row.created_at).toISOString(),
      createdByName: row.created_by_name,
      kitCount: Object.values(counts).reduce((sum, count) => sum + count, 0),
      counts,
    };
  });
}

/** A batch as it was mailed: the template's words and the days, for its letters. */
export async function findBatch(db: Db, organisationId: string, batchId: string) {
  const [row] = rowsOf<{ id: string; body: string; language: string; mailed_on: string; return_by_days: number }>(
    await db.execute(sql`select id, body, language, mailed_on::text as mailed_on, return_by_days from fit_batches
      where id = ${batchId} and organisation_id = ${organisationId}`),
  );
  return row;
}

/** The patients of a batch's kits in the caller's scope, by name. */
export async function listBatchPatients(db: Db, options: { scope: CareScope; batchId: string }): Promise<string[]> {
  const rows = rowsOf<{ patient_id: string }>(
    await db.execute(sql`select kit.patient_id from fit_kits kit join patients on patients.id = kit.patient_id
      where kit.batch_id = ${options.batchId} and ${patientInScope(options.scope)}
      order by lower(patients.last_name), lower(patients.first_name), patients.id`),
  );
  return rows.map((row) => row.patient_id);
}

function kitConditions(
  options: { scope: CareScope; filters: FitKitFilters; today: string },
  withStatuses: boolean,
): SQL {
  const { scope, filters } = options;
  const conditions: SQL[] = [sql`kit.organisation_id = ${scope.organisationId}`, patientInScope(scope)];
  if (withStatuses && filters.statuses) conditions.push(sql`kit.status = any(${sql.param(filters.statuses)}::text[])`);
  if (filters.batchIds) conditions.push(sql`kit.batch_id = any(${sql.param(filters.batchIds)}::uuid[])`);
  if (filters.results) conditions.push(sql`kit.result = any(${sql.param(filters.results)}::text[])`);
  if (filters.mailedAfter) conditions.push(sql`kit.mailed_on >= ${filters.mailedAfter}`);
  if (filters.mailedBefore) conditions.push(sql`kit.mailed_on <= ${filters.mailedBefore}`);
  if (filters.isOverdue) conditions.push(sql`kit.status = 'mailed' and batch.return_by < ${options.today}`);
  return sql.join(conditions, sql` and `);
}

interface KitRow extends PatientColumns {
  id: string;
  status: FitKitStatus;
  mailed_on: string;
  return_by: string;
  returned_on: string | null;
  resulted_on: string | null;
  result: FitKit['result'];
  result_text: string | null;
  batch_id: string;
  template_name: string;
  gap_status: string | null;
  status_changed_at: number;
}

const kitSelect = sql`select kit.id, ${patientColumns}, kit.status, kit.mailed_on::text as mailed_on,
  batch.return_by::text as return_by, kit.returned_on::text as returned_on, kit.resulted_on::text as resulted_on,
  kit.result, kit.result_text, batch.id as batch_id, batch.template_name,
  (select gap.status from care_gaps gap where gap.patient_id = kit.patient_id and gap.measure_id = ${FIT_MEASURE_ID}) as gap_status,
  extract(epoch from kit.status_changed_at)::float8 * 1000 as status_changed_at
  from fit_kits kit join fit_batches batch on batch.id = kit.batch_id join patients on patients.id = kit.patient_id`;

const toKit = (row: KitRow): FitKit => ({
  id: row.id,
  patient: toPatient(row),
  status: row.status,
  mailedOn: row.mailed_on,
  returnBy: row.return_by,
  returnedOn: row.returned_on,
  resultedOn: row.resulted_on,
  result: row.result,
  resultText: row.result_text,
  batch: { id: row.batch_id, templateName: row.template_name },
  gapStatus: row.gap_status,
  statusChangedAt: new Date(row.status_changed_at).toISOString(),
});

/** A page of kits, latest mailed first, the total, and the kits matching every filter but the states per state. */
export async function listKits(
  db: Db,
  options: { scope: CareScope; filters: FitKitFilters; today: string; limit: number; offset: number },
): Promise<{ rows: FitKit[]; total: number; counts: FitKitCounts }> {
  const [rows, counted] = await Promise.all([
    db.execute(sql`${kitSelect} where ${kitConditions(options, true)}
      order by kit.mailed_on desc, lower(patients.last_name), lower(patients.first_name), kit.id
      limit ${options.limit} offset ${options.offset}`),
    db.execute(sql`select kit.status, count(*)::int as kits from fit_kits kit
      join fit_batches batch on batch.id = kit.batch_id join patients on patients.id = kit.patient_id
      where ${kitConditions(options, false)} group by kit.status`),
  ]);
  const counts = noKits();
  for (const row of rowsOf<{ status: FitKitStatus; kits: number }>(counted)) counts[row.status] = row.kits;
  const statuses: readonly FitKitStatus[] = options.filters.statuses ?? FIT_KIT_STATUSES;
  const total = statuses.reduce<number>((sum, status) => sum + counts[status], 0);
  return { rows: rowsOf<KitRow>(rows).map(toKit), total, counts };
}

export async function findKit(db: Db, options: { scope: CareScope; kitId: string }): Promise<FitKit | undefined> {
  const [row] = rowsOf<KitRow>(
    await db.execute(
      sql`${kitSelect} where kit.id = ${options.kitId} and ${kitConditions(
        { scope: options.scope, filters: {}, today: '' },
        false,
      )}`,
    ),
  );
  return row ? toKit(row) : undefined;
}

/** Sets a kit's state unless it has resulted meanwhile; answers whether it changed. */
export async function setKitStatus(
  db: Db,
  options: { kitId: string; status: FitKitStatus; returnedOn: string | null; userId: string },
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`update fit_kits set status = ${options.status}, returned_on = ${options.returnedOn},
      status_changed_at = now(), status_changed_by = ${options.userId}
      where id = ${options.kitId} and status <> 'resulted' returning id`),
  );
  return rows.length > 0;
}
