/**
 * The FHIR view of Cairn's record that the measures' CQL reads: QI-Core-shaped FHIR R4 resources, tagged
 * with the QI-Core profile each retrieve asks for (`meta.profile`). Each resource names the record item it
 * came from in an identifier (`RECORD_ITEM_SYSTEM`, `observations/obs-1`), so that results point back.
 *
 * Decisions, as the measures read them (docs/quality.md, "The FHIR view of the record"):
 * - Dates become instants at 00:00 UTC of the record's day; an encounter starts and ends then, with status
 *   `finished` and class AMB when the record has none.
 * - A claim's diagnosis is a Condition (`encounter-diagnosis`, confirmed) active on its service day only:
 *   onset, recorded date and abatement that day, so QICoreCommon.prevalenceInterval is that one day. A
 *   claim says the condition was treated then, not before or after. (FHIR's invariant con-4 wants an
 *   abated condition inactive; the view keeps `active` because the CQL reads clinicalStatus as "active
 *   on the days of the prevalence interval", which is what the claim says.)
 * - Systolic and diastolic readings of one day and encounter become one blood-pressure panel (85354-9,
 *   profile bp) with two components, as CMS165 reads them; BMI gets the bmi profile.
 * - Documents and care plans are left out: no measure reads DocumentReference or CarePlan.
 */
import type { Bundle, Condition, FhirResource, Patient } from 'fhir/r4';
import type { ClaimDiagnosisRecord, ConditionRecord, PatientRecord } from '../record';
import { SYSTEM, codingsFor, concept, dottedIcd10 } from './fhir-codes';
import { QICORE, RECORD_ITEM_SYSTEM, createFhirView, fhirId, type FhirView } from './fhir-view';
import { observationResources } from './to-fhir-observations';
import { encounterResource, treatmentResources } from './to-fhir-treatments';

export interface ToFhirBundleOptions {
  /** Leave out what is dated after this day (the record as it stood then), as `evaluateCareGaps` does. */
  asOf?: string;
}

/** One FHIR collection Bundle of the record's patient and what the measures read (see the module comment). */
export function toFhirBundle(record: PatientRecord, options: ToFhirBundleOptions = {}): Bundle {
  const patientId = fhirId(record.patientId);
  const view = createFhirView(record.patientId, options.asOf);
  const resources: FhirResource[] = [
    patientResource(record, patientId),
    ...record.encounters
      .filter((encounter) => view.isKnown(encounter.date))
      .map((item) => encounterResource(view, item)),
    ...record.conditions
      .filter((condition) => view.isKnown(condition.date))
      .map((item) => conditionResource(view, item)),
    ...record.claims.filter((claim) => view.isKnown(claim.serviceDate)).map((item) => claimCondition(view, item)),
    ...observationResources(
      view,
      record.observations.filter((observation) => view.isKnown(observation.date)),
    ),
    ...treatmentResources(view, record),
  ];
  return { resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) };
}

function patientResource(record: PatientRecord, id: string): Patient {
  const { sex, birthDate } = record.demographics;
  return {
    resourceType: 'Patient',
    id,
    meta: { profile: [`${QICORE}qicore-patient`] },
    identifier: [{ system: RECORD_ITEM_SYSTEM, value: `patient/${record.patientId}` }],
    gender: sex === 'F' ? 'female' : sex === 'M' ? 'male' : 'unknown',
    birthDate,
  };
}

const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const US_CORE_CONDITION_CATEGORY = 'http://hl7.org/fhir/us/core/CodeSystem/condition-category';

function conditionResource(view: FhirView, condition: ConditionRecord): Condition {
  const codings = [
    ...(condition.icdCode ? [{ system: SYSTEM.icd10cm, code: dottedIcd10(condition.icdCode) }] : []),
    ...(condition.snomedCode ? codingsFor(SYSTEM.snomed, condition.snomedCode) : []),
  ];
  const categorySystem = condition.category === 'health-concern' ? US_CORE_CONDITION_CATEGORY : CONDITION_CATEGORY;
  return {
    resourceType: 'Condition',
    id: view.id(condition.id),
    meta: { profile: [`${QICORE}qicore-condition`] },
    identifier: [view.identifier('conditions', condition.id)],
    ...(condition.clinicalStatus === 'unknown'
      ? {}
      : { clinicalStatus: statusConcept('condition-clinical', condition.clinicalStatus) }),
    ...(condition.verificationStatus
      ? { verificationStatus: statusConcept('condition-ver-status', condition.verificationStatus) }
      : {}),
    category: [concept([{ system: categorySystem, code: condition.category }])],
    code: concept(codings, condition.display),
    subject: view.patient,
    onsetDateTime: view.instant(condition.date),
    recordedDate: view.instant(condition.date),
    ...(condition.abatementDate ? { abatementDateTime: view.instant(condition.abatementDate) } : {}),
  };
}

function claimCondition(view: FhirView, claim: ClaimDiagnosisRecord): Condition {
  return {
    resourceType: 'Condition',
    id: view.id(`claim-${claim.id}`),
    meta: { profile: [`${QICORE}qicore-condition`] },
    identifier: [view.identifier('claims', claim.id)],
    clinicalStatus: statusConcept('condition-clinical', 'active'),
    verificationStatus: statusConcept('condition-ver-status', 'confirmed'),
    category: [concept([{ system: CONDITION_CATEGORY, code: 'encounter-diagnosis' }])],
    code: concept([{ system: SYSTEM.icd10cm, code: dottedIcd10(claim.icdCode) }]),
    subject: view.patient,
    onsetDateTime: view.instant(claim.serviceDate),
    recordedDate: view.instant(claim.serviceDate),
    abatementDateTime: view.instant(claim.serviceDate),
  };
}

function statusConcept(codeSystem: string, code: string) {
  return concept([{ system: `http://terminology.hl7.org/CodeSystem/${codeSystem}`, code }]);
}
