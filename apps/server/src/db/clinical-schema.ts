import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organisations, users } from './schema';

/**
 * Patient data, normalised from FHIR R4 on ingest (DESIGN.md "How data flows"). Every row belongs to
 * an organisation and keeps where it came from: `source` (EHR or HIE, spec §3) and `source_id`, the
 * FHIR id in that source. `(organisation_id, source, source_id)` is unique, so importing the same
 * data again updates rows instead of adding them.
 *
 * Dates of clinical facts are calendar dates (`date`); codes are kept as given (ICD-10-CM without
 * the dot, upper case), with every coding of the resource in `codings`.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A FHIR coding as it arrived. */
export interface StoredCoding {
  system?: string;
  code?: string;
  display?: string;
}

/** A FHIR CodeableConcept as it arrived: its text and codings. */
export interface StoredConcept {
  text?: string;
  codings: StoredCoding[];
}

/**
 * A coded reason (FHIR `reasonCode`): the reason in words, the ICD-10-CM code it names (as given, or
 * mapped from SNOMED CT through Cairn's map: `icdMapped`) and every coding as it arrived.
 */
export interface StoredReason {
  display: string;
  icdCode: string | null;
  icdMapped: boolean;
  codings: StoredCoding[];
}

/** A CarePlan activity: what it is (its detail's code), its status and the coded reasons given for it. */
export interface StoredCarePlanActivity {
  code: StoredConcept | null;
  status: string | null;
  reasons: StoredReason[];
}

/**
 * A condition a CarePlan addresses: the source id of the Condition it points at (resolved to the
 * condition row when the record is read), and the reference's display.
 */
export interface StoredAddressedCondition {
  conditionSourceId: string | null;
  display: string | null;
}

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const organisationId = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id);
const sourceColumns = () => ({
  /** 'EHR' or 'HIE'. */
  source: text('source').notNull(),
  /** The resource's id in its source (FHIR `id`); a component row adds `#<code>`. */
  sourceId: text('source_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
/**
 * What an administrator changed in Cairn of a clinic, department or provider a sync writes (issue 17
 * item 2): the sync leaves an edited field as it is and keeps the source's value beside it.
 */
const adminEditColumns = () => ({
  /** The fields changed in Cairn, by their API names (`name`, `clinicId`, `firstName`...). */
  editedFields: text('edited_fields')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The source's latest value of each field it gives, by API name (edited fields too); null for a row added in Cairn. */
  ehrValues: jsonb('ehr_values').$type<Record<string, string | null>>(),
  /** When a sync last wrote the row; null for a row added in Cairn, or not synced since Cairn recorded it. */
  syncedAt: timestamp('synced_at', { withTimezone: true }),
});
const patientId = () =>
  uuid('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' });
const bySource = (name: string, table: { organisationId: AnyPgColumn; source: AnyPgColumn; sourceId: AnyPgColumn }) =>
  uniqueIndex(`${name}_source`).on(table.organisationId, table.source, table.sourceId);

/** A clinic (FHIR Organization of the provider organisation), the top of the schedule's hierarchy. */
export const clinics = pgTable(
  'clinics',
  {
    id: id(),
    organisationId: organisationId(),
    name: text('name').notNull(),
    ...sourceColumns(),
    ...adminEditColumns(),
  },
  (table) => [bySource('clinics', table)],
);

/** A department of a clinic (FHIR Location). */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    organisationId: organisationId(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    name: text('name').notNull(),
    ...sourceColumns(),
    ...adminEditColumns(),
  },
  (table) => [bySource('departments', table), index('departments_clinic').on(table.clinicId)],
);

/** A rendering provider (FHIR Practitioner), placed in a department for the schedule's filters. */
export const providers = pgTable(
  'providers',
  {
    id: id(),
    organisationId: organisationId(),
    departmentId: uuid('department_id').references(() => departments.id),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    /** Credentials as given (`MD`, `DO`, `NP`). */
    suffix: text('suffix'),
    npi: text('npi'),
    ...sourceColumns(),
    ...adminEditColumns(),
  },
  (table) => [bySource('providers', table), index('providers_department').on(table.departmentId)],
);

/**
 * The providers a user works as or for. A user with the Provider view who is neither an admin nor in
 * the MultipleProviders group sees only the patients of these providers (spec §6, issue 5 item 10).
 */
export const userProviders = pgTable(
  'user_providers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.providerId] }),
    index('user_providers_provider').on(table.providerId),
  ],
);

/** The clinics a user works in, as an administrator links them (the admin tool's user form). */
export const userClinics = pgTable(
  'user_clinics',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.clinicId] }), index('user_clinics_clinic').on(table.clinicId)],
);

export const patients = pgTable(
  'patients',
  {
    id: id(),
    organisationId: organisationId(),
    mrn: text('mrn'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    birthDate: date('birth_date').notNull(),
    /** Administrative sex as given: male, female, other, unknown. */
    gender: text('gender').notNull().default('unknown'),
    deceasedDate: date('deceased_date'),
    phone: text('phone'),
    /** One line: street, city, state, postal code. */
    address: text('address'),
    primaryProviderId: uuid('primary_provider_id').references(() => providers.id),
    /** Every identifier of the Patient resource (system, value). */
    identifiers: jsonb('identifiers').$type<{ system?: string; value: string }[]>().notNull().default([]),
    /**
     * Raised by one on every change to the patient's data (any table). An analysis stores the version
     * it read, so a page can tell whether the suggestions it shows match the data beside them.
     */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(1),
    ...sourceColumns(),
  },
  (table) => [
    bySource('patients', table),
    index('patients_name').on(
      table.organisationId,
      sql`lower(${table.lastName}) text_pattern_ops`,
      sql`lower(${table.firstName}) text_pattern_ops`,
    ),
    index('patients_first_name').on(table.organisationId, sql`lower(${table.firstName}) text_pattern_ops`),
    index('patients_birth_date').on(table.organisationId, table.birthDate),
    index('patients_mrn').on(table.organisationId, table.mrn),
    index('patients_primary_provider').on(table.primaryProviderId),
  ],
);

/** Insurance (FHIR Coverage). */
export const coverages = pgTable(
  'coverages',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    payer: text('payer').notNull(),
    /** Plan or class name as given (`Medicare Advantage`, `Medicaid`). */
    plan: text('plan'),
    /** Coverage.type code (`MCPOL`, `MCAIDPOL`, ...), when given. */
    typeCode: text('type_code'),
    status: text('status').notNull().default('active'),
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    ...sourceColumns(),
  },
  (table) => [bySource('coverages', table), index('coverages_patient').on(table.patientId)],
);

