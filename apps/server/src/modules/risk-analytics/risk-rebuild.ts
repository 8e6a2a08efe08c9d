import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeDecisions, writePatients, writePushes, writeRecaptures } from './risk-rebuild-facts';
import { prepareWorkTables, riskWindowOf, type RiskWindow } from './risk-rebuild-work';

/** The tables rebuilt whole at each rebuild (the snapshots keep their earlier months). */
const REBUILT_TABLES = [
  'risk_recaptures',
  'risk_decisions',
  'risk_pushes',
  'risk_open_suggestions',
  'risk_patients',
  'risk_counts',
  'risk_decision_days',
];

/** By month, provider, clinic and HCC, and by month, provider and clinic with every HCC together (hcc -1). */
const GROUPING = sql`grouping sets ((month, provider_id, clinic_id, hcc), (month, provider_id, clinic_id))`;
const HCC_OR_ALL = sql`case when grouping(hcc) = 1 then -1 else hcc end`;

/** The facts summed: each fact adds to its month's counters (see the columns of `risk_counts`). */
async function writeCounts(tx: Db, { organisationId }: RiskWindow): Promise<void> {
  await tx.execute(sql`insert into risk_counts (organisation_id, month, provider_id, clinic_id, hcc, recapture_due,
      recaptured, decided, accepted, decided_by_coder, accepted_by_coder, decided_by_provider, accepted_by_provider,
      decided_before_visit, both_decided, agreed, pushes_written, pushes_failed, pushes_pending)
    with facts as (
      select make_date(year, 1, 1) as month, provider_id, clinic_id, hcc, 1 as recapture_due, 0 as recaptured,
        0 as decided, 0 as accepted, 0 as decided_by_coder, 0 as accepted_by_coder, 0 as decided_by_provider,
        0 as accepted_by_provider, 0 as decided_before_visit, 0 as both_decided, 0 as agreed, 0 as pushes_written,
        0 as pushes_failed, 0 as pushes_pending
      from risk_recaptures where organisation_id = ${organisationId}
      union all
      select date_trunc('month', recaptured_on)::date, provider_id, clinic_id, hcc, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
      from risk_recaptures where organisation_id = ${organisationId} and recaptured_on is not null
      union all
      select month, provider_id, clinic_id, hcc, 0, 0, 1, (status = 'accepted')::int,
        (decider_role = 'coder')::int, (decider_role = 'coder' and status = 'accepted')::int,
        (decider_role = 'provider')::int, (decider_role = 'provider' and status = 'accepted')::int,
        is_before_visit::int, 0, 0, 0, 0, 0
      from risk_decisions
      where organisation_id = ${organisationId} and not is_added and status in ('accepted', 'rejected')
      union all
      select date_trunc('month', both_decided_on)::date, provider_id, clinic_id, hcc, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        (coder_status = provider_status)::int, 0, 0, 0
      from risk_decisions where organisation_id = ${organisationId} and both_decided_on is not null
      union all
      select month, provider_id, clinic_id, hcc, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        (status = 'written')::int, (status = 'failed')::int, (status not in ('written', 'failed'))::int
      from risk_pushes where organisation_id = ${organisationId}
    )
    select ${organisationId}::uuid, month, provider_id, clinic_id, ${HCC_OR_ALL}, sum(recapture_due), sum(recaptured),
      sum(decided), sum(accepted), sum(decided_by_coder), sum(accepted_by_coder), sum(decided_by_provider),
      sum(accepted_by_provider), sum(decided_before_visit), sum(both_decided), sum(agreed), sum(pushes_written),
      sum(pushes_failed), sum(pushes_pending)
    from facts group by ${GROUPING}`);
  await tx.execute(sql`insert into risk_decision_days (organisation_id, month, provider_id, clinic_id, hcc, days, decisions)
    select ${organisationId}::uuid, month, provider_id, clinic_id, ${HCC_OR_ALL}, days_to_decision, count(*)
    from risk_decisions
    where organisation_id = ${organisationId} and not is_added and status in ('accepted', 'rejected')
    group by grouping sets ((month, provider_id, clinic_id, hcc, days_to_decision), (month, provider_id, clinic_id, days_to_decision))`);
}

/** This month's snapshot of RAF and open suggestions, replacing an earlier one of the same month. */
async function writeSnapshot(tx: Db, { organisationId, month }: RiskWindow): Promise<void> {
  await tx.execute(
    sql`delete from risk_snapshots where organisation_id = ${organisationId} and month = ${month}::date`,
  );
  await tx.execute(sql`insert into risk_snapshots (organisation_id, month, provider_id, clinic_id, hcc, patients,
      raf_now_sum, raf_potential_sum, open_suggestions, undecided_suggestions)
    with suggested as (
      select patient_id, provider_id, clinic_id, hcc, count(*) as suggestions,
        count(*) filter (where decision_status is null) as undecided
      from risk_open_suggestions where organisation_id = ${organisationId}
      group by patient_id, provider_id, clinic_id, hcc
    ),
    by_patient as (
      select patient_id, sum(suggestions) as suggestions, sum(undecided) as undecided from suggested group by patient_id
    )
    select ${organisationId}::uuid, ${month}::date, rp.provider_id, rp.clinic_id, -1, count(*), sum(rp.raf_now),
      sum(rp.raf_potential), coalesce(sum(bp.suggestions), 0), coalesce(sum(bp.undecided), 0)
    from risk_patients rp left join by_patient bp on bp.patient_id = rp.patient_id
    where rp.organisation_id = ${organisationId}
    group by rp.provider_id, rp.clinic_id
    union all
    select ${organisationId}::uuid, ${month}::date, o.provider_id, o.clinic_id, o.hcc, count(*), sum(rp.raf_now),
      sum(rp.raf_potential), sum(o.suggestions), sum(o.undecided)
    from suggested o join risk_patients rp on rp.organisation_id = ${organisationId} and rp.patient_id = o.patient_id
    group by o.provider_id, o.clinic_id, o.hcc`);
}

/**
 * Rebuilds the organisation's risk-adjustment analytics (docs/analytics.md) from its records, decisions,
 * pushes and analyses, inside the population rebuild's transaction: readers see the old rows or the new.
 */
export async function rebuildRiskAnalytics(tx: Db, context: { organisationId: string; today: string }): Promise<void> {
  const window = riskWindowOf(context.organisationId, context.today);
  for (const table of REBUILT_TABLES) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where organisation_id = ${context.organisationId}`);
  }
  await prepareWorkTables(tx, window);
  await writeRecaptures(tx, window);
  await writeDecisions(tx, window);
  await writePushes(tx, window);
  await writePatients(tx, window);
  await writeCounts(tx, window);
  await writeSnapshot(tx, window);
}

/** The risk-analytics part of the population rebuild (a `PopulationBuilder`, population-builders.ts). */
export const riskAnalyticsBuilder = {
  name: 'risk-analytics',
  rebuild: rebuildRiskAnalytics,
};
