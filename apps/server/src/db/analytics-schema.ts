import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './schema';

/**
 * Risk-adjustment analytics (issue 20, /analytics): what the dashboard reads, rebuilt with the population
 * tables (`population_refresh`) by the risk-analytics builder, one organisation at a time in the
 * rebuild's transaction. Facts hold one row per thing counted (a patient's HCC to recapture, a decision,
 * a push, an open suggestion, a patient's RAF); the counts are those facts summed by month, provider,
 * clinic and HCC, written from them in the same rebuild, so that a number and its drill-down read the
 * same rows. docs/analytics.md defines every number.
 *
 * Attribution: `provider_id` is the patient's primary care provider for patient measures (recapture,
 * RAF, open suggestions) and the visit's provider for visit measures (decisions, agreement, pushes); the
 * zero uuid stands for none, so that it can be grouped and filtered. `clinic_id` likewise. `hcc` is the
 * code's V28 payment HCC (0: none); in the count tables -1 is the row of all HCCs together.
 */

const organisationId = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });
const attribution = () => ({
  providerId: uuid('provider_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
});
const raf = (name: string) => numeric(name, { precision: 8, scale: 4, mode: 'number' });

/** One chronic payment HCC of a patient's previous year, and whether (and when) it was documented again in `year`. */
export const riskRecaptures = pgTable(
  'risk_recaptures',
  {
    organisationId: organisationId(),
    /** The year of recapture; the HCC was documented in the year before it. */
    year: integer('year').notNull(),
    patientId: uuid('patient_id').notNull(),
    hcc: integer('hcc').notNull(),
    ...attribution(),
    /** The last day it was documented in the previous year. */
    lastDocumentedOn: date('last_documented_on').notNull(),
    /** The first day of `year` it (or an HCC above it in its hierarchy) was documented; null while it is not. */
    recapturedOn: date('recaptured_on'),
    /** encounter, claim or decision: what documented it first. */
    recaptureSource: text('recapture_source'),
    /** The visit that documented it, when the documentation names one. */
    recaptureAppointmentId: uuid('recapture_appointment_id'),
    /** The patient's next visit from the rebuild's day, where a condition not yet documented can be. */
    nextVisitId: uuid('next_visit_id'),
    nextVisitDate: date('next_visit_date'),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.year, table.patientId, table.hcc] }),
    index('risk_recaptures_provider').on(table.organisationId, table.year, table.providerId),
  ],
);

/** One decision on a code of a visit (`dx_decisions`), with each role's own last word on it. */
export const riskDecisions = pgTable(
  'risk_decisions',
  {
    organisationId: organisationId(),
    appointmentId: uuid('appointment_id').notNull(),
    icdCode: text('icd_code').notNull(),
    patientId: uuid('patient_id').notNull(),
    hcc: integer('hcc').notNull(),
    ...attribution(),
    /** Added by a user rather than suggested by Cairn: not in the acceptance rate. */
    isAdded: boolean('is_added').notNull(),
    /** accepted, rejected or pending (reset). */
    status: text('status').notNull(),
    deciderRole: text('decider_role').notNull(),
    decidedOn: date('decided_on').notNull(),
    month: date('month').notNull(),
    visitDate: date('visit_date').notNull(),
    /** Days from the visit's day to the decision's; 0 for a decision made before the visit. */
    daysToDecision: integer('days_to_decision').notNull(),
    isBeforeVisit: boolean('is_before_visit').notNull(),
    /** The last status a coder gave the code at this visit (accepted, rejected, pending), null if none did. */
    coderStatus: text('coder_status'),
    providerStatus: text('provider_status'),
    /** When both roles decided: the later of their last decisions (the agreement's month). */
    bothDecidedOn: date('both_decided_on'),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.appointmentId, table.icdCode] }),
    index('risk_decisions_month').on(table.organisationId, table.month),
    index('risk_decisions_both').on(table.organisationId, table.bothDecidedOn),
  ],
);

/** One code written (or being written, or failed) to a visit's EHR encounter (`ehr_condition_writes`). */
export const riskPushes = pgTable(
  'risk_pushes',
  {
    organisationId: organisationId(),
    writeId: uuid('write_id').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    icdCode: text('icd_code').notNull(),
    hcc: integer('hcc').notNull(),
    ...attribution(),
    /** pending, written or failed. */
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    pushedOn: date('pushed_on').notNull(),
    month: date('month').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.writeId] }),
    index('risk_pushes_month').on(table.organisationId, table.month),
    // Every /analytics panel lists the failures' reasons: the failed pushes alone, not a year of pushes.
    index('risk_pushes_failed')
      .on(table.organisationId, table.month)
      .where(sql`${table.status} = 'failed'`),
  ],
);