export const encounters = pgTable(
  'encounters',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    providerId: uuid('provider_id').references(() => providers.id),
    clinicId: uuid('clinic_id').references(() => clinics.id),
    status: text('status').notNull().default('finished'),
    /** Encounter.class code: AMB, EMER, IMP, HH, VR, ... */
    classCode: text('class_code'),
    types: jsonb('types').$type<StoredCoding[]>().notNull().default([]),
    /** The first reason in words, as the visit lists show it. */
    reason: text('reason'),
    /** Every coded reason (Encounter.reasonCode): evidence for the suspecting engine. */
    reasons: jsonb('reasons').$type<StoredReason[]>().notNull().default([]),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    ...sourceColumns(),
  },
  (table) => [bySource('encounters', table), index('encounters_patient').on(table.patientId, table.startDate)],
);

/**
 * A scheduled visit (FHIR Appointment). Its id is the visit's summary id (`sid`, spec §3): the
 * portrait of a patient for this visit. `serviceDate` is the local calendar day of `startAt` as the
 * source gave it, which is the schedule's day.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    providerId: uuid('provider_id').references(() => providers.id),
    departmentId: uuid('department_id').references(() => departments.id),
    /** The EHR encounter of the visit, once there is one. */
    encounterId: uuid('encounter_id').references(() => encounters.id),
    /** booked, arrived, fulfilled, cancelled, noshow, ... (FHIR Appointment.status). */
    status: text('status').notNull().default('booked'),
    visitType: text('visit_type').notNull().default(''),
    reason: text('reason'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    serviceDate: date('service_date').notNull(),
    ...sourceColumns(),
  },
  (table) => [
    bySource('appointments', table),
    index('appointments_day').on(table.organisationId, table.serviceDate, table.startAt),
    index('appointments_provider_day').on(table.providerId, table.serviceDate),
    index('appointments_department_day').on(table.departmentId, table.serviceDate),
    index('appointments_patient').on(table.patientId, table.startAt),
  ],
);

/** Problem-list items and encounter diagnoses (FHIR Condition). */
export const conditions = pgTable(
  'conditions',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    encounterId: uuid('encounter_id').references(() => encounters.id),
    /** ICD-10-CM, upper case without the dot: as given, or mapped from SNOMED CT (`icdMapped`). */
    icdCode: text('icd_code'),
    /** True when the ICD-10-CM code came from the SNOMED CT map rather than the source. */
    icdMapped: boolean('icd_mapped').notNull().default(false),
    snomedCode: text('snomed_code'),
    display: text('display').notNull(),
    codings: jsonb('codings').$type<StoredCoding[]>().notNull().default([]),
    /** problem-list-item, encounter-diagnosis or health-concern. */
    category: text('category').notNull(),
    clinicalStatus: text('clinical_status').notNull().default('unknown'),
    verificationStatus: text('verification_status'),
    onsetDate: date('onset_date'),
    recordedDate: date('recorded_date'),
    abatementDate: date('abatement_date'),
    ...sourceColumns(),
  },
  (table) => [
    bySource('conditions', table),
    index('conditions_patient').on(table.patientId),
    // A stay's encounter diagnoses (the population rebuild's discharge diagnosis).
    index('conditions_encounter').on(table.encounterId),
  ],
);

/** One diagnosis of a claim (FHIR Claim or ExplanationOfBenefit `diagnosis`). */
export const claimDiagnoses = pgTable(
  'claim_diagnoses',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    /** Claim or ExplanationOfBenefit. */
    claimType: text('claim_type').notNull(),
    sequence: integer('sequence').notNull(),
    icdCode: text('icd_code').notNull(),
    icdMapped: boolean('icd_mapped').notNull().default(false),
    display: text('display').notNull().default(''),
    serviceDate: date('service_date').notNull(),
    ...sourceColumns(),
  },
  (table) => [bySource('claim_diagnoses', table), index('claim_diagnoses_patient').on(table.patientId)],
);

/** What a claim paid for, as the cost dashboards group it (issue 20). */
export type ServiceCategory = 'inpatient' | 'outpatient' | 'emergency' | 'professional' | 'pharmacy' | 'other';

