import {
  type CodeableConcept,
  type FhirResource,
  type Period,
  type Quantity,
  type Reference,
  type ReferenceRange,
  SYSTEMS,
} from './fhir-types';
import { reportedDecimals } from './fhir-json';
import { codeIn, displayOf, firstCode, firstOfConcepts, MappingError, numberOrNull, requireDate } from './fhir-values';
import type { MapContext, MappedRow } from './fhir-mapping';
import { encounterOf, patientOf } from './map-encounters';

interface ObservationValue {
  code?: CodeableConcept;
  valueQuantity?: Quantity;
  valueCodeableConcept?: CodeableConcept;
  valueString?: string;
  valueInteger?: number;
  valueBoolean?: boolean;
  referenceRange?: ReferenceRange[];
  interpretation?: CodeableConcept[];
}
interface ObservationResource extends FhirResource, ObservationValue {
  category?: CodeableConcept[];
  subject?: Reference;
  encounter?: Reference;
  effectiveDateTime?: string;
  effectivePeriod?: Period;
  effectiveInstant?: string;
  issued?: string;
  component?: ObservationValue[];
}

/**
 * Observation -> observations. A panel with components (blood pressure 85354-9) becomes one row per
 * component, `<id>#<loinc>`, plus the panel's own row only when the panel carries a value itself.
 */
export function mapObservation(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const observation = resource as ObservationResource;
  const effectiveDate = requireDate(
    observation.effectiveDateTime ??
      observation.effectivePeriod?.start ??
      observation.effectiveInstant ??
      observation.issued,
    'effective date',
  );
  const shared = {
    category: firstOfConcepts(observation.category) ?? null,
    effectiveDate,
  };
  const refs = { patientId: patientOf(context, observation.subject), ...encounterOf(context, observation.encounter) };
  const rows: MappedRow[] = [];
  if (!observation.component?.length || hasValue(observation)) {
    rows.push({ table: 'observations', values: { sourceId, ...shared, ...valueColumns(observation) }, refs });
  }
  for (const component of observation.component ?? []) {
    const columns = valueColumns(component);
    rows.push({
      table: 'observations',
      values: {
        sourceId: `${sourceId}#${columns.loinc}`,
        ...shared,
        ...columns,
        interpretation: columns.interpretation ?? firstOfConcepts(observation.interpretation) ?? null,
      },
      refs,
    });
  }
  return rows;
}

function hasValue(value: ObservationValue): boolean {
  return (
    value.valueQuantity !== undefined ||
    value.valueCodeableConcept !== undefined ||
    value.valueString !== undefined ||
    value.valueInteger !== undefined ||
    value.valueBoolean !== undefined
  );
}

function valueColumns(value: ObservationValue) {
  const loinc = codeIn(value.code, SYSTEMS.loinc) ?? firstCode(value.code);
  if (!loinc) throw new MappingError('observation without code');
  const range = value.referenceRange?.[0];
  const coded = value.valueCodeableConcept?.coding?.[0];
  const number = numberOrNull(value.valueQuantity?.value ?? value.valueInteger);
  return {
    loinc,
    display: displayOf(value.code) ?? loinc,
    value: number,
    valueDecimals: number === null ? null : decimalsOf(value),
    unit: value.valueQuantity?.unit ?? value.valueQuantity?.code ?? null,
    valueCode: coded?.code ?? null,
    valueSystem: coded?.system ?? null,
    valueText: valueTextOf(value),
    referenceLow: numberOrNull(range?.low?.value),
    referenceHigh: numberOrNull(range?.high?.value),
    referenceText: range?.text?.trim() || null,
    interpretation: firstOfConcepts(value.interpretation) ?? null,
  };
}

/** The decimal places the value was reported with, when the JSON was read by `parseFhirJson`; an integer has none. */
function decimalsOf(value: ObservationValue): number | null {
  if (value.valueQuantity?.value !== undefined) return reportedDecimals(value.valueQuantity, 'value') ?? null;
  return value.valueInteger === undefined ? null : 0;
}

function valueTextOf(value: ObservationValue): string | null {
  if (value.valueString !== undefined) return value.valueString;
  if (value.valueCodeableConcept) return displayOf(value.valueCodeableConcept) ?? null;
  return value.valueBoolean === undefined ? null : String(value.valueBoolean);
}
