import type { RiskDrillRow, RiskGroupRow, RiskMeasures } from '@cairn/contracts';
import { result, type ApiAnswers } from './answer-api';

/** Factories of /analytics's answers for the web's tests: a small practice's numbers (docs/analytics.md). */

export const NORTH_CLINIC = '00000000-0000-4000-8000-000000000001';
export const RIVERA = '00000000-0000-4000-8000-000000000011';
export const CAL = '00000000-0000-4000-8000-000000000101';
export const CAL_VISIT = '00000000-0000-4000-8000-000000001001';

export function aRiskMeasures(overrides: Partial<RiskMeasures> = {}): RiskMeasures {
  const decisions = { decided: 4, accepted: 2, rate: 50 };
  return {
    recapture: { due: 6, recaptured: 3, rate: 50 },
    acceptance: { ...decisions, byCoder: decisions, byProvider: decisions },
    agreement: { bothDecided: 2, agreed: 1, rate: 50 },
    timeToDecision: { decisions: 4, medianDays: 1, p90Days: 2, beforeVisit: 1 },
    raf: { patients: 4, now: 0.875, potential: 1.275, gap: 0.4 },
    openSuggestions: { count: 4, undecided: 2, patients: 4 },
    pushes: { written: 2, failed: 1, pending: 1, failureRate: 33.3 },
    ...overrides,
  };
}

export function aRiskGroupRow(key: string, label: string, overrides: Partial<RiskMeasures> = {}): RiskGroupRow {
  return { key, label, ...aRiskMeasures(overrides) };
}

/** Each grouping's rows. */
export const RISK_ROWS: Record<string, RiskGroupRow[]> = {
  month: [aRiskGroupRow('2026-10', 'October 2026'), aRiskGroupRow('2026-11', 'November 2026')],
  provider: [aRiskGroupRow(RIVERA, 'Maya Rivera, MD', { openSuggestions: { count: 3, undecided: 1, patients: 2 } })],
  clinic: [aRiskGroupRow(NORTH_CLINIC, 'North Clinic')],
  hcc: [
    aRiskGroupRow('37', 'HCC 37 Diabetes with Chronic Complications'),
    aRiskGroupRow('226', 'HCC 226 Heart Failure'),
  ],
};

export function aRiskDrillRow(overrides: Partial<RiskDrillRow> = {}): RiskDrillRow {
  return {
    patient: { cairnPatientId: CAL, firstName: 'Cal', lastName: 'Tester', dateOfBirth: '1950-01-02', mrn: 'MRN1' },
    visit: { sid: CAL_VISIT, date: '2026-12-03' },
    icdCode: 'E6601',
    hcc: 48,
    hccLabel: 'Morbid Obesity',
    providerName: 'Maya Rivera, MD',
    clinicName: 'North Clinic',
    date: '2026-12-03',
    status: 'Suspect: meets diagnostic criteria',
    rafNow: null,
    rafPotential: null,
    days: null,
    ...overrides,
  };
}

/** The product's use over the last 30 days: three portraits opened, one page's timings. */
export const USAGE = {
  from: '2026-10-30',
  to: '2026-11-28',
  granularity: 'day',
  totals: { events: 3, activeUsers: 2 },
  events: [{ period: '2026-11-24', name: 'SummaryClick', count: 3 }],
  activeUsers: [{ period: '2026-11-24', users: 2 }],
  pages: [{ page: 'schedule', events: 3, users: 2 }],
  timings: [{ page: 'schedule', mark: 'load', count: 3, p50: 420, p95: 980 }],
  timingsByPeriod: [{ period: '2026-11-24', page: 'schedule', mark: 'load', count: 3, p50: 420, p95: 980 }],
};

/** Every call /analytics makes, answered from the factories. */
export const ANALYTICS_ANSWERS: ApiAnswers = {
  '/analytics/risk': (body) =>
    result({
      year: 2026,
      fromMonth: 1,
      toMonth: 11,
      refreshedAt: '2026-11-28T10:00:00.000Z',
      isStale: false,
      total: aRiskMeasures(),
      rows: RISK_ROWS[String(body.groupBy)] ?? [],
      failureReasons: [{ reason: 'EncounterIdMissing', count: 1 }],
    }),
  '/analytics/risk/patients': result({ rows: [aRiskDrillRow()], total: 1, page: 1, pageSize: 25 }),
  '/analytics/usage': result(USAGE),
  '/getUserClinicsHierarchy': result({ clinics: [], defaultFilter: { providerIds: [] } }),
};