/**
 * One claim with its amounts (FHIR Claim or ExplanationOfBenefit, issue 20): what was billed, what the
 * plan allowed and what it paid, and the service category it falls in. An ExplanationOfBenefit names its
 * Claim (`claimSourceId`): the cost dashboards count the adjudicated ExplanationOfBenefit and leave out a
 * Claim that one adjudicates, so a service is never counted twice. Amounts are in US dollars.
 */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    /** The visit or stay the claim is for, when it names one held in Cairn. */
    encounterId: uuid('encounter_id').references(() => encounters.id, { onDelete: 'set null' }),
    /** Claim or ExplanationOfBenefit. */
    resourceType: text('resource_type').notNull(),
    /** ExplanationOfBenefit.claim: the source id of the Claim it adjudicates. */
    claimSourceId: text('claim_source_id'),
    /** Claim.type: institutional, professional, pharmacy, oral, vision (null when not given). */
    claimType: text('claim_type'),
    serviceCategory: text('service_category').$type<ServiceCategory>().notNull(),
    serviceStart: date('service_start').notNull(),
    serviceEnd: date('service_end'),
    /** The principal (or first) diagnosis, ICD-10-CM without the dot. */
    principalIcd: text('principal_icd'),
    billed: numeric('billed', { precision: 12, scale: 2, mode: 'number' }),
    /** The plan's allowed amount; for a Claim without adjudication, null. */
    allowed: numeric('allowed', { precision: 12, scale: 2, mode: 'number' }),
    paid: numeric('paid', { precision: 12, scale: 2, mode: 'number' }),
    ...sourceColumns(),
  },
  (table) => [
    bySource('claims', table),
    index('claims_patient').on(table.patientId, table.serviceStart),
    index('claims_organisation_service').on(table.organisationId, table.serviceStart),
    // The population rebuild leaves out a Claim that an ExplanationOfBenefit adjudicates: found by this.
    index('claims_adjudicating')
      .on(table.organisationId, table.source, table.claimSourceId)
      .where(sql`${table.resourceType} = 'ExplanationOfBenefit'`),
  ],
);

/** Labs, vitals and screening scores (FHIR Observation); a panel's components are rows of their own. */
export const observations = pgTable(
  'observations',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    encounterId: uuid('encounter_id').references(() => encounters.id),
    /** laboratory, vital-signs, survey, social-history, ... (first category code). */
    category: text('category'),
    loinc: text('loinc').notNull(),
    display: text('display').notNull(),
    effectiveDate: date('effective_date').notNull(),
    value: doublePrecision('value'),
    /** The decimal places the value was reported with (7.70: 2), so that it is shown so; null when unknown. */
    valueDecimals: integer('value_decimals'),
    unit: text('unit'),
    valueCode: text('value_code'),
    valueSystem: text('value_system'),
    valueText: text('value_text'),
    referenceLow: doublePrecision('reference_low'),
    referenceHigh: doublePrecision('reference_high'),
    /** The range in words (Observation.referenceRange.text), kept when the source gives it. */
    referenceText: text('reference_text'),
    /** H, L, N, A, ... (first interpretation code). */
    interpretation: text('interpretation'),
    ...sourceColumns(),
  },
  (table) => [
    bySource('observations', table),
    index('observations_patient_loinc').on(table.patientId, table.loinc, table.effectiveDate),
  ],
);

/** FHIR MedicationRequest and MedicationStatement. */
export const medications = pgTable(
  'medications',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    /** MedicationRequest or MedicationStatement. */
    kind: text('kind').notNull(),
    rxnormCode: text('rxnorm_code'),
    display: text('display').notNull(),
    status: text('status').notNull().default('unknown'),
    dosage: text('dosage'),
    prescriber: text('prescriber'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    ...sourceColumns(),
  },
  (table) => [bySource('medications', table), index('medications_patient').on(table.patientId)],
);

export const allergies = pgTable(
  'allergies',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    code: text('code'),
    display: text('display').notNull(),
    /** food, medication, environment, biologic. */
    category: text('category'),
    criticality: text('criticality'),
    clinicalStatus: text('clinical_status'),
    reaction: text('reaction'),
    recordedDate: date('recorded_date'),
    ...sourceColumns(),
  },
  (table) => [bySource('allergies', table), index('allergies_patient').on(table.patientId)],
);

export const procedures = pgTable(
  'procedures',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    encounterId: uuid('encounter_id').references(() => encounters.id),
    code: text('code').notNull(),
    /** Code system URI as given (CPT, SNOMED CT, HCPCS, ICD-10-PCS, LOINC). */
    system: text('system').notNull(),
    display: text('display').notNull(),
    status: text('status').notNull().default('completed'),
    performedDate: date('performed_date').notNull(),
    ...sourceColumns(),
  },
  (table) => [bySource('procedures', table), index('procedures_patient').on(table.patientId)],
);

export const immunizations = pgTable(
  'immunizations',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    cvxCode: text('cvx_code').notNull(),
    display: text('display').notNull(),
    status: text('status').notNull().default('completed'),
    occurrenceDate: date('occurrence_date').notNull(),
    ...sourceColumns(),
  },
  (table) => [bySource('immunizations', table), index('immunizations_patient').on(table.patientId)],
);

/**
 * FHIR CarePlan: a plan of care for the patient, with what it addresses. Completed, revoked and
 * entered-in-error plans are kept as the source sends them; the engine reads only plans in force.
 */
export const carePlans = pgTable(
  'care_plans',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    encounterId: uuid('encounter_id').references(() => encounters.id),
    /** draft, active, on-hold, revoked, completed, entered-in-error, unknown (FHIR RequestStatus). */
    status: text('status').notNull().default('unknown'),
    /** proposal, plan, order, option. */
    intent: text('intent').notNull().default('plan'),
    title: text('title'),
    description: text('description'),
    categories: jsonb('categories').$type<StoredConcept[]>().notNull().default([]),
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    createdDate: date('created_date'),
    addresses: jsonb('addresses').$type<StoredAddressedCondition[]>().notNull().default([]),
    activities: jsonb('activities').$type<StoredCarePlanActivity[]>().notNull().default([]),
    ...sourceColumns(),
  },
  (table) => [bySource('care_plans', table), index('care_plans_patient').on(table.patientId)],
);

