import {
  getQuicksightEmbedUrl,
  getRiskAnalytics,
  getRiskAnalyticsPatients,
  RISK_DRILL_MEASURES,
  RISK_NO_ID,
  type RiskDrillMeasure,
  type RiskMeasures,
} from '@cairn/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, callForResult, callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { linkUserToProvider } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { buildScenario, type Scenario } from './risk-analytics-scenario';
import { riskClock } from './risk-clock';
import { rowsOf } from './risk-rebuild-work';

const TODAY = '2026-11-28';
let test: TestApp;
let scenario: Scenario;
let director: string;

beforeAll(async () => {
  vi.spyOn(riskClock, 'today').mockReturnValue(TODAY);
  test = await buildTestApp();
  const db = test.app.database.db;
  scenario = await buildScenario(db, (await createOrganisation(db)).id);
  // Another organisation with the same work: none of it may show.
  await buildScenario(db, (await createOrganisation(db, 'Elsewhere Health')).id);
  director = (
    await tokenFor(test.app, { organisationId: scenario.organisationId, view: 'Coder', permissions: ['hcc_dashboard'] })
  ).token;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await test.app.close();
});

async function direct<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<T>(await test.app.database.db.execute(query));
  if (!row) throw new Error('no row');
  return row;
}

/** The drill-down's total for a measure, and the number it must agree with. */
const NUMBER_OF: Record<RiskDrillMeasure, (measures: RiskMeasures) => number> = {
  recaptureDue: (m) => m.recapture.due,
  recaptured: (m) => m.recapture.recaptured,
  notRecaptured: (m) => m.recapture.due - m.recapture.recaptured,
  decided: (m) => m.acceptance.decided,
  accepted: (m) => m.acceptance.accepted,
  rejected: (m) => m.acceptance.decided - m.acceptance.accepted,
  bothDecided: (m) => m.agreement.bothDecided,
  agreed: (m) => m.agreement.agreed,
  disagreed: (m) => m.agreement.bothDecided - m.agreement.agreed,
  openSuggestions: (m) => m.openSuggestions?.count ?? 0,
  undecidedSuggestions: (m) => m.openSuggestions?.undecided ?? 0,
  raf: (m) => m.raf.patients,
  pushesWritten: (m) => m.pushes.written,
  pushesFailed: (m) => m.pushes.failed,
  pushesPending: (m) => m.pushes.pending,
};

