import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUSH_FAILURE_REASONS, REJECT_REASONS, analyticsEvent } from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { seedDemoAccounts } from './demo-accounts';
import { DEMO_PATIENTS, seedDemo } from './demo-seed';
import { addDays, localIsoDate } from './generator/random';

/** What the analytics and population health dashboards read of the demo organisation (issue 20). */
let test: TestApp;
let db: Db;
const dataDir = mkdtempSync(join(tmpdir(), 'cairn-demo-dashboards-'));
const today = localIsoDate();

beforeAll(async () => {
  test = await buildTestApp();
  db = test.app.database.db;
  await seedDemoAccounts(db, dataDir);
  await seedDemo(db, { ...test.config, dataDir }, { today });
}, 120_000);
afterAll(async () => {
  await test.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function rows<T>(query: SQL): Promise<T[]> {
  // PGlite and node-postgres both answer `{ rows }`.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
async function one<T>(query: SQL): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error('no row');
  return row;
}

/** Years the demo's three calendar years of history cover up to today. */
const years = (Date.parse(today) - Date.parse(`${String(Number(today.slice(0, 4)) - 2)}-01-01`)) / (365 * 86_400_000);

describe("the demo organisation's data for the dashboards", () => {
  it('admits about 60-250 patients per 1,000 a year for 2-9 days, with observation stays and more emergency visits', async () => {
    const counts = await one<{
      inpatient: number;
      observation: number;
      emergency: number;
      longest: number;
      shortest: number;
    }>(sql`
      select count(*) filter (where class_code = 'IMP')::int as inpatient,
        count(*) filter (where class_code = 'OBSENC')::int as observation,
        count(*) filter (where class_code = 'EMER')::int as emergency,
        max(end_date - start_date) filter (where class_code = 'IMP')::int as longest,
        min(end_date - start_date) filter (where class_code = 'IMP')::int as shortest
      from encounters`);
    const perThousand = (count: number) => (count / DEMO_PATIENTS / years) * 1000;
    expect(perThousand(counts.inpatient)).toBeGreaterThan(60);
    expect(perThousand(counts.inpatient)).toBeLessThan(250);
    expect(perThousand(counts.emergency)).toBeGreaterThan(250);
    expect(perThousand(counts.emergency)).toBeLessThan(500);
    expect(counts.observation).toBeGreaterThan(0);
    expect(counts.shortest).toBeGreaterThanOrEqual(2);
    expect(counts.longest).toBeLessThanOrEqual(9);
  });

  it('gives every stay a discharge diagnosis and the hospital claim for it, and knows some outside stays from claims alone', async () => {
    const stays = await one<{ undiagnosed: number; unbilled: number; claimOnly: number }>(sql`
      select count(*) filter (where not exists (select 1 from conditions c where c.encounter_id = e.id
          and c.category = 'encounter-diagnosis'))::int as undiagnosed,
        count(*) filter (where e.end_date < ${addDays(today, -14)}::date and not exists (select 1 from claims c
          where c.encounter_id = e.id and c.claim_type = 'institutional'))::int as unbilled,
        (select count(*) from claims where claim_type = 'institutional' and encounter_id is null
          and service_category = 'inpatient')::int as "claimOnly"
      from encounters e where e.class_code in ('IMP', 'OBSENC', 'EMER')`);
    expect(stays).toMatchObject({ undiagnosed: 0, unbilled: 0 });
    expect(stays.claimOnly).toBeGreaterThan(0);
  });

  it('readmits about one inpatient discharge in seven within 30 days', async () => {
    const { discharges, readmitted } = await one<{ discharges: number; readmitted: number }>(sql`
      select count(*)::int as discharges, count(*) filter (where exists (select 1 from encounters later
          where later.patient_id = e.patient_id and later.class_code = 'IMP'
          and later.start_date > e.end_date and later.start_date <= e.end_date + 30))::int as readmitted
      from encounters e where e.class_code = 'IMP' and e.end_date < ${addDays(today, -30)}::date`);
    expect(readmitted / discharges).toBeGreaterThan(0.05);
    expect(readmitted / discharges).toBeLessThan(0.3);
  });

  it('has a handful of patients discharged in the last 14 days, most not yet seen, some seen and some booked', async () => {
    const discharged = await rows<{ isSeen: boolean; isBooked: boolean }>(sql`
      select exists (select 1 from encounters v where v.patient_id = s.patient_id and v.class_code = 'AMB'
          and v.start_date >= s.discharge) as "isSeen",
        exists (select 1 from appointments a where a.patient_id = s.patient_id and a.status = 'booked'
          and a.service_date > ${today}::date) as "isBooked"
      from (select patient_id, max(end_date) as discharge from encounters where class_code in ('IMP', 'OBSENC')
        and end_date between ${addDays(today, -14)}::date and ${addDays(today, -1)}::date group by patient_id) s`);
    const notSeen = discharged.filter((patient) => !patient.isSeen);
    expect(discharged.length).toBeGreaterThanOrEqual(4);
    expect(discharged.length).toBeLessThanOrEqual(14);
    expect(notSeen.length).toBeGreaterThan(discharged.length / 2);
    expect(discharged.some((patient) => patient.isSeen)).toBe(true);
    expect(notSeen.some((patient) => patient.isBooked)).toBe(true);
  });

  it('bills in every service category, each plan allowing no more than the charge and paying no more than it allows', async () => {
    const categories = await rows<{ category: string; claims: number; incoherent: number; allowed: number }>(sql`
      select service_category as category, count(*)::int as claims, sum(allowed)::float8 as allowed,
        count(*) filter (where allowed > billed or paid > allowed or paid < 0)::int as incoherent
      from claims where resource_type = 'ExplanationOfBenefit' group by service_category order by 1`);
    expect(categories.map((row) => row.category)).toEqual([
      'emergency',
      'inpatient',
      'other',
      'outpatient',
      'pharmacy',
      'professional',
    ]);
    expect(categories.filter((row) => row.incoherent > 0)).toEqual([]);
    // Per member per month, allowed: a Medicare-age panel costs about $500-1,200.
    const pmpm = categories.reduce((sum, row) => sum + row.allowed, 0) / (DEMO_PATIENTS * years * 12);
    expect(pmpm).toBeGreaterThan(400);
    expect(pmpm).toBeLessThan(1500);
  });

  it('records a year of decisions by the coder and the providers, about two in three accepted, each with its history', async () => {
    const decisions = await rows<{ status: string; role: string; reason: string | null; month: string }>(sql`
      select status, decider_role as role, reason, to_char(decided_at, 'YYYY-MM') as month from dx_decisions`);
    const accepted = decisions.filter((row) => row.status === 'accepted').length / decisions.length;
    expect(accepted).toBeGreaterThan(0.55);
    expect(accepted).toBeLessThan(0.8);
    expect(new Set(decisions.map((row) => row.role))).toEqual(new Set(['coder', 'provider']));
    expect(new Set(decisions.map((row) => row.month)).size).toBeGreaterThanOrEqual(11);
    const reasons = new Set(decisions.filter((row) => row.status === 'rejected').map((row) => row.reason));
    expect([...reasons].sort()).toEqual([...REJECT_REASONS].sort());
    const { unrecorded } = await one<{ unrecorded: number }>(sql`
      select count(*)::int as unrecorded from dx_decisions d where not exists (select 1 from dx_decision_history h
        where h.appointment_id = d.appointment_id and h.icd_code = d.icd_code and h.version = d.version
        and h.status = d.status and h.changed_by = d.decided_by)`);
    expect(unrecorded).toBe(0);
  });

  it('writes accepted codes to the EHR, most written, some failed with the spec push-failure reasons', async () => {
    const writes = await rows<{ status: string; reason: string | null; isAccepted: boolean }>(sql`
      select w.status, w.failure_reason as reason, d.status = 'accepted' as "isAccepted"
      from ehr_condition_writes w
      join dx_decisions d on d.appointment_id = w.appointment_id and d.icd_code = w.icd_code`);
    expect(writes.every((row) => row.isAccepted)).toBe(true);
    const failed = writes.filter((row) => row.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(writes.length / 5);
    expect(failed.every((row) => (PUSH_FAILURE_REASONS as readonly (string | null)[]).includes(row.reason))).toBe(true);
  });

  it('sends a year of product analytics as the web does, every event one the tracking endpoint accepts', async () => {
    const events = await rows<{ name: string; properties: Record<string, unknown>; month: string; isVisit: boolean }>(
      sql`select e.name, e.properties, to_char(e.created_at, 'YYYY-MM') as month,
        exists (select 1 from appointments a where a.id::text = e.properties->>'actionId') as "isVisit"
      from analytics_events e`,
    );
    expect(events.length).toBeGreaterThan(500);
    expect(
      events.filter((event) => !analyticsEvent.safeParse({ name: event.name, properties: event.properties }).success),
    ).toEqual([]);
    expect(new Set(events.map((event) => event.name))).toEqual(
      new Set(['SummaryClick', 'SlownessOptimization', 'SettingsClick', 'SettingsResultShown']),
    );
    const clicks = events.filter((event) => event.name === 'SummaryClick');
    expect(clicks.every((event) => event.isVisit && event.properties.SourcePage === 'schedule')).toBe(true);
    expect(new Set(events.map((event) => event.month)).size).toBeGreaterThanOrEqual(12);
  });
});
