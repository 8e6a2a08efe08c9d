import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './schema';
import type { ServiceCategory } from './clinical-schema';

/**
 * Population health (issue 20): what the pop-health dashboards read, rebuilt from the patient data by
 * the analysis pipeline when it changed (`population_refresh`), one organisation at a time in one
 * transaction. Every row is attributed to the patient's primary care provider and that provider's clinic
 * as they were at the rebuild; the drill-downs read the same rows, so a number and its patients agree.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' }).notNull().default(0);
const organisationId = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });

/** Whether an organisation's population tables are behind its data, and when they were last rebuilt. */
export const populationRefresh = pgTable('population_refresh', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** Set when patient data changed after the last rebuild; null when the tables are current. */
  dirtySince: timestamp('dirty_since', { withTimezone: true }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  /** The day the rebuild took as today (its trailing twelve months and its transitional-care window). */
  asOf: date('as_of'),
  durationMs: integer('duration_ms'),
  /** The last rebuild's failure (class and message, never patient data). */
  lastError: text('last_error'),
});

/** How many patients were members in a month, by primary provider (member months, the PMPM denominator). */
export const popMembers = pgTable(
  'pop_members',
  {
    organisationId: organisationId(),
    month: date('month').notNull(),
    /** The zero uuid when the patient has no primary care provider. */
    providerId: uuid('provider_id').notNull(),
    clinicId: uuid('clinic_id'),
    members: integer('members').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.month, table.providerId] })],
);

/** Claim amounts by month, primary provider and service category. */
export const popCosts = pgTable(
  'pop_costs',
  {
    organisationId: organisationId(),
    month: date('month').notNull(),
    providerId: uuid('provider_id').notNull(),
    clinicId: uuid('clinic_id'),
    serviceCategory: text('service_category').$type<ServiceCategory>().notNull(),
    allowed: money('allowed'),
    paid: money('paid'),
    claims: integer('claims').notNull(),
  },
  (table) => [index('pop_costs_month').on(table.organisationId, table.month)],
);

/** Claim amounts of each period by primary provider and the CCSR body system of the claim's principal diagnosis. */
export const popCostBodySystems = pgTable(
  'pop_cost_body_systems',
  {
    organisationId: organisationId(),
    period: text('period').notNull(),
    providerId: uuid('provider_id').notNull(),
    clinicId: uuid('clinic_id'),
    /** `CIR`; `PHA` for a pharmacy fill (no diagnosis), `UNK` for another claim without one. */
    bodySystem: text('body_system').notNull(),
    allowed: money('allowed'),
    paid: money('paid'),
    claims: integer('claims').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.period, table.providerId, table.bodySystem] })],
);

/** Amounts of one patient over one period, by category (drill-downs, the highest-cost patients, cost against risk). */
export interface PeriodAmounts {
  inpatient: number;
  outpatient: number;
  emergency: number;
  professional: number;
  pharmacy: number;
  other: number;
}

/**
 * One patient in one period (`L12` the twelve months up to the rebuild's month, or a calendar year
 * `2025`): their member months, amounts, risk and stays.
 */
export const popPatientPeriods = pgTable(
  'pop_patient_periods',
  {
    organisationId: organisationId(),
    period: text('period').notNull(),
    patientId: uuid('patient_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    clinicId: uuid('clinic_id'),
    memberMonths: integer('member_months').notNull(),
    allowed: money('allowed'),
    paid: money('paid'),
    byCategory: jsonb('by_category').$type<PeriodAmounts>().notNull(),
    /** Allowed amount by CCSR body system. */
    byBodySystem: jsonb('by_body_system').$type<Record<string, number>>().notNull(),
    /** The patient's RAF (V28, documented this year) at the rebuild; null before their first analysis. */
    raf: numeric('raf', { precision: 8, scale: 3, mode: 'number' }),
    rafBand: text('raf_band').notNull(),
    admissions: integer('admissions').notNull(),
    emergencyVisits: integer('emergency_visits').notNull(),
    /** PMPM over OUTLIER_FACTOR times the organisation's PMPM of the patient's risk band in the period, by amount. */
    isOutlierAllowed: boolean('is_outlier_allowed').notNull().default(false),
    isOutlierPaid: boolean('is_outlier_paid').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.period, table.patientId] })],
);

/**
 * The cost drill-downs' narrow rows: each patient period in total (`total`, code `all`: every member, their allowed
 * and paid totals, zero or not), and its allowed amount in each service category or CCSR body system when over zero,
 * with the patient's paid total of the period (their order when the paid amount is chosen). A drill's patients are
 * counted and ordered from these without reading every patient period's wide row.
 */
