import { and, asc, desc, eq, isNotNull, ne, notInArray, or, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  allergies,
  conditions,
  encounters,
  immunizations,
  medications,
  observations,
  procedures,
  providers,
} from '../../db/clinical-schema';

/** Every query reads one patient of one organisation. */
export interface PatientKey {
  organisationId: string;
  patientId: string;
}

const ENTERED_IN_ERROR = 'entered-in-error';
const windowCount = (partition: SQL) => sql<number>`count(*) over (partition by ${partition})`.mapWith(Number);
const totalCount = sql<number>`count(*) over ()`.mapWith(Number);

const conditionIsActive = sql<boolean>`(${conditions.clinicalStatus} in ('active', 'recurrence', 'relapse'))`;
const conditionKey = sql`coalesce(${conditions.icdCode}, ${conditions.snomedCode}, lower(${conditions.display}))`;
const conditionDate = sql<string | null>`coalesce(${conditions.onsetDate}, ${conditions.recordedDate})`;

/**
 * The patient's conditions, one row per problem and status (active or not): the newest record of it,
 * with how many records there are. Refuted and mistaken entries are left out.
 */
export async function listProblems(db: Db, key: PatientKey) {
  return db
    .selectDistinctOn([conditionIsActive, conditionKey], {
      id: conditions.id,
      source: conditions.source,
      display: conditions.display,
      icdCode: conditions.icdCode,
      icdMapped: conditions.icdMapped,
      snomedCode: conditions.snomedCode,
      clinicalStatus: conditions.clinicalStatus,
      isActive: conditionIsActive,
      date: conditionDate,
      abatementDate: conditions.abatementDate,
      occurrences: windowCount(sql`${conditionIsActive}, ${conditionKey}`),
    })
    .from(conditions)
    .where(
      and(
        eq(conditions.organisationId, key.organisationId),
        eq(conditions.patientId, key.patientId),
        or(
          isNull(conditions.verificationStatus),
          notInArray(conditions.verificationStatus, [ENTERED_IN_ERROR, 'refuted']),
        ),
      ),
    )
    .orderBy(conditionIsActive, conditionKey, sql`${conditionDate} desc nulls last`, desc(conditions.updatedAt));
}

const medicationIsActive = sql<boolean>`(${medications.status} in ('active', 'on-hold', 'intended'))`;
const medicationKey = sql`coalesce(${medications.rxnormCode}, lower(${medications.display}))`;

/** One row per drug and status (active or not): its newest order or statement, with how many there are. */
export async function listMedications(db: Db, key: PatientKey) {
  return db
    .selectDistinctOn([medicationIsActive, medicationKey], {
      id: medications.id,
      source: medications.source,
      display: medications.display,
      rxnormCode: medications.rxnormCode,
      status: medications.status,
      isActive: medicationIsActive,
      dosage: medications.dosage,
      prescriber: medications.prescriber,
      date: medications.startDate,
      endDate: medications.endDate,
      occurrences: windowCount(sql`${medicationIsActive}, ${medicationKey}`),
    })
    .from(medications)
    .where(
      and(
        eq(medications.organisationId, key.organisationId),
        eq(medications.patientId, key.patientId),
        ne(medications.status, ENTERED_IN_ERROR),
      ),
    )
    .orderBy(medicationIsActive, medicationKey, desc(medications.startDate), desc(medications.updatedAt));
}

export async function listAllergies(db: Db, key: PatientKey) {
  return db
    .select({
      id: allergies.id,
      source: allergies.source,
      display: allergies.display,
      category: allergies.category,
      criticality: allergies.criticality,
      clinicalStatus: allergies.clinicalStatus,
      reaction: allergies.reaction,
      date: allergies.recordedDate,
    })
    .from(allergies)
    .where(and(eq(allergies.organisationId, key.organisationId), eq(allergies.patientId, key.patientId)))
    .orderBy(sql`${allergies.recordedDate} desc nulls last`, asc(allergies.display))
    .limit(200);
}

