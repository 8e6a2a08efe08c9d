import { emptyPatientRecord, type ConditionRecord, type MedicationRecord, type PatientRecord } from '@cairn/clinical';
import type { PatientRows } from './types';

const source = (value: string): 'EHR' | 'HIE' => (value === 'HIE' ? 'HIE' : 'EHR');

/**
 * The clinical engine's view of generated rows (ids are the rows' source ids), so tests can run
 * `suspect` and `evaluateCareGaps` over the generator's output before anything is stored.
 */
export function toPatientRecord(rows: PatientRows): PatientRecord {
  const { patient } = rows;
  const record = emptyPatientRecord(patient.sourceId, {
    birthDate: patient.birthDate,
    sex: patient.gender === 'female' ? 'F' : patient.gender === 'male' ? 'M' : undefined,
    medicaid: rows.coverages.some((coverage) => coverage.plan === 'Medicaid'),
  });
  const encounterSourceId = new Map(rows.encounters.map((encounter) => [encounter.id, encounter.sourceId]));
  record.conditions = rows.conditions.map((condition) => ({
    id: condition.sourceId,
    ...(condition.icdCode ? { icdCode: condition.icdCode } : {}),
    ...(condition.snomedCode ? { snomedCode: condition.snomedCode } : {}),
    display: condition.display,
    date: condition.recordedDate ?? condition.onsetDate ?? '',
    ...(condition.abatementDate ? { abatementDate: condition.abatementDate } : {}),
    clinicalStatus: (condition.clinicalStatus ?? 'unknown') as ConditionRecord['clinicalStatus'],
    ...(condition.verificationStatus
      ? { verificationStatus: condition.verificationStatus as NonNullable<ConditionRecord['verificationStatus']> }
      : {}),
    category: condition.category as ConditionRecord['category'],
    source: source(condition.source),
  }));
  record.claims = rows.claimDiagnoses.map((claim) => ({
    id: claim.sourceId,
    icdCode: claim.icdCode,
    serviceDate: claim.serviceDate,
    source: source(claim.source),
  }));
  record.observations = rows.observations.map((observation) => ({
    id: observation.sourceId,
    loinc: observation.loinc,
    display: observation.display,
    date: observation.effectiveDate,
    ...(observation.value == null ? {} : { value: observation.value }),
    ...(observation.unit ? { unit: observation.unit } : {}),
    ...(observation.valueCode ? { valueCode: observation.valueCode } : {}),
    ...(observation.valueSystem ? { valueSystem: observation.valueSystem } : {}),
    ...(observation.valueText ? { valueText: observation.valueText } : {}),
    ...(observation.encounterId ? { encounterId: encounterSourceId.get(observation.encounterId) ?? '' } : {}),
    source: source(observation.source),
  }));
  record.medications = rows.medications.map((medication) => ({
    id: medication.sourceId,
    ...(medication.rxnormCode ? { rxnormCode: medication.rxnormCode } : {}),
    display: medication.display,
    startDate: medication.startDate,
    ...(medication.endDate ? { endDate: medication.endDate } : {}),
    status: (medication.status ?? 'unknown') as MedicationRecord['status'],
    source: source(medication.source),
  }));
  record.documents = rows.documents.map((document) => ({
    id: document.sourceId,
    date: document.documentDate,
    title: document.title,
    ...(document.typeCode ? { typeCode: document.typeCode } : {}),
    ...(document.author ? { author: document.author } : {}),
    text: document.text ?? '',
    source: source(document.source),
  }));
  record.procedures = rows.procedures.map((procedure) => ({
    id: procedure.sourceId,
    code: procedure.code,
    system: procedure.system,
    display: procedure.display,
    date: procedure.performedDate,
    source: source(procedure.source),
  }));
  record.encounters = rows.encounters.map((encounter) => ({
    id: encounter.sourceId,
    date: encounter.startDate,
    ...(encounter.classCode ? { classCode: encounter.classCode } : {}),
    types: (encounter.types ?? []).map((type) => ({ system: type.system ?? '', code: type.code ?? '' })),
    source: source(encounter.source),
  }));
  record.immunizations = rows.immunizations.map((immunization) => ({
    id: immunization.sourceId,
    cvxCode: immunization.cvxCode,
    display: immunization.display,
    date: immunization.occurrenceDate,
    source: source(immunization.source),
  }));
  record.allergies = rows.allergies.map((allergy) => ({
    id: allergy.sourceId,
    ...(allergy.code ? { code: allergy.code } : {}),
    display: allergy.display,
    ...(allergy.recordedDate ? { date: allergy.recordedDate } : {}),
    source: source(allergy.source),
  }));
  return record;
}
