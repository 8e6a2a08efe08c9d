/**
 * What a care gap shows of a FHIR resource that decided a population: its day, its code, its value and a
 * short description (`Blood pressure panel 128/78 mm[Hg]`, `Essential hypertension (ICD-10-CM I10)`).
 */
import type { CodeableConcept, FhirResource, Quantity } from 'fhir/r4';

export interface EvidenceFacts {
  date: string;
  code?: string;
  value?: number | string;
  unit?: string;
  description: string;
}

const SYSTEM_NAMES: Record<string, string> = {
  'http://hl7.org/fhir/sid/icd-10-cm': 'ICD-10-CM',
  'http://snomed.info/sct': 'SNOMED CT',
  'http://loinc.org': 'LOINC',
  'http://www.ama-assn.org/go/cpt': 'CPT',
  'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets': 'HCPCS',
  'http://www.nlm.nih.gov/research/umls/rxnorm': 'RxNorm',
  'http://hl7.org/fhir/sid/cvx': 'CVX',
  'http://www.cms.gov/Medicare/Coding/ICD10': 'ICD-10-PCS',
};

/** The facts of a resource of the FHIR view (or of any QI-Core bundle). */
export function evidenceFacts(resource: FhirResource): EvidenceFacts {
  const json = resource as unknown as Record<string, unknown>;
  const concept = (json.code ??
    json.medicationCodeableConcept ??
    json.vaccineCode ??
    (json.type as unknown[] | undefined)?.[0]) as CodeableConcept | undefined;
  const coding = concept?.coding?.[0];
  const name = concept?.text ?? coding?.display ?? coding?.code ?? resource.resourceType;
  const codeText = coding?.code
    ? ` (${SYSTEM_NAMES[coding.system ?? ''] ?? coding.system ?? 'code'} ${coding.code})`
    : '';
  const value = valueOf(json);
  return {
    date: dateOf(json),
    ...(coding?.code ? { code: coding.code } : {}),
    ...(value ? { value: value.value, ...(value.unit ? { unit: value.unit } : {}) } : {}),
    description: value ? `${name} ${String(value.value)}${value.unit ? ` ${value.unit}` : ''}` : `${name}${codeText}`,
  };
}

function dateOf(json: Record<string, unknown>): string {
  const period = (key: string) => (json[key] as { start?: string } | undefined)?.start;
  const found =
    json.effectiveDateTime ??
    period('effectivePeriod') ??
    period('period') ??
    json.onsetDateTime ??
    json.performedDateTime ??
    period('performedPeriod') ??
    json.authoredOn ??
    json.occurrenceDateTime ??
    json.recordedDate ??
    json.issued;
  return typeof found === 'string' ? found.slice(0, 10) : '';
}

function valueOf(json: Record<string, unknown>): { value: number | string; unit?: string } | undefined {
  const components = json.component as { valueQuantity?: Quantity }[] | undefined;
  if (components && components.length > 0) {
    // Blood pressure: systolic/diastolic.
    const values = components.map((component) => component.valueQuantity?.value ?? '?');
    return { value: values.join('/'), ...unitOf(components[0]?.valueQuantity) };
  }
  const quantity = json.valueQuantity as Quantity | undefined;
  if (quantity?.value !== undefined) return { value: quantity.value, ...unitOf(quantity) };
  const coded = json.valueCodeableConcept as CodeableConcept | undefined;
  const answer = coded?.text ?? coded?.coding?.[0]?.display ?? coded?.coding?.[0]?.code;
  if (answer) return { value: answer };
  return typeof json.valueString === 'string' ? { value: json.valueString } : undefined;
}

function unitOf(quantity: Quantity | undefined): { unit?: string } {
  const unit = quantity?.unit ?? quantity?.code;
  return unit ? { unit } : {};
}
