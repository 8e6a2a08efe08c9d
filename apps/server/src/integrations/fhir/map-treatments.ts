import {
  type CodeableConcept,
  type FhirResource,
  type HumanName,
  type Period,
  type Reference,
  SYSTEMS,
} from './fhir-types';
import {
  codeIn,
  codingsOf,
  dateOf,
  displayOf,
  firstCode,
  MappingError,
  officialName,
  requireDate,
} from './fhir-values';
import type { MapContext, MappedRow } from './fhir-mapping';
import { encounterOf, patientOf } from './map-encounters';

interface MedicationResource extends FhirResource {
  status?: string;
  medicationCodeableConcept?: CodeableConcept;
  medicationReference?: Reference;
  subject?: Reference;
  authoredOn?: string;
  requester?: Reference;
  informationSource?: Reference;
  dosageInstruction?: { text?: string }[];
  dosage?: { text?: string }[];
  effectiveDateTime?: string;
  effectivePeriod?: Period;
  dateAsserted?: string;
  dispenseRequest?: { validityPeriod?: Period };
}
interface AllergyResource extends FhirResource {
  clinicalStatus?: CodeableConcept;
  category?: string[];
  criticality?: string;
  code?: CodeableConcept;
  patient?: Reference;
  recordedDate?: string;
  onsetDateTime?: string;
  reaction?: { manifestation?: CodeableConcept[] }[];
}
interface ProcedureResource extends FhirResource {
  status?: string;
  code?: CodeableConcept;
  subject?: Reference;
  encounter?: Reference;
  performedDateTime?: string;
  performedPeriod?: Period;
}
interface ImmunizationResource extends FhirResource {
  status?: string;
  vaccineCode?: CodeableConcept;
  patient?: Reference;
  encounter?: Reference;
  occurrenceDateTime?: string;
}

/** MedicationRequest and MedicationStatement -> medications; the drug inline, contained or referenced. */
export function mapMedication(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const medication = resource as MedicationResource;
  const concept = medication.medicationCodeableConcept ?? medicationConcept(medication, context);
  const display = displayOf(concept);
  if (!display) throw new MappingError('no medication');
  const isRequest = medication.resourceType === 'MedicationRequest';
  const start = isRequest
    ? medication.authoredOn
    : (medication.effectiveDateTime ?? medication.effectivePeriod?.start ?? medication.dateAsserted);
  const end = isRequest ? medication.dispenseRequest?.validityPeriod?.end : medication.effectivePeriod?.end;
  return [
    {
      table: 'medications',
      values: {
        sourceId,
        kind: medication.resourceType,
        rxnormCode: codeIn(concept, SYSTEMS.rxnorm) ?? null,
        display,
        status: medication.status ?? 'unknown',
        dosage: (isRequest ? medication.dosageInstruction : medication.dosage)?.[0]?.text ?? null,
        prescriber: prescriberOf(isRequest ? medication.requester : medication.informationSource, context) ?? null,
        startDate: requireDate(start, isRequest ? 'authoredOn' : 'effective date'),
        endDate: dateOf(end) ?? null,
      },
      refs: { patientId: patientOf(context, medication.subject) },
    },
  ];
}

function medicationConcept(medication: MedicationResource, context: MapContext): CodeableConcept | undefined {
  const reference = medication.medicationReference?.reference;
  const target = reference?.startsWith('#')
    ? medication.contained?.find((item) => item.id === reference.slice(1))
    : context.resolve(medication.medicationReference);
  const code = target?.code as CodeableConcept | undefined;
  return (
    code ?? (medication.medicationReference?.display ? { text: medication.medicationReference.display } : undefined)
  );
}

function prescriberOf(reference: Reference | undefined, context: MapContext): string | undefined {
  if (reference?.display) return reference.display;
  const practitioner = context.resolve(reference);
  const name = officialName(practitioner?.name as HumanName[] | undefined);
  if (!name) return undefined;
  return name.text ?? [...(name.given ?? []), name.family].filter(Boolean).join(' ');
}

export function mapAllergy(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const allergy = resource as AllergyResource;
  const display = displayOf(allergy.code);
  if (!display) throw new MappingError('allergy without code');
  const reactions = (allergy.reaction ?? [])
    .flatMap((reaction) => reaction.manifestation ?? [])
    .map((manifestation) => displayOf(manifestation))
    .filter(Boolean);
  return [
    {
      table: 'allergies',
      values: {
        sourceId,
        code: firstCode(allergy.code) ?? null,
        display,
        category: allergy.category?.[0] ?? null,
        criticality: allergy.criticality ?? null,
        clinicalStatus: allergy.clinicalStatus?.coding?.[0]?.code ?? null,
        reaction: reactions.length ? reactions.join(', ') : null,
        recordedDate: dateOf(allergy.recordedDate ?? allergy.onsetDateTime) ?? null,
      },
      refs: { patientId: patientOf(context, allergy.patient) },
    },
  ];
}

export function mapProcedure(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const procedure = resource as ProcedureResource;
  const coding = codingsOf(procedure.code)[0];
  if (!coding?.code) throw new MappingError('procedure without code');
  return [
    {
      table: 'procedures',
      values: {
        sourceId,
        code: coding.code,
        system: coding.system ?? '',
        display: displayOf(procedure.code) ?? coding.code,
        status: procedure.status ?? 'completed',
        performedDate: requireDate(procedure.performedDateTime ?? procedure.performedPeriod?.start, 'performed date'),
      },
      refs: { patientId: patientOf(context, procedure.subject), ...encounterOf(context, procedure.encounter) },
    },
  ];
}

export function mapImmunization(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const immunization = resource as ImmunizationResource;
  const cvxCode = codeIn(immunization.vaccineCode, SYSTEMS.cvx) ?? firstCode(immunization.vaccineCode);
  if (!cvxCode) throw new MappingError('immunization without vaccine code');
  return [
    {
      table: 'immunizations',
      values: {
        sourceId,
        cvxCode,
        display: displayOf(immunization.vaccineCode) ?? cvxCode,
        status: immunization.status ?? 'completed',
        occurrenceDate: requireDate(immunization.occurrenceDateTime, 'occurrenceDateTime'),
      },
      refs: { patientId: patientOf(context, immunization.patient), ...encounterOf(context, immunization.encounter) },
    },
  ];
}
