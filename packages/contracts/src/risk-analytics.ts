import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES } from './analytics';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/**
 * /analytics (issue 20; spec §2 "/analytics; /qs redirects to it"; spec §6: hcc_dashboard, admins
 * allowed): risk adjustment (recapture, suggestion decisions, coder-provider agreement, RAF, open
 * suggestions, time to decision, pushes to the EHR) by month, clinic, provider and HCC, each drillable
 * to its patients and visits, and the product's own use (analytics events). docs/analytics.md defines
 * every number. Every call that shows patients writes one `patient.read` audit entry per patient shown.
 */

const tags = ['analytics'];
const id = z.guid();
const idList = z.array(id).max(500);
const isoDate = z.iso.date('A date written YYYY-MM-DD');
const isoDateTime = z.iso.datetime({ offset: true });
const month = z.int().min(1).max(12);
const isMonth = (value: unknown): boolean =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 12;

/** The zero uuid: the group of patients without a primary provider (or visits without one), or without a clinic. */
export const RISK_NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * What the numbers count; every field is optional. Clinics, departments and providers select with "or",
 * as the schedule's hierarchy filter chooses them (a row of a chosen provider, of any provider of a
 * chosen department, or of a chosen clinic); the rest combine with "and". Provider and clinic are the
 * patient's primary care provider's (and that provider's clinic) for patient measures, the visit's for
 * visit measures.
 */
export const riskAnalyticsFilters = z
  .strictObject({
    /** A calendar year: this year or the previous one (the analytics keep two). This year when absent. */
    year: z.int().min(2000).max(2100).optional(),
    /** The first month counted (1-12); January when absent. Recapture always counts from January. */
    fromMonth: month.optional(),
    /** The last month counted (1-12); this month in this year, December in another, when absent. */
    toMonth: month.optional(),
    clinicIds: idList.optional(),
    departmentIds: idList.optional(),
    providerIds: idList.optional(),
    /** A CMS-HCC V28 payment HCC by its number (37: Diabetes with Chronic Complications); 0 for codes without one. */
    hcc: z.int().min(0).max(999).optional(),
  })
  // Only once both months are valid: a month out of range is refused by its own field alone.
  .refine(({ fromMonth = 1, toMonth = 12 }) => !isMonth(fromMonth) || !isMonth(toMonth) || fromMonth <= toMonth, {
    path: ['toMonth'],
    message: 'toMonth comes before fromMonth',
  });
export type RiskAnalyticsFilters = z.infer<typeof riskAnalyticsFilters>;

/** How the rows are grouped: the months of the period, clinics, providers or HCCs. */
export const RISK_GROUPINGS = ['month', 'clinic', 'provider', 'hcc'] as const;
export type RiskGrouping = (typeof RISK_GROUPINGS)[number];

const share = z.number().nullable().describe('Percent, to one decimal; null when the denominator is 0');
const decisionsOf = z.object({ decided: z.int(), accepted: z.int(), rate: share });

/** Every measure of one group (or of the whole selection). */
export const riskMeasures = z.object({
  /** Chronic HCCs of the previous year documented again this year, by the end of the period's last month. */
  recapture: z.object({ due: z.int(), recaptured: z.int(), rate: share }),
  /** Decisions on Cairn's suggestions (not codes a user added) in the period: accepted over accepted + rejected. */
  acceptance: decisionsOf.extend({ byCoder: decisionsOf, byProvider: decisionsOf }),
  /** Codes of a visit decided by both a coder and a provider: the share where their last decisions agree. */
  agreement: z.object({ bothDecided: z.int(), agreed: z.int(), rate: share }),
  /** Days from the visit's day to the decision (0 when decided before the visit). */
  timeToDecision: z.object({
    decisions: z.int(),
    medianDays: z.number().nullable(),
    p90Days: z.number().nullable(),
    beforeVisit: z.int(),
  }),
  /**
   * Average RAF (CMS-HCC V28, raw) of the analysed patients now and if every open suggestion were
   * documented, at the latest rebuild (by month: at the month's last rebuild; null before the first).
   */
  raf: z.object({
    patients: z.int(),
    now: z.number().nullable(),
    potential: z.number().nullable(),
    gap: z.number().nullable(),
  }),
  /** Suggestions of the patients' current analyses; `undecided`: with no decision this year. */
  openSuggestions: z.object({ count: z.int(), undecided: z.int(), patients: z.int() }).nullable(),
  /** Codes written to the EHR encounter, by the day of the first attempt. */
  pushes: z.object({ written: z.int(), failed: z.int(), pending: z.int(), failureRate: share }),
});
export type RiskMeasures = z.infer<typeof riskMeasures>;

export const riskGroupRow = riskMeasures.extend({
  /** `YYYY-MM`, a clinic's or provider's id (RISK_NO_ID for none), or an HCC's number. */
  key: z.string(),
  /** `March 2026`, the clinic's or provider's name (`No primary provider`), `HCC 37 Diabetes with ...`. */
  label: z.string(),
});
export type RiskGroupRow = z.infer<typeof riskGroupRow>;

export const getRiskAnalytics = defineEndpoint({
  method: 'POST',
  path: '/analytics/risk',
  summary: 'Risk-adjustment measures of the selection, in total and grouped by month, clinic, provider or HCC',
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject({ filters: riskAnalyticsFilters.default({}), groupBy: z.enum(RISK_GROUPINGS).default('month') }),
  response: resultEnvelope(
    z.object({
      year: z.int(),
      fromMonth: z.int(),
      toMonth: z.int(),
      /** When the analytics were last rebuilt from the records (null: not yet), and whether data changed since. */
      refreshedAt: isoDateTime.nullable(),
      isStale: z.boolean(),
      total: riskMeasures,
      rows: z.array(riskGroupRow),
      /** Failed pushes of the selection by their reason, most frequent first. */
      failureReasons: z.array(z.object({ reason: z.string(), count: z.int() })),
    }),
  ),
});

/** The patients (and visits) behind a number: one list per measure, with the same definitions. */
export const RISK_DRILL_MEASURES = [
  'recaptureDue',
  'recaptured',
  'notRecaptured',
  'decided',
  'accepted',
  'rejected',
  'bothDecided',
  'agreed',
  'disagreed',
  'openSuggestions',
  'undecidedSuggestions',
  'raf',
  'pushesWritten',
  'pushesFailed',
  'pushesPending',
] as const;
export type RiskDrillMeasure = (typeof RISK_DRILL_MEASURES)[number];

/** A drill-down page holds at most this many rows; an export at most RISK_EXPORT_LIMIT. */
export const RISK_PAGE_SIZE_MAX = 200;
export const RISK_EXPORT_LIMIT = 25_000;

/** One patient (and, where the measure has one, their code and visit) behind a number. */
export const riskDrillRow = z.object({
  patient: z.object({
    cairnPatientId: id,
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: isoDate,
    mrn: z.string().nullable(),
  }),
  /** The visit: where the code was decided, pushed or documented, or the next visit for open suggestions. */
  visit: z.object({ sid: id, date: isoDate }).nullable(),
  icdCode: z.string().nullable(),
  hcc: z.int().nullable(),
  hccLabel: z.string().nullable(),
  providerName: z.string().nullable(),
  clinicName: z.string().nullable(),
  /** The day the row is about: decided, pushed, recaptured (or last documented the year before). */
  date: isoDate.nullable(),
  /** What happened, in words: `Accepted by a provider`, `Failed: EncounterIdMissing`, `Not documented yet`. */
  status: z.string(),
  rafNow: z.number().nullable(),
  rafPotential: z.number().nullable(),
  days: z.int().nullable(),
});
export type RiskDrillRow = z.infer<typeof riskDrillRow>;

/**
 * One row of a grouping, narrowing the filters ("and"): a month (`YYYY-MM` of the filters' year: events
 * of that month, recapture by its end), a clinic's or provider's id (RISK_NO_ID for none), an HCC's number.
 */
export const riskGroupKey = z.strictObject({ by: z.enum(RISK_GROUPINGS), key: z.string().min(1).max(40) });
export type RiskGroupKey = z.infer<typeof riskGroupKey>;

const drillBody = {
  filters: riskAnalyticsFilters.default({}),
  /** The row of a grouping whose number was drilled, as getRiskAnalytics answered it. */
  group: riskGroupKey.optional(),
  measure: z.enum(RISK_DRILL_MEASURES),
};

export const getRiskAnalyticsPatients = defineEndpoint({
  method: 'POST',
  path: '/analytics/risk/patients',
  summary: 'A page of the patients and visits behind one measure of the selection (each patient shown is audited)',
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject({
    ...drillBody,
    /** 1-based. */
    page: z.int().min(1).max(100_000).default(1),
    pageSize: z.int().min(1).max(RISK_PAGE_SIZE_MAX).default(50),
  }),
  response: resultEnvelope(z.object({ rows: z.array(riskDrillRow), total: z.int(), page: z.int(), pageSize: z.int() })),
});

export const exportRiskAnalyticsPatients = defineEndpoint({
  method: 'POST',
  path: '/analytics/risk/patients/export',
  summary: `Every row behind one measure, up to ${String(RISK_EXPORT_LIMIT)}, for a CSV file (each patient is audited)`,
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject(drillBody),
  response: resultEnvelope(z.object({ rows: z.array(riskDrillRow), total: z.int(), isTruncated: z.boolean() })),
});

/** Product analytics periods: days, or ISO weeks (starting on Monday, spec §9). */
export const USAGE_GRANULARITIES = ['day', 'week'] as const;
/** At most this many days are read at once. */
export const USAGE_MAX_DAYS = 366;

export const productAnalyticsFilters = z
  .strictObject({
    /** The first day; 29 days before `to` when absent. */
    from: isoDate.optional(),
    /** The last day; today when absent. */
    to: isoDate.optional(),
    granularity: z.enum(USAGE_GRANULARITIES).default('day'),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    path: ['to'],
    message: 'to comes before from',
  })
  .refine(
    ({ from, to }) =>
      from === undefined || to === undefined || Date.parse(to) - Date.parse(from) < USAGE_MAX_DAYS * 86_400_000,
    { path: ['to'], message: `At most ${String(USAGE_MAX_DAYS)} days` },
  );
export type ProductAnalyticsFilters = z.input<typeof productAnalyticsFilters>;

const timing = z.object({
  page: z.string(),
  mark: z.string(),
  count: z.int(),
  p50: z.number(),
  p95: z.number(),
});

export const getProductAnalytics = defineEndpoint({
  method: 'POST',
  path: '/analytics/usage',
  summary: "The product's own use: analytics events by period and page, active users, and timings (p50, p95)",
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: productAnalyticsFilters,
  response: resultEnvelope(
    z.object({
      from: isoDate,
      to: isoDate,
      granularity: z.enum(USAGE_GRANULARITIES),
      totals: z.object({ events: z.int(), activeUsers: z.int() }),
      /** Events by period (the day, or the week's Monday) and name; periods without events are left out. */
      events: z.array(z.object({ period: isoDate, name: z.enum(ANALYTICS_EVENT_NAMES), count: z.int() })),
      /** Users who sent at least one event in the period. */
      activeUsers: z.array(z.object({ period: isoDate, users: z.int() })),
      /** Events and users by page (SourcePage or page; `(none)` when the event names none). */
      pages: z.array(z.object({ page: z.string(), events: z.int(), users: z.int() })),
      /** SlownessOptimization timings by page and mark over the whole range. */
      timings: z.array(timing),
      /** The same by period. */
      timingsByPeriod: z.array(timing.extend({ period: isoDate })),
    }),
  ),
});

/**
 * getQuicksightEmbedUrl (spec §7, payload not shown): the original embedded a hosted BI dashboard; Cairn's
 * dashboards are its own pages, so the answer is the in-app analytics address, for a client that embeds it.
 */
export const getQuicksightEmbedUrl = defineEndpoint({
  method: 'POST',
  path: '/getQuicksightEmbedUrl',
  summary: 'The address of the analytics dashboard (Cairn shows its own, at /analytics)',
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ url: z.url(), path: z.string() })),
});
