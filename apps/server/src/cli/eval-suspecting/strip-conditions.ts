/**
 * Mode 2's input: a FHIR bundle with every Condition removed and everything that carries a condition's
 * diagnosis elsewhere: every reference to a Condition (Claim/EOB `diagnosis` entries given by
 * `diagnosisReference`, `reasonReference`, CarePlan `addresses`, Encounter `diagnosis`: the list
 * element holding the reference goes, a single reference field is deleted) and every `reasonCode`
 * (Synthea writes the condition's SNOMED code there). Claim diagnoses given as codes
 * (`diagnosisCodeableConcept`) stay; so do notes, results, drugs and procedures: the other evidence.
 */
export function withoutConditions(bundle: unknown): unknown {
  if (!isObject(bundle) || !Array.isArray(bundle.entry)) return bundle;
  const conditionKeys = new Set<string>();
  for (const entry of bundle.entry as unknown[]) {
    if (!isObject(entry) || !isObject(entry.resource) || entry.resource.resourceType !== 'Condition') continue;
    if (typeof entry.fullUrl === 'string') conditionKeys.add(entry.fullUrl);
    if (typeof entry.resource.id === 'string') conditionKeys.add(`Condition/${entry.resource.id}`);
  }
  const isConditionReference = (value: unknown): boolean =>
    isObject(value) &&
    typeof value.reference === 'string' &&
    (conditionKeys.has(value.reference) || /(^|\/)Condition\//.test(value.reference));
  const holdsConditionReference = (value: unknown): boolean =>
    isConditionReference(value) || (isObject(value) && Object.values(value).some(isConditionReference));
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.filter((item) => !holdsConditionReference(item)).map(clean);
    if (!isObject(value)) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === 'reasonCode' || isConditionReference(item)) continue;
      copy[key] = clean(item);
    }
    return copy;
  };
  const entries = (bundle.entry as unknown[]).filter(
    (entry) => !(isObject(entry) && isObject(entry.resource) && entry.resource.resourceType === 'Condition'),
  );
  return { ...bundle, entry: entries.map(clean) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