describe('risk analytics: the numbers', () => {
  it('counts recapture as a direct SQL count over the records does', async () => {
    const org = scenario.organisationId;
    const expected = await direct<{ due: number; recaptured: number }>(sql`
      with documented as (
        select c.patient_id, c.icd_code as code, coalesce(e.start_date, c.recorded_date) as on_date
        from conditions c left join encounters e on e.id = c.encounter_id
        where c.organisation_id = ${org} and c.category = 'encounter-diagnosis'
        union all select patient_id, icd_code, service_date from claim_diagnoses where organisation_id = ${org}
        union all select d.patient_id, d.icd_code, a.service_date from dx_decisions d
          join appointments a on a.id = d.appointment_id
          join ehr_condition_writes w on w.appointment_id = d.appointment_id and w.icd_code = d.icd_code and w.status = 'written'
          where d.organisation_id = ${org} and d.status = 'accepted'
      ),
      chronic(code, hcc) as (values ('E119', 38), ('I5022', 226), ('I5021', 226), ('J449', 280)),
      coded(code, hcc) as (values ('E119', 38), ('E1122', 37), ('I5022', 226), ('J449', 280)),
      due as (
        select distinct d.patient_id, m.hcc from documented d join chronic m on m.code = d.code
        join patients p on p.id = d.patient_id
        where extract(year from d.on_date) = 2025 and (p.deceased_date is null or p.deceased_date >= '2026-01-01')
      ),
      again as (
        select distinct due.patient_id, due.hcc from due
        join documented d on d.patient_id = due.patient_id and extract(year from d.on_date) = 2026
        join coded m on m.code = d.code and (m.hcc = due.hcc or (m.hcc = 37 and due.hcc = 38))
      )
      select (select count(*) from due)::int as due, (select count(*) from again)::int as recaptured`);
    const result = await callForResult(test.app, getRiskAnalytics, { token: director, body: {} });
    expect(expected).toEqual({ due: 6, recaptured: 3 });
    expect(result.total.recapture).toEqual({ due: 6, recaptured: 3, rate: 50 });
  });

  it('counts decisions, agreement, days to decision and pushes as direct SQL counts do', async () => {
    const org = scenario.organisationId;
    const decisions = await direct<{ decided: number; accepted: number; median: number; p90: number }>(sql`
      select count(*)::int as decided, count(*) filter (where d.status = 'accepted')::int as accepted,
        percentile_disc(0.5) within group (order by greatest((d.decided_at at time zone 'UTC')::date - a.service_date, 0)) as median,
        percentile_disc(0.9) within group (order by greatest((d.decided_at at time zone 'UTC')::date - a.service_date, 0)) as p90
      from dx_decisions d join appointments a on a.id = d.appointment_id
      where d.organisation_id = ${org} and not d.is_added and d.status in ('accepted', 'rejected')`);
    const agreement = await direct<{ both: number; agreed: number }>(sql`
      with last as (
        select distinct on (appointment_id, icd_code, role) appointment_id, icd_code, role, status
        from dx_decision_history where organisation_id = ${org} and action <> 'note'
        order by appointment_id, icd_code, role, changed_at desc
      )
      select count(*)::int as both, count(*) filter (where c.status = p.status)::int as agreed
      from last c join last p on p.appointment_id = c.appointment_id and p.icd_code = c.icd_code
      where c.role = 'coder' and p.role = 'provider'`);
    const pushes = await direct<{ written: number; failed: number; pending: number }>(sql`
      select count(*) filter (where status = 'written')::int as written, count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'pending')::int as pending
      from ehr_condition_writes where organisation_id = ${org}`);
    const { total, failureReasons } = await callForResult(test.app, getRiskAnalytics, { token: director, body: {} });
    expect(total.acceptance).toMatchObject({ decided: decisions.decided, accepted: decisions.accepted, rate: 50 });
    expect(total.acceptance.byCoder).toEqual({ decided: 2, accepted: 1, rate: 50 });
    expect(total.agreement).toEqual({ bothDecided: agreement.both, agreed: agreement.agreed, rate: 50 });
    expect(total.timeToDecision).toEqual({
      decisions: 4,
      medianDays: decisions.median,
      p90Days: decisions.p90,
      beforeVisit: 1,
    });
    expect(total.pushes).toEqual({ ...pushes, failureRate: 33.3 });
    expect(failureReasons).toEqual([{ reason: 'EncounterIdMissing', count: 1 }]);
  });

  it('gives RAF now and if addressed, and the open suggestions, as the current analyses hold them', async () => {
    const expected = await direct<{ patients: number; now: number; potential: number; open: number }>(sql`
      select count(*)::int as patients, round(avg((risk_score->>'current')::numeric), 3)::float8 as now,
        round(avg((risk_score->>'potential')::numeric), 3)::float8 as potential,
        sum(jsonb_array_length(suggestions))::int as open
      from patient_analyses where organisation_id = ${scenario.organisationId}`);
    const { total } = await callForResult(test.app, getRiskAnalytics, { token: director, body: {} });
    expect(total.raf).toEqual({
      patients: expected.patients,
      now: expected.now,
      potential: expected.potential,
      gap: 0.4,
    });
    // Ann's and Dee's heart failure were rejected at their visits this year: open, but decided.
    expect(total.openSuggestions).toEqual({ count: expected.open, undecided: expected.open - 2, patients: 4 });
  });

  it('makes recapture cumulative by month and counts events in their month', async () => {
    const { rows } = await callForResult(test.app, getRiskAnalytics, {
      token: director,
      body: { filters: { fromMonth: 2, toMonth: 4 }, groupBy: 'month' },
    });
    expect(rows.map((row) => [row.key, row.label, row.recapture.recaptured, row.acceptance.decided])).toEqual([
      ['2026-02', 'February 2026', 1, 2],
      ['2026-03', 'March 2026', 2, 1],
      ['2026-04', 'April 2026', 3, 1],
    ]);
  });

  it('groups by month, clinic, provider and HCC, each group agreeing with its drill-down for every measure', async () => {
    const filters = { fromMonth: 2, toMonth: 4 };
    for (const groupBy of ['month', 'clinic', 'provider', 'hcc'] as const) {
      const { rows } = await callForResult(test.app, getRiskAnalytics, { token: director, body: { filters, groupBy } });
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        // A month's RAF and open suggestions are that month's snapshot: only the tiles' (today's) are listed.
        const measures = RISK_DRILL_MEASURES.filter(
          (measure) => groupBy !== 'month' || !['openSuggestions', 'undecidedSuggestions', 'raf'].includes(measure),
        );
        for (const measure of measures) {
          const page = await callForResult(test.app, getRiskAnalyticsPatients, {
            token: director,
            body: { filters, group: { by: groupBy, key: row.key }, measure, pageSize: 200 },
          });
          expect({ groupBy, row: row.label, measure, total: page.total }).toEqual({
            groupBy,
            row: row.label,
            measure,
            total: NUMBER_OF[measure](row),
          });
        }
      }
    }
  });

  it('selects clinics, departments and providers with "or", as the schedule\'s hierarchy filter does', async () => {
    const both = await callForResult(test.app, getRiskAnalytics, {
      token: director,
      body: { filters: { clinicIds: [scenario.north.clinic.id], providerIds: [scenario.south.provider.id] } },
    });
    const south = await callForResult(test.app, getRiskAnalytics, {
      token: director,
      body: { filters: { departmentIds: [scenario.south.department.id] } },
    });
    expect(both.total.recapture.due).toBe(5);
    expect(south.total.recapture.due).toBe(2);
  });

  it('names the group of patients without a primary provider', async () => {
    const { rows } = await callForResult(test.app, getRiskAnalytics, {
      token: director,
      body: { groupBy: 'provider' },
    });
    expect(rows.find((row) => row.key === RISK_NO_ID)).toMatchObject({ label: 'No provider', recapture: { due: 1 } });
  });
});