/** The latest result of every test the patient has had (one row per LOINC), with the number of results. */
export async function listLatestResults(db: Db, key: PatientKey) {
  return db
    .selectDistinctOn([observations.loinc], {
      id: observations.id,
      source: observations.source,
      loinc: observations.loinc,
      category: observations.category,
      display: observations.display,
      date: observations.effectiveDate,
      value: observations.value,
      decimals: observations.valueDecimals,
      valueText: sql<string | null>`coalesce(${observations.valueText}, ${observations.valueCode})`,
      unit: observations.unit,
      referenceLow: observations.referenceLow,
      referenceHigh: observations.referenceHigh,
      referenceText: observations.referenceText,
      interpretation: observations.interpretation,
      count: windowCount(sql`${observations.loinc}`),
    })
    .from(observations)
    .where(and(eq(observations.organisationId, key.organisationId), eq(observations.patientId, key.patientId)))
    .orderBy(observations.loinc, desc(observations.effectiveDate), desc(observations.updatedAt));
}

/** The newest `limit` visits, with the number of visits in `total`. */
export async function listVisits(db: Db, key: PatientKey, limit: number) {
  return db
    .select({
      id: encounters.id,
      source: encounters.source,
      date: encounters.startDate,
      endDate: encounters.endDate,
      types: encounters.types,
      classCode: encounters.classCode,
      reason: encounters.reason,
      status: encounters.status,
      providerFirstName: providers.firstName,
      providerLastName: providers.lastName,
      providerSuffix: providers.suffix,
      total: totalCount,
    })
    .from(encounters)
    .leftJoin(providers, eq(providers.id, encounters.providerId))
    .where(
      and(
        eq(encounters.organisationId, key.organisationId),
        eq(encounters.patientId, key.patientId),
        ne(encounters.status, ENTERED_IN_ERROR),
      ),
    )
    .orderBy(desc(encounters.startDate), desc(encounters.updatedAt))
    .limit(limit);
}

export async function listProcedures(db: Db, key: PatientKey, limit: number) {
  return db
    .select({
      id: procedures.id,
      source: procedures.source,
      code: procedures.code,
      system: procedures.system,
      display: procedures.display,
      status: procedures.status,
      date: procedures.performedDate,
      total: totalCount,
    })
    .from(procedures)
    .where(
      and(
        eq(procedures.organisationId, key.organisationId),
        eq(procedures.patientId, key.patientId),
        ne(procedures.status, ENTERED_IN_ERROR),
      ),
    )
    .orderBy(desc(procedures.performedDate), desc(procedures.updatedAt))
    .limit(limit);
}

export async function listImmunizations(db: Db, key: PatientKey, limit: number) {
  return db
    .select({
      id: immunizations.id,
      source: immunizations.source,
      cvxCode: immunizations.cvxCode,
      display: immunizations.display,
      status: immunizations.status,
      date: immunizations.occurrenceDate,
      total: totalCount,
    })
    .from(immunizations)
    .where(
      and(
        eq(immunizations.organisationId, key.organisationId),
        eq(immunizations.patientId, key.patientId),
        ne(immunizations.status, ENTERED_IN_ERROR),
      ),
    )
    .orderBy(desc(immunizations.occurrenceDate), desc(immunizations.updatedAt))
    .limit(limit);
}

/** The newest `limit` numeric results of one test, newest first. */
export async function listNumericResults(db: Db, key: PatientKey & { loinc: string; limit: number }) {
  return db
    .select({
      id: observations.id,
      source: observations.source,
      display: observations.display,
      date: observations.effectiveDate,
      value: observations.value,
      decimals: observations.valueDecimals,
      unit: observations.unit,
      referenceLow: observations.referenceLow,
      referenceHigh: observations.referenceHigh,
      referenceText: observations.referenceText,
      interpretation: observations.interpretation,
    })
    .from(observations)
    .where(
      and(
        eq(observations.organisationId, key.organisationId),
        eq(observations.patientId, key.patientId),
        eq(observations.loinc, key.loinc),
        isNotNull(observations.value),
      ),
    )
    .orderBy(desc(observations.effectiveDate), desc(observations.updatedAt))
    .limit(key.limit);
}