/** A patient's current analysis: RAF now, RAF with every suggestion, and the next visit to address them at. */
export const riskPatients = pgTable(
  'risk_patients',
  {
    organisationId: organisationId(),
    patientId: uuid('patient_id').notNull(),
    ...attribution(),
    rafNow: raf('raf_now').notNull(),
    rafPotential: raf('raf_potential').notNull(),
    openSuggestions: integer('open_suggestions').notNull(),
    nextVisitId: uuid('next_visit_id'),
    nextVisitDate: date('next_visit_date'),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.patientId] }),
    index('risk_patients_provider').on(table.organisationId, table.providerId),
  ],
);

/** One suggestion of a patient's current analysis, with what was decided on it this year. */
export const riskOpenSuggestions = pgTable(
  'risk_open_suggestions',
  {
    organisationId: organisationId(),
    patientId: uuid('patient_id').notNull(),
    icdCode: text('icd_code').notNull(),
    hcc: integer('hcc').notNull(),
    ...attribution(),
    /** Recapture or Suspect (spec §1), and the kind of Suspect. */
    category: text('category').notNull(),
    suspectKind: text('suspect_kind'),
    /** The latest decision on the code at one of the patient's visits this year (accepted, rejected), null if none. */
    decisionStatus: text('decision_status'),
    /** The patient's next visit, where the suggestion can be addressed (the list's order: soonest first). */
    nextVisitId: uuid('next_visit_id'),
    nextVisitDate: date('next_visit_date'),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.patientId, table.icdCode] }),
    index('risk_open_suggestions_provider').on(table.organisationId, table.providerId, table.hcc),
  ],
);

/** The event facts summed by month, provider, clinic and HCC (-1: all HCCs together). */
export const riskCounts = pgTable(
  'risk_counts',
  {
    organisationId: organisationId(),
    month: date('month').notNull(),
    ...attribution(),
    hcc: integer('hcc').notNull(),
    /** Previous-year HCCs to recapture in the month's year (on January's row only). */
    recaptureDue: integer('recapture_due').notNull().default(0),
    /** Of those, recaptured in this month. */
    recaptured: integer('recaptured').notNull().default(0),
    /** Decisions on suggestions (not added codes): accepted or rejected, in the month; by role too. */
    decided: integer('decided').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    decidedByCoder: integer('decided_by_coder').notNull().default(0),
    acceptedByCoder: integer('accepted_by_coder').notNull().default(0),
    decidedByProvider: integer('decided_by_provider').notNull().default(0),
    acceptedByProvider: integer('accepted_by_provider').notNull().default(0),
    decidedBeforeVisit: integer('decided_before_visit').notNull().default(0),
    /** Codes of a visit decided by both a coder and a provider (month of the later), and those they agree on. */
    bothDecided: integer('both_decided').notNull().default(0),
    agreed: integer('agreed').notNull().default(0),
    pushesWritten: integer('pushes_written').notNull().default(0),
    pushesFailed: integer('pushes_failed').notNull().default(0),
    pushesPending: integer('pushes_pending').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.month, table.providerId, table.clinicId, table.hcc] }),
    // The panels read one HCC's rows (-1 for all of them) of a span of months: a tenth of the table.
    index('risk_counts_hcc').on(table.organisationId, table.hcc, table.month),
  ],
);

/** Decisions on suggestions by their days to decision (the median and 90th percentile are read from it). */
export const riskDecisionDays = pgTable(
  'risk_decision_days',
  {
    organisationId: organisationId(),
    month: date('month').notNull(),
    ...attribution(),
    hcc: integer('hcc').notNull(),
    days: integer('days').notNull(),
    decisions: integer('decisions').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.organisationId, table.month, table.providerId, table.clinicId, table.hcc, table.days],
    }),
    index('risk_decision_days_hcc').on(table.organisationId, table.hcc, table.month),
  ],
);

/**
 * RAF and open suggestions at the last rebuild of each month, kept from month to month (the trend of a
 * state, not of events). `hcc` -1: every analysed patient; an HCC: the patients with an open suggestion
 * in it, and those suggestions.
 */
export const riskSnapshots = pgTable(
  'risk_snapshots',
  {
    organisationId: organisationId(),
    month: date('month').notNull(),
    ...attribution(),
    hcc: integer('hcc').notNull(),
    patients: integer('patients').notNull(),
    rafNowSum: numeric('raf_now_sum', { precision: 16, scale: 4, mode: 'number' }).notNull(),
    rafPotentialSum: numeric('raf_potential_sum', { precision: 16, scale: 4, mode: 'number' }).notNull(),
    openSuggestions: integer('open_suggestions').notNull(),
    /** Open suggestions with no decision this year. */
    undecidedSuggestions: integer('undecided_suggestions').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.month, table.providerId, table.clinicId, table.hcc] }),
  ],
);