export const popPatientAmounts = pgTable(
  'pop_patient_amounts',
  {
    organisationId: organisationId(),
    period: text('period').notNull(),
    /** `total`, `category` or `bodySystem`. */
    grouping: text('grouping').notNull(),
    /** `all` (of `total`), the service category (`inpatient`) or the body system (`CIR`). */
    code: text('code').notNull(),
    patientId: uuid('patient_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    clinicId: uuid('clinic_id'),
    rafBand: text('raf_band').notNull(),
    allowed: money('allowed'),
    paidTotal: money('paid_total'),
    /** The patient period's outlier flags (as `pop_patient_periods`'). */
    isOutlierAllowed: boolean('is_outlier_allowed').notNull().default(false),
    isOutlierPaid: boolean('is_outlier_paid').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.period, table.grouping, table.code, table.patientId] }),
    index('pop_patient_amounts_allowed').on(
      table.organisationId,
      table.period,
      table.grouping,
      table.code,
      table.allowed.desc(),
    ),
    // The highest paid totals first (the paid amount's top patients and its drill-downs).
    index('pop_patient_amounts_paid').on(
      table.organisationId,
      table.period,
      table.grouping,
      table.code,
      table.paidTotal.desc(),
    ),
  ],
);

/**
 * One patient's amounts in one month they had a counted claim (the drill-down of a month of the cost
 * trend): the same claims as `pop_costs`, by patient.
 */
export const popPatientMonths = pgTable(
  'pop_patient_months',
  {
    organisationId: organisationId(),
    month: date('month').notNull(),
    patientId: uuid('patient_id').notNull(),
    allowed: money('allowed'),
    paid: money('paid'),
    byCategory: jsonb('by_category').$type<PeriodAmounts>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.month, table.patientId] }),
    index('pop_patient_months_allowed').on(table.organisationId, table.month, table.allowed.desc()),
  ],
);

/** An inpatient stay, observation stay or emergency visit: from an EHR encounter, or a claim that names none. */
export type StayKind = 'inpatient' | 'observation' | 'emergency';

export const popStays = pgTable(
  'pop_stays',
  {
    organisationId: organisationId(),
    /** The encounter's or claim's id. */
    id: uuid('id').notNull(),
    patientId: uuid('patient_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    clinicId: uuid('clinic_id'),
    kind: text('kind').$type<StayKind>().notNull(),
    /** encounter or claim. */
    origin: text('origin').notNull(),
    admitDate: date('admit_date').notNull(),
    dischargeDate: date('discharge_date').notNull(),
    lengthOfStay: integer('length_of_stay').notNull(),
    /** The discharge (principal) diagnosis, ICD-10-CM without the dot, and its words. */
    diagnosisCode: text('diagnosis_code'),
    diagnosisText: text('diagnosis_text'),
    ccsrCategory: text('ccsr_category').notNull(),
    /** An inpatient admission within 30 days of an earlier inpatient discharge of the same patient. */
    isReadmission: boolean('is_readmission').notNull(),
    /** An inpatient discharge followed by a readmission within 30 days (the readmission rate's numerator). */
    isReadmitted: boolean('is_readmitted').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.id] }),
    index('pop_stays_admit').on(table.organisationId, table.admitDate),
    // With every column the transitional-care count reads: its window's stays read from the index alone.
    index('pop_stays_discharge').on(
      table.organisationId,
      table.dischargeDate,
      table.kind,
      table.patientId,
      table.providerId,
      table.clinicId,
    ),
  ],
);

/**
 * The stays by month, primary provider and kind (the admissions summary's counts): stays admitted in the
 * month; inpatient discharges of the month, the readmitted ones among them and their days.
 */
export const popStayMonths = pgTable(
  'pop_stay_months',
  {
    organisationId: organisationId(),
    month: date('month').notNull(),
    providerId: uuid('provider_id').notNull(),
    clinicId: uuid('clinic_id'),
    kind: text('kind').$type<StayKind>().notNull(),
    admitted: integer('admitted').notNull(),
    discharged: integer('discharged').notNull(),
    readmitted: integer('readmitted').notNull(),
    losDays: integer('los_days').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.month, table.providerId, table.kind] })],
);

/** The stays admitted in each period by primary provider and CCSR category (the top discharge diagnoses). */
export const popStayDiagnoses = pgTable(
  'pop_stay_diagnoses',
  {
    organisationId: organisationId(),
    period: text('period').notNull(),
    providerId: uuid('provider_id').notNull(),
    clinicId: uuid('clinic_id'),
    ccsrCategory: text('ccsr_category').notNull(),
    admissions: integer('admissions').notNull(),
    observationStays: integer('observation_stays').notNull(),
    emergencyVisits: integer('emergency_visits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.period, table.providerId, table.ccsrCategory] })],
);

/**
 * The patients of each period by primary provider and RAF band (cost against risk): how many, their member
 * months and amounts, the outliers among them and those with any cost, by amount.
 */
export const popCostBands = pgTable(
  'pop_cost_bands',
  {
    organisationId: organisationId(),
    period: text('period').notNull(),
    providerId: uuid('provider_id').notNull(),
    clinicId: uuid('clinic_id'),
    rafBand: text('raf_band').notNull(),
    patients: integer('patients').notNull(),
    memberMonths: integer('member_months').notNull(),
    allowed: money('allowed'),
    paid: money('paid'),
    outliersAllowed: integer('outliers_allowed').notNull(),
    outliersPaid: integer('outliers_paid').notNull(),
    withAllowed: integer('with_allowed').notNull(),
    withPaid: integer('with_paid').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.period, table.providerId, table.rafBand] })],
);
