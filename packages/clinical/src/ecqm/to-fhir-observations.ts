/**
 * Observations of the FHIR view (`to-fhir-bundle.ts`): status final, the category the measures' CQL
 * asks for (`fhir-codes.ts`), the value as a quantity (UCUM), a coded value or text. Blood pressure is
 * one panel per day and encounter, as CMS165 reads it (profile bp: 85354-9 with systolic 8480-6 and
 * diastolic 8462-4 components); BMI (39156-5) has the bmi profile.
 */
import type { Observation, ObservationComponent, Quantity } from 'fhir/r4';
import type { ObservationRecord } from '../record';
import { SYSTEM, concept, observationCategory, observationCodeSystem } from './fhir-codes';
import { QICORE, type FhirView } from './fhir-view';

const SYSTOLIC = '8480-6';
const DIASTOLIC = '8462-4';
const BLOOD_PRESSURE_PANEL = '85354-9';
const BMI = '39156-5';
const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** The record's observations as FHIR Observations, blood-pressure readings paired into panels. */
export function observationResources(view: FhirView, observations: readonly ObservationRecord[]): Observation[] {
  const resources: Observation[] = [];
  const panels = new Map<string, { systolic?: ObservationRecord; diastolic?: ObservationRecord }[]>();
  for (const observation of observations) {
    if (observation.loinc === SYSTOLIC || observation.loinc === DIASTOLIC) {
      const side = observation.loinc === SYSTOLIC ? 'systolic' : 'diastolic';
      const key = `${observation.date}\u0000${observation.encounterId ?? ''}`;
      const pairs = panels.get(key) ?? [];
      const open = pairs.find((pair) => !pair[side]);
      if (open) open[side] = observation;
      else pairs.push({ [side]: observation });
      panels.set(key, pairs);
    } else {
      resources.push(observationResource(view, observation));
    }
  }
  for (const pairs of panels.values()) for (const pair of pairs) resources.push(bloodPressurePanel(view, pair));
  return resources;
}

function observationResource(view: FhirView, observation: ObservationRecord): Observation {
  const system = observationCodeSystem(observation.loinc);
  return {
    resourceType: 'Observation',
    id: view.id(observation.id),
    meta: {
      profile: [
        observation.loinc === BMI ? 'http://hl7.org/fhir/StructureDefinition/bmi' : `${QICORE}qicore-observation`,
      ],
    },
    identifier: [view.identifier('observations', observation.id)],
    status: 'final',
    category: [concept([{ system: CATEGORY_SYSTEM, code: observationCategory(observation.loinc) }])],
    code: concept([{ system, code: observation.loinc }], observation.display),
    subject: view.patient,
    ...(observation.encounterId ? { encounter: { reference: `Encounter/${view.id(observation.encounterId)}` } } : {}),
    effectiveDateTime: view.instant(observation.date),
    ...valueOf(observation),
  };
}

function valueOf(observation: ObservationRecord): Partial<Observation> {
  if (observation.value !== undefined) return { valueQuantity: quantity(observation) };
  if (observation.valueCode) {
    // A coded answer without its system: LOINC answers look like LA6576-8, anything else is SNOMED CT.
    const system = observation.valueSystem ?? observationCodeSystem(observation.valueCode);
    return { valueCodeableConcept: concept([{ system, code: observation.valueCode }], observation.valueText) };
  }
  if (observation.valueText) return { valueString: observation.valueText };
  return {};
}

function quantity(observation: ObservationRecord): Quantity {
  const unit = observation.unit;
  return { value: observation.value, ...(unit ? { unit, system: SYSTEM.ucum, code: unit } : {}) };
}

function bloodPressurePanel(
  view: FhirView,
  pair: { systolic?: ObservationRecord; diastolic?: ObservationRecord },
): Observation {
  const readings = [pair.systolic, pair.diastolic].filter((item): item is ObservationRecord => item !== undefined);
  const [first] = readings as [ObservationRecord];
  const component = (reading: ObservationRecord): ObservationComponent => ({
    code: concept([{ system: SYSTEM.loinc, code: reading.loinc }], reading.display),
    valueQuantity: quantity({ ...reading, unit: reading.unit ?? 'mm[Hg]' }),
  });
  return {
    resourceType: 'Observation',
    id: view.id(`bp-${first.id}`),
    meta: { profile: ['http://hl7.org/fhir/StructureDefinition/bp'] },
    identifier: readings.map((reading) => view.identifier('observations', reading.id)),
    status: 'final',
    category: [concept([{ system: CATEGORY_SYSTEM, code: 'vital-signs' }])],
    code: concept([{ system: SYSTEM.loinc, code: BLOOD_PRESSURE_PANEL }], 'Blood pressure panel'),
    subject: view.patient,
    ...(first.encounterId ? { encounter: { reference: `Encounter/${view.id(first.encounterId)}` } } : {}),
    effectiveDateTime: view.instant(first.date),
    component: readings.map(component),
  };
}