/** FHIR DiagnosticReport: a panel of results (their observation source ids) and its conclusion. */
export const diagnosticReports = pgTable(
  'diagnostic_reports',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    encounterId: uuid('encounter_id').references(() => encounters.id),
    code: text('code'),
    display: text('display').notNull(),
    category: text('category'),
    effectiveDate: date('effective_date').notNull(),
    conclusion: text('conclusion'),
    resultSourceIds: jsonb('result_source_ids').$type<string[]>().notNull().default([]),
    ...sourceColumns(),
  },
  (table) => [bySource('diagnostic_reports', table), index('diagnostic_reports_patient').on(table.patientId)],
);

/**
 * Clinical documents (FHIR DocumentReference, and DiagnosticReport `presentedForm`): notes, HIE
 * documents, reports. `text` is the plain text (HTML and PDF are reduced to text on ingest) that the
 * suspecting engine and full-text search read; the original file, when there is one, is in the file
 * store under `fileKey`.
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    encounterId: uuid('encounter_id').references(() => encounters.id),
    title: text('title').notNull(),
    /** LOINC document type code and its display (`11506-3` Progress note). */
    typeCode: text('type_code'),
    typeDisplay: text('type_display'),
    author: text('author'),
    documentDate: date('document_date').notNull(),
    /** text/plain, text/html or application/pdf: the original's media type. */
    contentType: text('content_type').notNull(),
    text: text('text').notNull().default(''),
    fileKey: text('file_key'),
    fileSize: integer('file_size'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('english', coalesce(${documents.title}, '') || ' ' || coalesce(${documents.text}, ''))`,
      ),
    ...sourceColumns(),
  },
  (table) => [
    bySource('documents', table),
    index('documents_patient').on(table.patientId, table.documentDate),
    index('documents_search').using('gin', table.search),
  ],
);

/**
 * A partner organisation's recommendation that is not a diagnosis (issue 16 item 7, spec §3
 * "partner-organisation notes"): a FHIR Task or CommunicationRequest about the patient that names a
 * partner organisation. `kind` is read from its code (annual-wellness-visit, care-management-referral,
 * medication-review, else other); `status` is the resource's own (a cancelled one is not shown).
 */
export const partnerNotes = pgTable(
  'partner_notes',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    /** Task or CommunicationRequest. */
    resourceType: text('resource_type').notNull(),
    partner: text('partner').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    authoredOn: date('authored_on').notNull(),
    status: text('status').notNull(),
    codings: jsonb('codings').$type<StoredCoding[]>().notNull().default([]),
    ...sourceColumns(),
  },
  (table) => [bySource('partner_notes', table), index('partner_notes_patient').on(table.patientId, table.authoredOn)],
);

/**
 * The analysis queue (DESIGN.md "Analyse"): one pending job per patient at most. Workers claim jobs
 * with `for update skip locked`, so any number of server processes share the queue.
 */
export const analysisJobs = pgTable(
  'analysis_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: organisationId(),
    patientId: patientId(),
    /** pending, running, done, failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** The failure's class and message, never patient data. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('analysis_jobs_one_pending')
      .on(table.patientId)
      .where(sql`${table.status} = 'pending'`),
    index('analysis_jobs_queue').on(table.status, table.runAfter),
  ],
);

/**
 * The quality pass's queue (issue 19): patients whose care gaps are to be evaluated by CMS's CQL, apart
 * from `analysis_jobs` so that the slow measures never hold up suggestions. The analysis store queues a
 * patient here when their stored analysis is of data (or a day) the quality evaluation has not seen;
 * the same columns and rules as `analysis_jobs` (one pending job per patient).
 */
export const qualityJobs = pgTable(
  'quality_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: organisationId(),
    patientId: patientId(),
    /** pending, running, done, failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** The failure's class and message, never patient data. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('quality_jobs_one_pending')
      .on(table.patientId)
      .where(sql`${table.status} = 'pending'`),
    index('quality_jobs_queue').on(table.status, table.runAfter),
  ],
);

/**
 * The latest analysis of a patient: suggestions, care gaps and risk score from `packages/clinical`,
 * computed from the data at `dataVersion` as of `asOf`. The counts feed the schedule.
 */
export const patientAnalyses = pgTable('patient_analyses', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  dataVersion: bigint('data_version', { mode: 'number' }).notNull(),
  asOf: date('as_of').notNull(),
  suggestions: jsonb('suggestions').$type<unknown[]>().notNull(),
  careGaps: jsonb('care_gaps').$type<unknown[]>().notNull(),
  /** RAF of the codes documented this year and of those plus the open suggestions (V28). */
  riskScore: jsonb('risk_score').$type<Record<string, unknown>>().notNull(),
  openSuggestions: integer('open_suggestions').notNull(),
  hccCount: integer('hcc_count').notNull(),
  openCareGaps: integer('open_care_gaps').notNull(),
  /** SHA-256 of the suggestions, care gaps and risk score: a re-analysis computing the same writes none of them. */
  contentHash: text('content_hash'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The quality pass (issue 19) writes `care_gaps` and `open_care_gaps`: the data version and as-of date
   * they were evaluated at (null before the first evaluation; the gaps are current while this version is
   * the patient's), and the SHA-256 of what the measures read (the measures' content, the period and the
   * FHIR view of the record), so that an evaluation of the same input is not run again.
   */
  qualityDataVersion: bigint('quality_data_version', { mode: 'number' }),
  qualityAsOf: date('quality_as_of'),
  qualityDigest: text('quality_digest'),
  qualityComputedAt: timestamp('quality_computed_at', { withTimezone: true }),
});

/** A care gap's state in the Quality Workspace: the engine's statuses, with its `excluded` not-applicable kept apart. */
export type CareGapState = 'open' | 'closed' | 'excluded';

/** What took an excluded gap out of the measure: a denominator exclusion or a denominator exception. */
export type CareGapExclusionKind = 'exclusion' | 'exception';

/** What closed or excluded a gap: its numerator or exclusion evidence, as the engine gave it. */
export interface StoredClosingEvidence {
  resourceType: string;
  resourceId: string;
  date: string;
  code?: string;
  description: string;
}

/**
 * The care gaps of every patient's latest analysis, one row per patient and measure, for the Quality
 * Workspace (issue 19): filtering the JSON of 100,000 analyses per request is too slow. Written by the
 * analysis store in the transaction of the analysis, only when its content changed. A measure that
 * does not apply (age, sex, diagnosis) has no row; an excluded one has (the archive shows it).
 */
export const careGaps = pgTable(
  'care_gaps',
  {
    organisationId: organisationId(),
    patientId: patientId(),
    /**
     * The patient's primary care provider, copied from `patients` so that the worklist's provider, department
     * and clinic filters read this table alone; a trigger on `patients` keeps it in step (migration 0020).
     */
    primaryProviderId: uuid('primary_provider_id'),
    /** The eCQM (`CMS122`); any the engine produces, not a closed list. */
    measureId: text('measure_id').notNull(),
    measureVersion: text('measure_version').notNull(),
    title: text('title').notNull(),
    status: text('status').$type<CareGapState>().notNull(),
    /** Open or prospective: the end of the period; closed: the last day the closing evidence counts. */
    dueDate: date('due_date'),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    /** The engine's short reason for the status. */
    reason: text('reason').notNull(),
    /** Closed: the numerator evidence; excluded: the exclusion evidence; otherwise empty. */
    closingEvidence: jsonb('closing_evidence').$type<StoredClosingEvidence[]>().notNull().default([]),
    /** When an analysis first showed this measure as a gap of the patient. */
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it became closed (kept while it stays closed); null unless closed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When it became excluded (kept while it stays excluded); null unless excluded. */
    excludedAt: timestamp('excluded_at', { withTimezone: true }),
    /**
     * Excluded: by a denominator exclusion (hospice, ...) or a denominator exception (the CQL engine's
     * `excepted`: a medical or patient reason); the performance rate counts them apart. Null otherwise.
     */
    exclusionKind: text('exclusion_kind').$type<CareGapExclusionKind>(),
    /** The as-of date of the analysis that last changed the row. */
    asOf: date('as_of').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.patientId, table.measureId] }),
    // The worklist: an organisation's open gaps by measure, in due-date order.
    index('care_gaps_worklist').on(table.organisationId, table.status, table.measureId, table.dueDate),
    // The worklist by the patients' providers (and so departments and clinics).
    index('care_gaps_provider').on(
      table.organisationId,
      table.primaryProviderId,
      table.status,
      table.measureId,
      table.dueDate,
    ),
    // The measurement periods of an organisation's gaps (the performance rates' years), read by skipping through it.
    index('care_gaps_period').on(table.organisationId, table.periodStart),
    // The archive: closed and excluded gaps, latest first.
    index('care_gaps_archive')
      .on(table.organisationId, sql`coalesce(${table.closedAt}, ${table.excludedAt})`)
      .where(sql`${table.status} in ('closed', 'excluded')`),
  ],
);

/**
 * The individual FHIR MeasureReport of each measure whose initial population a patient is in, as CMS's
 * CQL computed it for the measurement period (issue 19; the quality pass writes it, the DEQM
 * `$care-gaps` operation reads it). A measure the patient is outside of has no row.
 */
export const measureReports = pgTable(
  'measure_reports',
  {
    organisationId: organisationId(),
    patientId: patientId(),
    /** The eCQM (`CMS165`). */
    measureId: text('measure_id').notNull(),
    /** The Measure's canonical URL and version (`https://madie.cms.gov/Measure/ControllingHighBloodPressureFHIR`, `0.1.000`). */
    measureUrl: text('measure_url').notNull(),
    measureVersion: text('measure_version').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    /** The individual MeasureReport (fqm-execution's builder), its `evaluatedResource` included. */
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
    /** The resources the measure's logic read, as the report's references (`Condition/<id>`). */
    evaluatedResources: jsonb('evaluated_resources').$type<string[]>().notNull().default([]),
    /** The SHA-256 of the evaluation's input (`patient_analyses.quality_digest`). */
    inputDigest: text('input_digest').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.patientId, table.measureId, table.periodStart] }),
    // An organisation's reports of a measure and period ($care-gaps for an organization).
    index('measure_reports_organisation').on(table.organisationId, table.measureId, table.periodStart),
  ],
);

