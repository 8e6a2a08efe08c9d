import { and, eq, getTableName, isNotNull, lt, sql } from 'drizzle-orm';
import {
  riskCounts,
  riskDecisionDays,
  riskDecisions,
  riskOpenSuggestions,
  riskPatients,
  riskPushes,
  riskRecaptures,
  riskSnapshots,
} from '../../db/analytics-schema';
import type { Db } from '../../db/client';
import { analysisJobs } from '../../db/clinical-schema';
import {
  popCostBands,
  popCostBodySystems,
  popCosts,
  popMembers,
  popPatientAmounts,
  popPatientMonths,
  popPatientPeriods,
  popStayDiagnoses,
  popStayMonths,
  popStays,
  populationRefresh,
} from '../../db/population-schema';
import { POPULATION_BUILDERS } from './population-builders';
import { rowsOf } from './population-scope';

/** What a rebuild of an organisation's population tables is of. */
export interface RebuildContext {
  organisationId: string;
  /** The day taken as today (`YYYY-MM-DD`): the trailing twelve months end with its month. */
  today: string;
}

/**
 * One part of the population tables (issue 20): `rebuild` deletes the organisation's rows of its tables
 * and writes them again from the patient data, inside the rebuild's transaction, so that readers see the
 * old rows or the new ones, never a mix.
 */
export interface PopulationBuilder {
  name: string;
  rebuild(tx: Db, context: RebuildContext): Promise<void>;
}

/** The tables the builders write: analysed at the end of each rebuild. */
const REBUILT_TABLES = [
  popMembers,
  popCosts,
  popCostBodySystems,
  popPatientPeriods,
  popPatientAmounts,
  popPatientMonths,
  popStays,
  popStayMonths,
  popStayDiagnoses,
  popCostBands,
  riskRecaptures,
  riskDecisions,
  riskPushes,
  riskPatients,
  riskOpenSuggestions,
  riskCounts,
  riskDecisionDays,
  riskSnapshots,
];

/** Patient data changed: the organisation's population tables are to be rebuilt (in the caller's transaction). */
export async function markPopulationChanged(tx: Db, organisationId: string): Promise<void> {
  await tx
    .insert(populationRefresh)
    .values({ organisationId, dirtySince: sql`now()` })
    .onConflictDoUpdate({
      target: populationRefresh.organisationId,
      set: { dirtySince: sql`coalesce(${populationRefresh.dirtySince}, now())` },
    });
}

/**
 * Rebuilds every population table of one organisation in one transaction, under a transaction-level
 * advisory lock so that two workers never rebuild the same organisation at once (the second one skips),
 * then vacuums the tables it rewrote. Answers false when another worker holds the lock.
 */
export async function rebuildPopulation(database: Db, context: RebuildContext): Promise<boolean> {
  const isRebuilt = await rebuildInTransaction(database, context);
  // Each rebuild deletes the organisation's rows and writes them again: the deleted ones stay in the tables until a
  // vacuum. PGlite (the embedded default) has no autovacuum, and a server may have it off or behind; without this,
  // every rebuild left the tables a copy larger (three rebuilds of 100,000 patients made the dashboards' reads 2 to 6
  // times slower). Outside the transaction, which VACUUM cannot run in; readers are not blocked.
  if (isRebuilt) for (const table of REBUILT_TABLES) await database.execute(sql.raw(`vacuum ${getTableName(table)}`));
  return isRebuilt;
}

async function rebuildInTransaction(database: Db, context: RebuildContext): Promise<boolean> {
  const started = Date.now();
  return database.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('population'), hashtext(${context.organisationId})) as locked`,
    );
    if (!lock?.locked) return false;
    // Read before the rebuild: a change committed while it runs leaves the organisation dirty. Read as
    // text, to the microsecond: a JavaScript Date keeps milliseconds, and the change would seem newer.
    const [state] = await tx
      .select({ dirtySince: sql<string | null>`${populationRefresh.dirtySince}::text` })
      .from(populationRefresh)
      .where(eq(populationRefresh.organisationId, context.organisationId));
    for (const builder of POPULATION_BUILDERS) await builder.rebuild(tx, context);
    // Each table was rewritten whole: its statistics (from its last analysis, maybe of an empty table) say nothing
    // of the new rows, and the dashboards' plans follow them (on 100,000 patients, stale ones made the admissions
    // summary scan all 270,000 stays through the wrong index: 470 ms instead of 40). Seconds at that size.
    for (const table of REBUILT_TABLES) await tx.execute(sql.raw(`analyze ${getTableName(table)}`));
    await tx
      .insert(populationRefresh)
      .values({
        organisationId: context.organisationId,
        refreshedAt: sql`now()`,
        asOf: context.today,
        durationMs: Date.now() - started,
      })
      .onConflictDoUpdate({
        target: populationRefresh.organisationId,
        set: {
          refreshedAt: sql`now()`,
          asOf: context.today,
          durationMs: Date.now() - started,
          lastError: null,
          dirtySince: state?.dirtySince
            ? sql`case when ${populationRefresh.dirtySince} > ${state.dirtySince}::timestamptz then ${populationRefresh.dirtySince} end`
            : sql`${populationRefresh.dirtySince}`,
        },
      });
    return true;
  });
}

/** Changes settle this long before a rebuild, so that a burst of imports rebuilds once. */
const SETTLE_MS = 5_000;

/**
 * Rebuilds the organisations whose data changed (settled for a few seconds) and whose analysis queue is
 * empty: the analysis worker calls it between batches. A failure is recorded on the organisation and
 * the next call tries again. Answers the organisations rebuilt.
 */
export async function refreshChangedPopulations(database: Db, today: string): Promise<string[]> {
  const due = await database
    .select({ organisationId: populationRefresh.organisationId })
    .from(populationRefresh)
    .where(
      and(
        isNotNull(populationRefresh.dirtySince),
        lt(populationRefresh.dirtySince, sql`now() - make_interval(secs => ${SETTLE_MS / 1000})`),
        sql`not exists (select 1 from ${analysisJobs} where ${analysisJobs.organisationId} = ${populationRefresh.organisationId} and ${analysisJobs.status} = 'pending')`,
      ),
    );
  const rebuilt: string[] = [];
  for (const { organisationId } of due) {
    try {
      if (await rebuildPopulation(database, { organisationId, today })) rebuilt.push(organisationId);
    } catch (error) {
      // The class and the database's error code only: a message can quote patient data.
      const code = (error as { code?: unknown }).code;
      const reason = `${error instanceof Error ? error.name : 'Error'}${typeof code === 'string' ? ` ${code}` : ''}`;
      await database
        .update(populationRefresh)
        .set({ lastError: reason })
        .where(eq(populationRefresh.organisationId, organisationId));
    }
  }
  return rebuilt;
}