describe('risk analytics: drill-downs', () => {
  it("lists a provider's open suggestions with the patient and their next visit, auditing each patient shown", async () => {
    const { token, user } = await tokenFor(test.app, {
      organisationId: scenario.organisationId,
      view: 'Coder',
      permissions: ['hcc_dashboard'],
    });
    const page = await callForResult(test.app, getRiskAnalyticsPatients, {
      token,
      body: { group: { by: 'provider', key: scenario.south.provider.id }, measure: 'openSuggestions' },
    });
    // Soonest visit first; rows of the same day come in no promised order.
    const days = page.rows.map((row) => row.date ?? '9999');
    expect(days).toEqual([...days].sort());
    const rows = page.rows.map((row) => [row.patient.firstName, row.icdCode, row.hcc, row.status]);
    expect(rows.sort((left, right) => left.join().localeCompare(right.join()))).toEqual([
      ['Cal', 'E6601', 48, 'Suspect: meets diagnostic criteria'],
      ['Cal', 'N184', 327, 'Suspect: documented elsewhere'],
      ['Dee', 'I5022', 226, 'Recapture; rejected this year'],
    ]);
    const audited = await test.app.database.db
      .select({ patientId: auditLog.patientId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'patient.read')));
    expect(audited.map((entry) => entry.patientId).sort()).toEqual(
      [scenario.patientIds.cal, scenario.patientIds.dee].sort(),
    );
    expect(audited[0]?.details).toMatchObject({ what: 'analytics', measure: 'openSuggestions' });
  });

  it('pages through the facts in order, a page past the end keeping the total with no row', async () => {
    const body = { measure: 'recaptureDue' as const };
    const all = await callForResult(test.app, getRiskAnalyticsPatients, { token: director, body });
    expect(all.total).toBeGreaterThan(2);
    const first = await callForResult(test.app, getRiskAnalyticsPatients, {
      token: director,
      body: { ...body, pageSize: 2 },
    });
    const second = await callForResult(test.app, getRiskAnalyticsPatients, {
      token: director,
      body: { ...body, pageSize: 2, page: 2 },
    });
    expect([first.total, second.total]).toEqual([all.total, all.total]);
    const key = (row: (typeof all.rows)[number]) => [row.patient.cairnPatientId, row.hcc].join();
    expect([...first.rows, ...second.rows].map(key)).toEqual(all.rows.slice(0, 4).map(key));
    const past = await callForResult(test.app, getRiskAnalyticsPatients, {
      token: director,
      body: { ...body, pageSize: 2, page: 1000 },
    });
    expect(past).toMatchObject({ total: all.total, rows: [] });
  });

  it('links a decision to its visit and words it', async () => {
    const page = await callForResult(test.app, getRiskAnalyticsPatients, {
      token: director,
      body: { filters: { fromMonth: 2, toMonth: 2 }, measure: 'disagreed' },
    });
    expect(page.rows).toEqual([
      expect.objectContaining({
        visit: { sid: scenario.visitIds.annVisit, date: '2026-02-15' },
        icdCode: 'I5022',
        status: 'Coder accepted, provider rejected',
        providerName: 'Maya Rivera, MD',
        clinicName: 'North Clinic',
      }),
    ]);
  });
});

