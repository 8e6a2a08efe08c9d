import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/**
 * Population health (issue 20; spec §2 /pop-health-admissions and /pop-health-cost, 'Pop Health
 * Workspace'): admissions and emergency visits, transitional care, and cost, on the organisation's
 * population tables (rebuilt by the analysis pipeline when data changes). Patients are attributed to their
 * primary care provider and that provider's clinic; a provider-view user sees only their own patients'
 * numbers. Needs hcc_dashboard (the analytics permission, spec §6; an admin holds it). Every call that
 * shows patients writes one `patient.read` audit entry per patient shown.
 */

const tags = ['population-health'];
const id = z.guid();
const idList = z.array(id).max(500);
const isoDate = z.iso.date('A date written YYYY-MM-DD');
const isoDateTime = z.iso.datetime({ offset: true });

/** The trailing twelve months (`L12`) or a calendar year of the last five (`2025`). */
export const populationPeriod = z
  .string()
  .regex(/^(L12|\d{4})$/, 'A period is L12 (the last twelve months) or a calendar year such as 2025');

export const SERVICE_CATEGORIES = [
  'inpatient',
  'outpatient',
  'emergency',
  'professional',
  'pharmacy',
  'other',
] as const;
export type ServiceCategoryName = (typeof SERVICE_CATEGORIES)[number];
export const STAY_KINDS = ['inpatient', 'observation', 'emergency'] as const;
export type StayKindName = (typeof STAY_KINDS)[number];
export const RISK_BAND_KEYS = ['under-0.5', '0.5-1', '1-1.5', '1.5-2', '2-3', '3-plus', 'none'] as const;

/** A page holds at most this many rows; an export at most the second. */
export const POPULATION_PAGE_SIZE_MAX = 200;
export const POPULATION_EXPORT_LIMIT = 25_000;

/**
 * What every pop-health view is narrowed to: a period, and the patients' primary care providers chosen
 * as the schedule's filter chooses them (a provider, every provider of a department, or of a clinic; "or"
 * between them).
 */
export const populationFilters = z.strictObject({
  period: populationPeriod.default('L12'),
  clinicIds: idList.optional(),
  departmentIds: idList.optional(),
  providerIds: idList.optional(),
});
export type PopulationFilters = z.infer<typeof populationFilters>;

const paging = {
  /** 1-based. */
  page: z.int().min(1).max(100_000).default(1),
  pageSize: z.int().min(1).max(POPULATION_PAGE_SIZE_MAX).default(50),
};
const month = z.string().regex(/^\d{4}-\d{2}$/, 'A month is written YYYY-MM');

/** When the numbers were rebuilt, from data as of which day, and the periods there are. */
export const populationFreshness = z.object({
  /** Null before the organisation's first rebuild. */
  refreshedAt: isoDateTime.nullable(),
  asOf: isoDate.nullable(),
  /** The data changed after the rebuild: a new one is on its way. */
  isRefreshing: z.boolean(),
  periods: z.array(z.object({ key: z.string(), label: z.string(), from: isoDate, to: isoDate })),
});

/** A patient as a drill-down lists them. */
export const populationPatient = z.object({
  cairnPatientId: id,
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: isoDate,
  mrn: z.string().nullable(),
});
export type PopulationPatient = z.infer<typeof populationPatient>;

const named = z.object({ id, name: z.string() });

// ---------------------------------------------------------------------------------------------------
// Admissions and emergency visits

/** A rate with what it is made of, so that a reader can check it. */
const rate = z.object({ numerator: z.int(), denominator: z.int(), rate: z.number().nullable() });

export const admissionsCounts = z.object({
  admissions: z.int(),
  observationStays: z.int(),
  emergencyVisits: z.int(),
  memberMonths: z.int(),
  /** A year's admissions per 1,000 members: admissions / member months x 12,000. */
  admissionsPer1000: z.number().nullable(),
  emergencyPer1000: z.number().nullable(),
  /** Mean days of the inpatient stays discharged in the period. */
  averageLengthOfStay: z.number().nullable(),
  /** Inpatient discharges of the period followed by an inpatient admission 1 to 30 days later. */
  readmissions: rate,
});
export type AdmissionsCounts = z.infer<typeof admissionsCounts>;

export const admissionsSummary = z.object({
  freshness: populationFreshness,
  totals: admissionsCounts,
  /** Patients discharged in the last 14 days without a visit since (the transitional-care worklist). */
  transitionalCare: z.int(),
  months: z.array(admissionsCounts.extend({ month })),
  byClinic: z.array(admissionsCounts.extend({ clinic: named.nullable() })),
  byProvider: z.array(admissionsCounts.extend({ provider: named.nullable(), clinicName: z.string().nullable() })),
  /** The discharge diagnoses' AHRQ CCSR categories, most admissions first (at most 15). */
  topDiagnoses: z.array(
    z.object({
      category: z.string(),
      description: z.string(),
      admissions: z.int(),
      observationStays: z.int(),
      emergencyVisits: z.int(),
    }),
  ),
});
export type AdmissionsSummary = z.infer<typeof admissionsSummary>;

