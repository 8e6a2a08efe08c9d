/**
 * Encounters, medications, procedures, immunizations and allergies of the FHIR view (`to-fhir-bundle.ts`).
 */
import type { AllergyIntolerance, Encounter, FhirResource, Immunization, MedicationRequest, Procedure } from 'fhir/r4';
import type { EncounterRecord, MedicationRecord, PatientRecord, ProcedureRecord } from '../record';
import { SYSTEM, codingsFor, concept, dottedIcd10 } from './fhir-codes';
import { QICORE, type FhirView } from './fhir-view';

/** An Encounter: finished, class as recorded (AMB when none), each type and coded reason with its codings. */
export function encounterResource(view: FhirView, encounter: EncounterRecord): Encounter {
  const at = view.instant(encounter.date);
  return {
    resourceType: 'Encounter',
    id: view.id(encounter.id),
    meta: { profile: [`${QICORE}qicore-encounter`] },
    identifier: [view.identifier('encounters', encounter.id)],
    status: 'finished',
    class: { system: SYSTEM.actCode, code: encounter.classCode ?? 'AMB' },
    type: encounter.types.map((type) => concept(codingsFor(type.system, type.code, type.display))),
    subject: view.patient,
    period: { start: at, end: at },
    ...(encounter.reasons?.length
      ? {
          reasonCode: encounter.reasons.map((reason) => {
            const codings = reason.codings.flatMap((coding) => codingsFor(coding.system, coding.code, coding.display));
            const hasIcd = codings.some((coding) => coding.system === SYSTEM.icd10cm);
            const mapped =
              reason.icdCode && !hasIcd ? [{ system: SYSTEM.icd10cm, code: dottedIcd10(reason.icdCode) }] : [];
            return concept([...codings, ...mapped], reason.display);
          }),
        }
      : {}),
  };
}

/** Medications, procedures, immunizations and allergies dated on or before the view's day. */
export function treatmentResources(view: FhirView, record: PatientRecord): FhirResource[] {
  return [
    ...record.medications.filter((item) => view.isKnown(item.startDate)).map((item) => medicationRequest(view, item)),
    ...record.procedures.filter((item) => view.isKnown(item.date)).map((item) => procedure(view, item)),
    ...record.immunizations
      .filter((item) => view.isKnown(item.date))
      .map((item): Immunization => ({
        resourceType: 'Immunization',
        id: view.id(item.id),
        meta: { profile: [`${QICORE}qicore-immunization`] },
        identifier: [view.identifier('immunizations', item.id)],
        status: 'completed',
        vaccineCode: concept([{ system: SYSTEM.cvx, code: item.cvxCode }], item.display),
        patient: view.patient,
        occurrenceDateTime: view.instant(item.date),
      })),
    ...record.allergies
      .filter((item) => view.isKnown(item.date))
      .map((item): AllergyIntolerance => ({
        resourceType: 'AllergyIntolerance',
        id: view.id(item.id),
        meta: { profile: [`${QICORE}qicore-allergyintolerance`] },
        identifier: [view.identifier('allergies', item.id)],
        clinicalStatus: concept([
          { system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' },
        ]),
        // The record keeps the allergy's code without its system: a coding no value set can match.
        code: concept(item.code ? [{ code: item.code }] : [], item.display),
        patient: view.patient,
        ...(item.date ? { onsetDateTime: view.instant(item.date), recordedDate: view.instant(item.date) } : {}),
      })),
  ];
}

/**
 * A MedicationRequest (an order, as the record's medications are prescriptions or statements of use):
 * RxNorm when known, authored on the start date, the course's dates as the dosage's bounds so that
 * CumulativeMedicationDuration.medicationRequestPeriod has them (it needs an end; an open course has none).
 */
function medicationRequest(view: FhirView, medication: MedicationRecord): MedicationRequest {
  const start = view.instant(medication.startDate);
  const end = medication.endDate ? view.instant(medication.endDate) : undefined;
  return {
    resourceType: 'MedicationRequest',
    id: view.id(medication.id),
    meta: { profile: [`${QICORE}qicore-medicationrequest`] },
    identifier: [view.identifier('medications', medication.id)],
    status: medication.status,
    intent: 'order',
    category: [
      concept([{ system: 'http://terminology.hl7.org/CodeSystem/medicationrequest-category', code: 'community' }]),
    ],
    medicationCodeableConcept: concept(
      medication.rxnormCode ? [{ system: SYSTEM.rxnorm, code: medication.rxnormCode }] : [],
      medication.display,
    ),
    subject: view.patient,
    authoredOn: start,
    dosageInstruction: [{ timing: { repeat: { boundsPeriod: { start, ...(end ? { end } : {}) } } } }],
    dispenseRequest: { validityPeriod: { start, ...(end ? { end } : {}) } },
  };
}

function procedure(view: FhirView, item: ProcedureRecord): Procedure {
  const at = view.instant(item.date);
  return {
    resourceType: 'Procedure',
    id: view.id(item.id),
    meta: { profile: [`${QICORE}qicore-procedure`] },
    identifier: [view.identifier('procedures', item.id)],
    status: 'completed',
    code: concept(codingsFor(item.system, item.code, item.display), item.display),
    subject: view.patient,
    performedPeriod: { start: at, end: at },
  };
}