describe('risk analytics: access', () => {
  it('refuses a user without hcc_dashboard with 403 and answers an admin', async () => {
    const { organisationId } = scenario;
    const coder = await tokenFor(test.app, { organisationId, view: 'Coder', permissions: ['quality_tool'] });
    expect((await call(test.app, getRiskAnalytics, { token: coder.token, body: {} })).statusCode).toBe(403);
    const drill = await call(test.app, getRiskAnalyticsPatients, { token: coder.token, body: { measure: 'raf' } });
    expect(drill.statusCode).toBe(403);
    const admin = await tokenFor(test.app, { organisationId, isAdmin: true, permissions: [] });
    expect((await call(test.app, getRiskAnalytics, { token: admin.token, body: {} })).statusCode).toBe(200);
  });

  it('counts only the patients and visits of the providers a provider-view user is linked to', async () => {
    const provider = await tokenFor(test.app, {
      organisationId: scenario.organisationId,
      view: 'Provider',
      permissions: ['hcc_dashboard'],
    });
    await linkUserToProvider(test.app.database.db, provider.user.id, scenario.north.provider.id);
    const { total } = await callForResult(test.app, getRiskAnalytics, { token: provider.token, body: {} });
    expect(total.recapture).toMatchObject({ due: 3, recaptured: 2 });
    expect(total.acceptance.decided).toBe(2);
    expect(total.openSuggestions?.count).toBe(1);
    const page = await callForResult(test.app, getRiskAnalyticsPatients, {
      token: provider.token,
      body: { measure: 'recaptureDue', filters: { providerIds: [scenario.south.provider.id] } },
    });
    expect(page.total).toBe(0);
  });

  it("never counts another organisation's patients", async () => {
    const { total } = await callForResult(test.app, getRiskAnalytics, { token: director, body: {} });
    expect(total.raf.patients).toBe(4);
    const page = await callForResult(test.app, getRiskAnalyticsPatients, {
      token: director,
      body: { measure: 'raf', pageSize: 200 },
    });
    expect(page.rows.every((row) => Object.values(scenario.patientIds).includes(row.patient.cairnPatientId))).toBe(
      true,
    );
  });
});

describe('risk analytics: bad filters', () => {
  const refused = async (body: unknown, field: string) => {
    const response = await callWithAnyBody(test.app, getRiskAnalytics, { token: director, body });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.issues[0].field).toBe(field);
  };

  it('refuses a period whose last month comes before its first, naming toMonth', async () => {
    await refused({ filters: { fromMonth: 5, toMonth: 2 } }, 'filters.toMonth');
  });

  it('refuses a month out of range, a provider id that is not a uuid and an unknown field', async () => {
    await refused({ filters: { fromMonth: 13 } }, 'filters.fromMonth');
    await refused({ filters: { providerIds: ['dr-rivera'] } }, 'filters.providerIds.0');
    await refused({ filters: { clinic: 'North' } }, 'filters');
    await refused({ groupBy: 'week' }, 'groupBy');
  });

  it('refuses an HCC that is not a V28 payment HCC, naming filters.hcc', async () => {
    await refused({ filters: { hcc: 3 } }, 'filters.hcc');
  });

  it("refuses a drill-down's group whose key is not of its grouping, naming group.key", async () => {
    for (const group of [
      { by: 'month', key: '2025-03' },
      { by: 'provider', key: 'Rivera' },
      { by: 'hcc', key: '3' },
    ]) {
      const response = await callWithAnyBody(test.app, getRiskAnalyticsPatients, {
        token: director,
        body: { measure: 'decided', group },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.issues[0].field).toBe('group.key');
    }
  });
});

describe('getQuicksightEmbedUrl', () => {
  it("answers the in-app dashboard's address", async () => {
    const result = await callForResult(test.app, getQuicksightEmbedUrl, { token: director, isV2: true });
    expect(result.path).toBe('/analytics');
    expect(result.url).toMatch(/^https?:\/\/[^/]+\/analytics$/);
  });
});