export const getAdmissionsSummary = defineEndpoint({
  method: 'POST',
  path: '/population/admissions',
  summary:
    'Admissions, observation stays and emergency visits: per 1,000, length of stay, readmissions, by month, clinic, provider and diagnosis group',
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject({ filters: populationFilters.default({ period: 'L12' }) }),
  response: resultEnvelope(admissionsSummary),
});

/** Which stays a number counts: any combination narrows the filters' stays further. */
export const stayDrill = z.strictObject({
  kinds: z.array(z.enum(STAY_KINDS)).min(1).max(STAY_KINDS.length).optional(),
  /** Admitted in this month. */
  month: month.optional(),
  /** The patients with no primary care provider, or those of this clinic or provider. */
  clinicId: id.nullable().optional(),
  providerId: id.nullable().optional(),
  ccsrCategory: z
    .string()
    .regex(/^[A-Z]{3}\d{3}$|^UNK$/, 'A CCSR category such as CIR019')
    .optional(),
  /** Only the inpatient discharges followed by a readmission within 30 days. */
  isReadmitted: z.boolean().optional(),
  /** Only the inpatient stays discharged in the period (the length of stay's and the readmission rate's stays). */
  isDischargedInPeriod: z.boolean().optional(),
});
export type StayDrill = z.infer<typeof stayDrill>;

export const populationStay = z.object({
  id,
  patient: populationPatient,
  kind: z.enum(STAY_KINDS),
  /** Known from an EHR encounter or from a claim alone. */
  origin: z.enum(['encounter', 'claim']),
  admitDate: isoDate,
  dischargeDate: isoDate,
  lengthOfStay: z.int(),
  diagnosisCode: z.string().nullable(),
  diagnosisText: z.string().nullable(),
  ccsrCategory: z.string(),
  ccsrDescription: z.string().nullable(),
  isReadmission: z.boolean(),
  isReadmitted: z.boolean(),
  providerName: z.string().nullable(),
  clinicName: z.string().nullable(),
});
export type PopulationStay = z.infer<typeof populationStay>;

const stayBody = { filters: populationFilters.default({ period: 'L12' }), drill: stayDrill.default({}) };

export const getPopulationStays = defineEndpoint({
  method: 'POST',
  path: '/population/stays',
  summary: 'A page of the stays and visits behind an admissions number, newest first (each patient shown is audited)',
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject({ ...stayBody, ...paging }),
  response: resultEnvelope(z.object({ rows: z.array(populationStay), total: z.int() })),
});

export const exportPopulationStays = defineEndpoint({
  method: 'POST',
  path: '/population/stays/export',
  summary: `Every stay behind an admissions number, up to ${String(POPULATION_EXPORT_LIMIT)}, for a CSV file (each patient is audited)`,
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject(stayBody),
  response: resultEnvelope(z.object({ rows: z.array(populationStay), total: z.int(), isTruncated: z.boolean() })),
});

/** The transitional-care worklist's days: discharged this many days ago at most. */
export const TRANSITIONAL_CARE_DAYS = 14;

export const transitionalCareRow = z.object({
  stayId: id,
  patient: populationPatient,
  kind: z.enum(['inpatient', 'observation']),
  admitDate: isoDate,
  dischargeDate: isoDate,
  daysSinceDischarge: z.int(),
  diagnosisCode: z.string().nullable(),
  diagnosisText: z.string().nullable(),
  isReadmission: z.boolean(),
  primaryProvider: named.nullable(),
  clinicName: z.string().nullable(),
  phone: z.string().nullable(),
  /** The patient's next booked visit, when there is one (`sid`: its portrait). */
  nextVisit: z.object({ sid: id, startAt: isoDateTime, providerName: z.string().nullable() }).nullable(),
});
export type TransitionalCareRow = z.infer<typeof transitionalCareRow>;

/** The clinic and provider filters apply; the period does not (the worklist is always the last 14 days). */
const transitionalCareBody = { filters: populationFilters.default({ period: 'L12' }) };

export const getTransitionalCare = defineEndpoint({
  method: 'POST',
  path: '/population/transitional-care',
  summary: `Patients discharged from a stay in the last ${String(TRANSITIONAL_CARE_DAYS)} days without a visit since, longest waiting first (each patient shown is audited)`,
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject({ ...transitionalCareBody, ...paging }),
  response: resultEnvelope(z.object({ rows: z.array(transitionalCareRow), total: z.int() })),
});

export const exportTransitionalCare = defineEndpoint({
  method: 'POST',
  path: '/population/transitional-care/export',
  summary: 'Every patient of the transitional-care worklist, for a CSV file (each patient is audited)',
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject(transitionalCareBody),
  response: resultEnvelope(z.object({ rows: z.array(transitionalCareRow), total: z.int(), isTruncated: z.boolean() })),
});

// ---------------------------------------------------------------------------------------------------
// Cost

