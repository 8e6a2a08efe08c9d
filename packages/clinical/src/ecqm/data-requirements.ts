/**
 * A measure's data requirements as a filter on a patient's bundle: only the resources some retrieve of the
 * measure can return are kept, so that cql-exec-fhir, which scans the whole bundle at every retrieve,
 * scans less. The requirements are the Measure's `effective-data-requirements` Library (computed by the
 * measure's publisher, one entry per retrieve: type, profile, and the value set or codes it filters on).
 *
 * A resource is kept when an entry of its type names a profile it is tagged with (the engine's retrieves
 * read only tagged resources) and the entry has no code filter or one of the resource's codes is in it
 * (in the element the path names, or its `CodeableConcept` choice: `codeCodeableConcept`). A filter on a
 * path that is not a code (`value`, ...) keeps every resource of the entry; so does a code given by
 * reference (`medicationReference`).
 */
import type { Bundle, BundleEntry, DataRequirement, FhirResource, Library, ValueSet } from 'fhir/r4';
import { normalizeValueSetUrl, type EcqmMeasureContent } from './measure-content';

/** Requirement paths that name a coded element (FHIR spells a choice `codeCodeableConcept`, ...). */
const CODE_PATHS = new Set(['code', 'type', 'medication', 'vaccineCode', 'event', 'category']);

interface Requirement {
  type: string;
  profiles: readonly string[];
  /** Resource elements to read codes from, and the `system|code` pairs that pass; none: everything passes. */
  filter?: { elements: readonly string[]; codes: ReadonlySet<string> };
}

/** Whether a measure's retrieves can read a resource of a patient's bundle (see the module comment). */
export type ResourceFilter = (resource: FhirResource | undefined) => boolean;

/** The entries of a one-patient bundle that `keeps` lets through. */
export function filterBundle(bundle: Bundle, keeps: ResourceFilter): Bundle {
  return { ...bundle, entry: (bundle.entry ?? []).filter((entry: BundleEntry) => keeps(entry.resource)) };
}

export function dataRequirementFilter(content: EcqmMeasureContent): ResourceFilter {
  const byType = groupRequirements(readRequirements(content));
  return (resource) => {
    if (!resource) return false;
    if (resource.resourceType === 'Patient') return true;
    const byProfile = byType.get(resource.resourceType);
    if (!byProfile) return false;
    const json = resource as unknown as Record<string, unknown>;
    return (resource.meta?.profile ?? []).some((profile) => {
      const group = byProfile.get(profile);
      if (!group) return false;
      return (
        group.isUnfiltered || [...group.codesByElements].some(([elements, codes]) => hasCode(json, elements, codes))
      );
    });
  };
}

/**
 * The requirements of each type and profile as one test: kept by any requirement without a code filter,
 * else by a code of the union of the filters on the same elements (the same answer as asking each
 * requirement in turn, without building every code's key once per requirement).
 */
interface RequirementGroup {
  isUnfiltered: boolean;
  codesByElements: Map<readonly string[], Set<string>>;
}

function groupRequirements(requirements: readonly Requirement[]): Map<string, Map<string, RequirementGroup>> {
  const byType = new Map<string, Map<string, RequirementGroup>>();
  const elementLists = new Map<string, readonly string[]>();
  for (const requirement of requirements) {
    let byProfile = byType.get(requirement.type);
    if (!byProfile) byType.set(requirement.type, (byProfile = new Map<string, RequirementGroup>()));
    for (const profile of requirement.profiles) {
      let group = byProfile.get(profile);
      if (!group) byProfile.set(profile, (group = { isUnfiltered: false, codesByElements: new Map() }));
      if (!requirement.filter) {
        group.isUnfiltered = true;
        continue;
      }
      const key = requirement.filter.elements.join(' ');
      let elements = elementLists.get(key);
      if (!elements) elementLists.set(key, (elements = requirement.filter.elements));
      let codes = group.codesByElements.get(elements);
      if (!codes) group.codesByElements.set(elements, (codes = new Set()));
      for (const code of requirement.filter.codes) codes.add(code);
    }
  }
  return byType;
}

function hasCode(json: Record<string, unknown>, elements: readonly string[], codes: ReadonlySet<string>): boolean {
  // A code by reference (medicationReference) is not read here: kept, as the retrieve might read it.
  const byReference = elements.some(
    (element) =>
      element.endsWith('CodeableConcept') && json[element.replace(/CodeableConcept$/, 'Reference')] !== undefined,
  );
  if (byReference) return true;
  return elements.some((element) => {
    const value = json[element];
    const concepts = (Array.isArray(value) ? value : [value]) as (
      { coding?: { system?: string; code?: string }[] } | undefined
    )[];
    return concepts.some((concept) =>
      (concept?.coding ?? []).some((coding) => codes.has(`${coding.system ?? ''}|${coding.code ?? ''}`)),
    );
  });
}

function readRequirements(content: EcqmMeasureContent): Requirement[] {
  const library = content.measure.contained?.find(
    (resource): resource is Library =>
      resource.resourceType === 'Library' && resource.id === 'effective-data-requirements',
  );
  if (!library?.dataRequirement) throw new Error(`${content.id}: no effective-data-requirements Library`);
  const valueSets = new Map(
    (content.bundle.entry ?? [])
      .map((entry) => entry.resource)
      .filter((resource): resource is ValueSet => resource?.resourceType === 'ValueSet')
      .map((valueSet) => [valueSet.url ?? '', valueSet]),
  );
  return library.dataRequirement.map((requirement) => ({
    type: requirement.type,
    profiles: requirement.profile ?? [`http://hl7.org/fhir/StructureDefinition/${requirement.type}`],
    ...codeFilterOf(requirement, valueSets),
  }));
}

function codeFilterOf(requirement: DataRequirement, valueSets: Map<string, ValueSet>): Pick<Requirement, 'filter'> {
  const [first] = requirement.codeFilter ?? [];
  if (!first?.path || !CODE_PATHS.has(first.path)) return {};
  const elements = [first.path, `${first.path}CodeableConcept`];
  const codes = new Set<string>();
  for (const coding of first.code ?? []) codes.add(`${coding.system ?? ''}|${coding.code ?? ''}`);
  if (first.valueSet) {
    const valueSet = valueSets.get(normalizeValueSetUrl(first.valueSet));
    if (!valueSet) return {};
    for (const item of valueSet.expansion?.contains ?? []) codes.add(`${item.system ?? ''}|${item.code ?? ''}`);
  }
  return { filter: { elements, codes } };
}