/** Notes users leave on a visit's summary (spec §7 addSummaryNote / getSummaryNotes). */
export const summaryNotes = pgTable(
  'summary_notes',
  {
    id: id(),
    organisationId: organisationId(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('summary_notes_appointment').on(table.appointmentId, table.createdAt)],
);

/**
 * What changed on a visit's summary since it was built (new data arrived, the analysis added or
 * removed suggestions, a note was added): the summary's notifications (spec §7
 * getSummaryNotifications), each read or unread per user.
 */
export const summaryUpdates = pgTable(
  'summary_updates',
  {
    id: id(),
    organisationId: organisationId(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** new-data, suggestions-changed, note-added. */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('summary_updates_appointment').on(table.appointmentId, table.createdAt)],
);

export const summaryUpdateReads = pgTable(
  'summary_update_reads',
  {
    summaryUpdateId: uuid('summary_update_id')
      .notNull()
      .references(() => summaryUpdates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.summaryUpdateId, table.userId] })],
);

/**
 * A visit whose post-visit review is ready: the visit is over and its encounter's diagnoses have
 * come back from the EHR (spec §7 getReadyPostVisits / updatePostVisitViewed).
 */
export const postVisitReviews = pgTable(
  'post_visit_reviews',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    organisationId: organisationId(),
    readyAt: timestamp('ready_at', { withTimezone: true }).notNull().defaultNow(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    viewedBy: uuid('viewed_by').references(() => users.id),
    isDoneByProvider: boolean('is_done_by_provider').notNull().default(false),
  },
  (table) => [index('post_visit_reviews_ready').on(table.organisationId, table.readyAt)],
);