/** Which amount the cost views add up: what the plan allowed (the default) or what it paid. */
export const costAmount = z.enum(['allowed', 'paid']);
export type CostAmount = z.infer<typeof costAmount>;

export const costFilters = populationFilters.extend({ amount: costAmount.default('allowed') });
export type CostFilters = z.infer<typeof costFilters>;

const byCategory = z.object(
  Object.fromEntries(SERVICE_CATEGORIES.map((name) => [name, z.number()])) as Record<ServiceCategoryName, z.ZodNumber>,
);

export const costCounts = z.object({
  total: z.number(),
  memberMonths: z.int(),
  /** Per member per month: total / member months. */
  pmpm: z.number().nullable(),
  claims: z.int(),
});
export type CostCounts = z.infer<typeof costCounts>;

export const costPatient = z.object({
  patient: populationPatient,
  providerName: z.string().nullable(),
  clinicName: z.string().nullable(),
  memberMonths: z.int(),
  total: z.number(),
  pmpm: z.number().nullable(),
  byCategory,
  /** The CCSR body system that cost the most, with its share of the total. */
  topBodySystem: z.object({ code: z.string(), name: z.string(), share: z.number() }).nullable(),
  raf: z.number().nullable(),
  riskBand: z.enum(RISK_BAND_KEYS),
  admissions: z.int(),
  emergencyVisits: z.int(),
});
export type CostPatient = z.infer<typeof costPatient>;

export const costSummary = z.object({
  freshness: populationFreshness,
  totals: costCounts.extend({ patientsWithCost: z.int(), byCategory }),
  months: z.array(costCounts.extend({ month, byCategory })),
  byCategory: z.array(costCounts.extend({ category: z.enum(SERVICE_CATEGORIES) })),
  byClinic: z.array(costCounts.extend({ clinic: named.nullable() })),
  byProvider: z.array(costCounts.extend({ provider: named.nullable(), clinicName: z.string().nullable() })),
  /** By the CCSR body system of the claims' principal diagnoses. */
  byBodySystem: z.array(costCounts.extend({ code: z.string(), name: z.string() })),
  /**
   * Cost against risk: PMPM per RAF band, with the patients whose PMPM is over three times their band's
   * (outliers).
   */
  riskBands: z.array(
    costCounts.extend({ band: z.enum(RISK_BAND_KEYS), label: z.string(), patients: z.int(), outliers: z.int() }),
  ),
  /** The highest-cost patients of the period (at most 10). */
  topPatients: z.array(costPatient),
});
export type CostSummary = z.infer<typeof costSummary>;

export const getCostSummary = defineEndpoint({
  method: 'POST',
  path: '/population/cost',
  summary:
    'Total and per-member-per-month cost by month, service category, clinic, provider, condition group and risk band, with the highest-cost patients (each patient shown is audited)',
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject({ filters: costFilters.default({ period: 'L12', amount: 'allowed' }) }),
  response: resultEnvelope(costSummary),
});

/** Which patients a cost number is made of; their amount is the drill's (a category's or a body system's). */
export const costDrill = z
  .strictObject({
    clinicId: id.nullable().optional(),
    providerId: id.nullable().optional(),
    serviceCategory: z.enum(SERVICE_CATEGORIES).optional(),
    bodySystem: z
      .string()
      .regex(/^[A-Z]{3}$/, 'A CCSR body system such as CIR')
      .optional(),
    riskBand: z.enum(RISK_BAND_KEYS).optional(),
    /** Only the patients whose PMPM is over three times their risk band's. */
    isOutlier: z.boolean().optional(),
    /** The patients with a claim in this month of the period, by their amount in it. */
    month: month.optional(),
  })
  // A month's amounts are kept by service category, not by body system.
  .refine((drill) => !(drill.month && drill.bodySystem), {
    message: 'A month opens by service category, not by body system',
    path: ['bodySystem'],
  });
export type CostDrill = z.infer<typeof costDrill>;

const costPatientsBody = {
  filters: costFilters.default({ period: 'L12', amount: 'allowed' }),
  drill: costDrill.default({}),
};

export const getCostPatients = defineEndpoint({
  method: 'POST',
  path: '/population/cost/patients',
  summary: 'A page of the patients behind a cost number, highest amount first (each patient shown is audited)',
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject({ ...costPatientsBody, ...paging }),
  response: resultEnvelope(z.object({ rows: z.array(costPatient), total: z.int() })),
});

export const exportCostPatients = defineEndpoint({
  method: 'POST',
  path: '/population/cost/patients/export',
  summary: `Every patient behind a cost number, up to ${String(POPULATION_EXPORT_LIMIT)}, for a CSV file (each patient is audited)`,
  tags,
  auth: 'user',
  writes: false,
  permission: 'hcc_dashboard',
  v2: true,
  body: z.strictObject(costPatientsBody),
  response: resultEnvelope(z.object({ rows: z.array(costPatient), total: z.int(), isTruncated: z.boolean() })),
});