/** Product analytics events stored in Cairn's own table (DESIGN.md): SummaryClick, SettingsClick, ... */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: organisationId(),
    userId: uuid('user_id').references(() => users.id),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_organisation_time').on(table.organisationId, table.createdAt)],
);

/**
 * The usage panels' daily roll-ups of `analytics_events`: a UTC day is rolled up once, after it ended (events are
 * stamped with the server's time as they arrive, so an ended day receives none), when a usage read first covers
 * it. A day listed here has its events counted in the two tables below; the usage panels read those, and the raw
 * events of the days not rolled up yet (today).
 */
export const analyticsUsageRollups = pgTable(
  'analytics_usage_rollups',
  {
    organisationId: organisationId(),
    day: date('day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.day] })],
);

/** A rolled-up day's events by user, name and page (the `page` or `SourcePage` property, `(none)` without). */
export const analyticsUsageDays = pgTable(
  'analytics_usage_days',
  {
    organisationId: organisationId(),
    day: date('day').notNull(),
    userId: uuid('user_id'),
    name: text('name').notNull(),
    page: text('page').notNull(),
    events: integer('events').notNull(),
  },
  (table) => [index('analytics_usage_days_day').on(table.organisationId, table.day)],
);

/** A rolled-up day's SlownessOptimization timings by page and mark: every value, so percentiles stay exact. */
export const analyticsTimingDays = pgTable(
  'analytics_timing_days',
  {
    organisationId: organisationId(),
    day: date('day').notNull(),
    page: text('page').notNull(),
    mark: text('mark').notNull(),
    ms: doublePrecision('ms').array().notNull(),
  },
  (table) => [index('analytics_timing_days_day').on(table.organisationId, table.day)],
);

/**
 * An EHR an organisation's Cairn talks to over FHIR (issue 6): its FHIR base URL (the SMART `iss`),
 * the OAuth client Cairn is registered as, and the connection name that chooses it (spec §4: nems,
 * nems-staging, noms-staging, cairn-fhir-connection).
 */
export const ehrConnections = pgTable(
  'ehr_connections',
  {
    id: id(),
    organisationId: organisationId(),
    name: text('name').notNull(),
    /** FHIR base URL, which is also the SMART `iss`. */
    fhirBaseUrl: text('fhir_base_url').notNull(),
    clientId: text('client_id').notNull(),
    /**
     * How Cairn proves itself at the token endpoint: `public` (PKCE alone), `client_secret` (HTTP Basic
     * with the sealed secret) or `private_key_jwt` (a JWT signed with the connection's own key pair,
     * whose public half Cairn publishes at its JWKS URL).
     */
    clientAuth: text('client_auth').notNull().default('public'),
    /** Encrypted at rest (AES-256-GCM with the server's key); null for a public client. */
    clientSecretEncrypted: text('client_secret_encrypted'),
    /** The private JWK of a `private_key_jwt` client, sealed; its key id is published with the public half. */
    privateKeyEncrypted: text('private_key_encrypted'),
    keyId: text('key_id'),
    scopes: text('scopes')
      .notNull()
      .default('launch openid fhirUser patient/*.read user/*.read user/Condition.write user/DocumentReference.write'),
    /** Other addresses of the same FHIR server an EHR may launch with (localhost and 127.0.0.1, a trailing path). */
    issuerAliases: text('issuer_aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A disabled connection launches, reads and writes nothing. */
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** The last launch through this connection and how it ended (null when it succeeded). */
    lastLaunchAt: timestamp('last_launch_at', { withTimezone: true }),
    lastLaunchError: text('last_launch_error'),
    /** The last write of diagnoses to the EHR through this connection and how it ended. */
    lastWriteAt: timestamp('last_write_at', { withTimezone: true }),
    lastWriteError: text('last_write_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ehr_connections_name').on(table.organisationId, table.name),
    uniqueIndex('ehr_connections_base').on(table.organisationId, table.fhirBaseUrl),
  ],
);

/**
 * The EHR tokens of a user's launch, kept on the server only (never sent to the browser), encrypted at
 * rest, with the launch context they came with.
 */
export const ehrSessions = pgTable(
  'ehr_sessions',
  {
    id: id(),
    organisationId: organisationId(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ehrConnections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    scope: text('scope').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The launch context: FHIR ids of the patient and encounter in the EHR. */
    patientFhirId: text('patient_fhir_id'),
    encounterFhirId: text('encounter_fhir_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ehr_sessions_user').on(table.userId, table.createdAt)],
);

/**
 * A SMART EHR launch in flight (issue 6): the state (hashed with the browser binding, so only the
 * browser that started can finish), the PKCE verifier and the redirect URI the code is bound to.
 * Used once; ten minutes at most.
 */
export const ehrLaunchStates = pgTable('ehr_launch_states', {
  state: text('state').primaryKey(),
  organisationId: organisationId(),
  connectionId: uuid('connection_id')
    .notNull()
    .references(() => ehrConnections.id, { onDelete: 'cascade' }),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** The address the EHR launched with (the connection's base or one of its aliases): the `aud` of the launch. */
  iss: text('iss'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** When each patient was last read from the EHR over FHIR, and how it ended (issue 6 "FHIR sync"). */
export const ehrPatientSyncs = pgTable('ehr_patient_syncs', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  connectionId: uuid('connection_id')
    .notNull()
    .references(() => ehrConnections.id, { onDelete: 'cascade' }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  /** The failure of the last attempt (class and message, no patient data), null when it succeeded. */
  lastError: text('last_error'),
});

/**
 * Diagnoses written to an EHR encounter as FHIR Conditions (issue 6 "Write-back"). `identifier` is
 * generated by Cairn once per (visit, code) and sent with a conditional create, so a retry never
 * duplicates the Condition in the EHR.
 */
export const ehrConditionWrites = pgTable(
  'ehr_condition_writes',
  {
    id: id(),
    organisationId: organisationId(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    icdCode: text('icd_code').notNull(),
    identifier: text('identifier').notNull(),
    /** pending, written, failed. */
    status: text('status').notNull().default('pending'),
    /** The Condition's id in the EHR once written. */
    ehrResourceId: text('ehr_resource_id'),
    /** A push-failure reason of spec §3 (EncounterIdMissing, ...) or an error class. */
    failureReason: text('failure_reason'),
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ehr_condition_writes_visit_code').on(table.appointmentId, table.icdCode),
    uniqueIndex('ehr_condition_writes_identifier').on(table.identifier),
  ],
);

/**
 * The decision on one code of a visit (issue 7 "Decisions"): accepted (into the cart), rejected with a
 * reason, or pending again after a reset. `version` rises with every change, so that a write naming an
 * older version is refused (two users on one suggestion: the later write sees a conflict).
 */
export const dxDecisions = pgTable(
  'dx_decisions',
  {
    id: id(),
    organisationId: organisationId(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** The visit's patient, so that a rejection can be found at the patient's later visits. */
    patientId: patientId(),
    icdCode: text('icd_code').notNull(),
    /** accepted, rejected, pending. */
    status: text('status').notNull(),
    /** Added by a user (add-diagnosis wizard) rather than suggested by Cairn. */
    isAdded: boolean('is_added').notNull().default(false),
    reason: text('reason'),
    note: text('note'),
    stopShowing: boolean('stop_showing').notNull().default(false),
    decidedBy: uuid('decided_by')
      .notNull()
      .references(() => users.id),
    /** coder or provider: the decider's role when deciding. */
    deciderRole: text('decider_role').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    isPostVisit: boolean('is_post_visit').notNull().default(false),
  },
  (table) => [
    uniqueIndex('dx_decisions_visit_code').on(table.appointmentId, table.icdCode),
    index('dx_decisions_patient_rejected')
      .on(table.patientId, table.decidedAt)
      .where(sql`${table.status} = 'rejected'`),
  ],
);

/** Every change of a decision: who, when, in which role, and why ("every decision is kept"). */
export const dxDecisionHistory = pgTable(
  'dx_decision_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: organisationId(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    icdCode: text('icd_code').notNull(),
    /** accept, reject, add, reset, status, note. */
    action: text('action').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    note: text('note'),
    stopShowing: boolean('stop_showing').notNull().default(false),
    version: integer('version').notNull(),
    isPostVisit: boolean('is_post_visit').notNull().default(false),
    changedBy: uuid('changed_by')
      .notNull()
      .references(() => users.id),
    role: text('role').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dx_decision_history_visit').on(table.appointmentId, table.icdCode, table.changedAt)],
);

/** A visit's place in the workflow: the coder's scrub sent, the cart written to the EHR, later changes. */
export const dxVisitStates = pgTable('dx_visit_states', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  scrubSentAt: timestamp('scrub_sent_at', { withTimezone: true }),
  scrubSentBy: uuid('scrub_sent_by').references(() => users.id),
  /** The first time the cart was written to the EHR encounter. */
  pushedAt: timestamp('pushed_at', { withTimezone: true }),
  /** Codes whose decision changed after `pushedAt` (spec §3 postVisitUpdatedIcds). */
  postVisitUpdatedIcds: text('post_visit_updated_icds')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/**
 * What a user recorded on a partner note (acknowledged, done, not applicable, or none after a reset):
 * one row per note, for the patient rather than one visit, so a later visit shows it. `version` rises
 * with every change, as a decision's does; `appointment_id` is the visit it was recorded at.
 */
export const partnerNoteActions = pgTable('partner_note_actions', {
  partnerNoteId: uuid('partner_note_id')
    .primaryKey()
    .references(() => partnerNotes.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
  /** acknowledged, done, not-applicable, or none (reset). */
  status: text('status').notNull(),
  note: text('note'),
  actedBy: uuid('acted_by')
    .notNull()
    .references(() => users.id),
  /** coder or provider: the user's role when acting. */
  actorRole: text('actor_role').notNull(),
  actedAt: timestamp('acted_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** Every action on a partner note: who, when, in which role, at which visit. */
export const partnerNoteHistory = pgTable(
  'partner_note_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: organisationId(),
    partnerNoteId: uuid('partner_note_id')
      .notNull()
      .references(() => partnerNotes.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** acknowledge, done, not-applicable, reset. */
    action: text('action').notNull(),
    status: text('status').notNull(),
    note: text('note'),
    version: integer('version').notNull(),
    changedBy: uuid('changed_by')
      .notNull()
      .references(() => users.id),
    role: text('role').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('partner_note_history_note').on(table.partnerNoteId, table.changedAt)],
);

/**
 * Diagnoses written to the patient's problem list in the EHR (Condition, category problem-list-item,
 * no encounter): one identifier per (patient, code), sent with a conditional create like the encounter
 * writes, so a retry never duplicates the Condition.
 */
export const ehrProblemListWrites = pgTable(
  'ehr_problem_list_writes',
  {
    id: id(),
    organisationId: organisationId(),
    patientId: patientId(),
    icdCode: text('icd_code').notNull(),
    identifier: text('identifier').notNull(),
    /** pending, written, failed. */
    status: text('status').notNull().default('pending'),
    ehrResourceId: text('ehr_resource_id'),
    failureReason: text('failure_reason'),
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ehr_problem_list_writes_patient_code').on(table.patientId, table.icdCode),
    uniqueIndex('ehr_problem_list_writes_identifier').on(table.identifier),
  ],
);

/**
 * Changes of a visit for the real-time websocket (issue 7 "Real time"): ids and codes only, never clinical
 * text. A browser that reconnects gets the events after the last id it saw. Kept 24 hours; the ids of
 * one visit are committed in order (the publisher locks the visit), so `id > last seen` never skips one.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: organisationId(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('realtime_events_visit').on(table.appointmentId, table.id)],
);

/**
 * A care gap marked as addressed at a visit (issue 19, the Quality Insights tab): one row per (visit,
 * measure), with who marked it, when and why. It is written to the EHR encounter with the cart
 * (`push2emrApi`) as a clinical note: `write_identifier` is the note's identifier, given once per
 * batch so that a retry finds the note the EHR already made; `sent_at` is set once written (then the
 * mark can no longer be taken back). The measure's version and title are kept as marked, for the note.
 */
export const careGapMarks = pgTable(
  'care_gap_marks',
  {
    id: id(),
    organisationId: organisationId(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: patientId(),
    measureId: text('measure_id').notNull(),
    measureVersion: text('measure_version').notNull(),
    measureTitle: text('measure_title').notNull(),
    note: text('note'),
    markedBy: uuid('marked_by')
      .notNull()
      .references(() => users.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    writeIdentifier: uuid('write_identifier'),
    /** The last write's outcome: written, failed (null before any). */
    sendStatus: text('send_status'),
    sendFailureReason: text('send_failure_reason'),
    sendAttemptedAt: timestamp('send_attempted_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The DocumentReference's id in the EHR once written. */
    ehrResourceId: text('ehr_resource_id'),
  },
  (table) => [uniqueIndex('care_gap_marks_visit_measure').on(table.appointmentId, table.measureId)],
);

/**
 * A mailed-letter template of FIT outreach for colorectal screening (issue 19, CMS130): the letter's
 * body with merge fields (`{{patient.firstName}}`, ...), its language and how many days after mailing the
 * kit is asked back by. One organisation's; its name is unique there, whatever the case.
 */
export const fitTemplates = pgTable(
  'fit_templates',
  {
    id: id(),
    organisationId: organisationId(),
    name: text('name').notNull(),
    /** BCP 47 language tag (`en`, `es`): the letter's dates are written in it. */
    language: text('language').notNull(),
    body: text('body').notNull(),
    returnByDays: integer('return_by_days').notNull(),
    /** Null for a template Cairn seeded. */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('fit_templates_name').on(table.organisationId, sql`lower(${table.name})`)],
);

/**
 * One mailing of FIT letters: the template as it was when the letters were made (so that they can be
 * printed again the same), the day they were mailed and the day the kits are asked back by.
 */
export const fitBatches = pgTable(
  'fit_batches',
  {
    id: id(),
    organisationId: organisationId(),
    templateId: uuid('template_id').references(() => fitTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    returnByDays: integer('return_by_days').notNull(),
    mailedOn: date('mailed_on').notNull(),
    returnBy: date('return_by').notNull(),
    /** Null for a batch Cairn seeded. */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('fit_batches_organisation').on(table.organisationId, table.createdAt)],
);

/** A FIT kit's state: out (`mailed`, `returned`), done (`resulted`), or given up (`lost`, `declined`). */
export type FitKitState = 'mailed' | 'returned' | 'resulted' | 'lost' | 'declined';

/**
 * One patient's FIT kit of a batch. It becomes `resulted` only when a FOBT or FIT-DNA Observation of
 * the patient, collected on or after the day it was mailed, arrives in their record (any source: the
 * results import, an EHR sync, an HIE bundle); the care gap closes by the engine, never by hand.
 */
export const fitKits = pgTable(
  'fit_kits',
  {
    id: id(),
    organisationId: organisationId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => fitBatches.id, { onDelete: 'cascade' }),
    patientId: patientId(),
    status: text('status').$type<FitKitState>().notNull(),
    mailedOn: date('mailed_on').notNull(),
    returnedOn: date('returned_on'),
    /** The result's collection day (the Observation's effective date). */
    resultedOn: date('resulted_on'),
    /** positive or negative; null when the reported value reads as neither. */
    result: text('result').$type<'positive' | 'negative'>(),
    /** The value as the lab reported it. */
    resultText: text('result_text'),
    observationId: uuid('observation_id').references(() => observations.id, { onDelete: 'set null' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when a result's arrival changed it. */
    statusChangedBy: uuid('status_changed_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fit_kits_batch_patient').on(table.batchId, table.patientId),
    index('fit_kits_list').on(table.organisationId, table.status, table.mailedOn),
    // The kits a result can still match, by patient: the results import, every ingestion, and "no kit out".
    index('fit_kits_outstanding')
      .on(table.patientId, table.mailedOn)
      .where(sql`${table.status} in ('mailed', 'returned', 'lost')`),
    uniqueIndex('fit_kits_observation')
      .on(table.observationId)
      .where(sql`${table.observationId} is not null`),
  ],
);
