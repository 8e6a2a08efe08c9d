/**
 * The rules of a profile's differential (`data/fhir/deqm`, the DEQM STU4 StructureDefinitions) applied
 * to one resource: each element's cardinality (`min`, `max`) within every instance of its parent, its
 * `fixed[x]` and `pattern[x]` values, its slices (extensions by URL, bundle entries by resource type), the
 * extension profiles its extensions must meet, a required value set Cairn holds (gap status), the
 * resources its references must resolve to, and its FHIRPath invariants (by Medplum's FHIRPath engine).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { evalFhirPath } from '@medplum/core';
import type { CodeSystem, ElementDefinition, FhirResource, StructureDefinition, ValueSet } from 'fhir/r4';
import { referenceDataDir } from '../../data-dir';

export interface ProfileIssue {
  /** `Composition/abc` (the resource) and the element's id in the profile. */
  where: string;
  message: string;
}

/** What a rule needs beyond the resource: the profiles, and reference resolution in the Bundle. */
export interface ProfileContext {
  profiles: ReadonlyMap<string, StructureDefinition>;
  /** The codes of each value set held here (those that include whole code systems held here). */
  valueSetCodes: ReadonlyMap<string, ReadonlySet<string>>;
  /** The resource a reference of `from` names inside the Bundle, if any. */
  resolve: (reference: string, from: FhirResource) => FhirResource | undefined;
}

/** The StructureDefinitions of `data/fhir/deqm` by canonical URL, and the codes of its value sets. */
export function loadDeqmDefinitions(dataDir = referenceDataDir()): Pick<ProfileContext, 'profiles' | 'valueSetCodes'> {
  const folder = join(dataDir, 'fhir', 'deqm');
  const resources = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as FhirResource);
  const profiles = new Map<string, StructureDefinition>();
  const codeSystems = new Map<string, CodeSystem>();
  const valueSets: ValueSet[] = [];
  for (const resource of resources) {
    if (resource.resourceType === 'StructureDefinition') profiles.set(resource.url, resource);
    if (resource.resourceType === 'CodeSystem' && resource.url) codeSystems.set(resource.url, resource);
    if (resource.resourceType === 'ValueSet') valueSets.push(resource);
  }
  const valueSetCodes = new Map<string, ReadonlySet<string>>();
  for (const valueSet of valueSets) {
    const systems = (valueSet.compose?.include ?? []).map((include) => codeSystems.get(include.system ?? ''));
    if (valueSet.url && systems.every((system) => system !== undefined)) {
      const codes = systems.flatMap((system) => (system.concept ?? []).map((concept) => concept.code));
      valueSetCodes.set(valueSet.url, new Set(codes));
    }
  }
  return { profiles, valueSetCodes };
}

type Node = Record<string, unknown>;

/** The issues of `value` (a resource, or an extension for an extension's profile) against a profile. */
export function checkAgainstProfile(
  context: ProfileContext,
  options: { profileUrl: string; value: Node; resource: FhirResource },
): ProfileIssue[] {
  const profile = context.profiles.get(options.profileUrl);
  if (!profile) return [{ where: label(options.resource), message: `unknown profile ${options.profileUrl}` }];
  const elements = profile.differential?.element ?? [];
  return elements.flatMap((element) => checkElement(context, { elements, element, ...options }));
}

interface ElementCheck {
  elements: readonly ElementDefinition[];
  element: ElementDefinition;
  value: Node;
  resource: FhirResource;
}

function checkElement(context: ProfileContext, check: ElementCheck): ProfileIssue[] {
  const { element } = check;
  const id = element.id ?? element.path;
  const segments = id.split('.').slice(1);
  const where = `${label(check.resource)} ${id}`;
  const issue = (message: string): ProfileIssue => ({ where, message });
  const last = segments.at(-1);
  const parents = instancesAt(check, segments.slice(0, -1));
  const values: unknown[] = last === undefined ? [check.value] : [];
  const issues: ProfileIssue[] = [];
  for (const parent of last === undefined ? [] : parents) {
    const children = childrenAt(check, parent as Node, segments);
    values.push(...children);
    if (element.min !== undefined && children.length < element.min) {
      issues.push(issue(`has ${String(children.length)}, needs at least ${String(element.min)}`));
    }
    if (element.max !== undefined && element.max !== '*' && children.length > Number(element.max)) {
      issues.push(issue(`has ${String(children.length)}, allows at most ${element.max}`));
    }
  }
  for (const value of values) issues.push(...checkValue(context, { ...check, value: value as Node }).map(issue));
  return issues;
}

/** Whether `value` meets the element's fixed and pattern values, type profiles, binding and invariants. */
function checkValue(context: ProfileContext, check: ElementCheck): string[] {
  const { element, value } = check;
  const messages: string[] = [];
  for (const [key, expected] of Object.entries(element)) {
    if (key.startsWith('fixed') && !isDeepEqual(value, expected)) messages.push(`is not the fixed ${key}`);
    if (key.startsWith('pattern') && !matchesPattern(value, expected)) messages.push(`does not match ${key}`);
  }
  for (const type of element.type ?? []) {
    for (const profileUrl of type.code === 'Extension' ? (type.profile ?? []) : []) {
      const issues = checkAgainstProfile(context, { profileUrl, value, resource: check.resource });
      messages.push(...issues.map((issue) => `extension ${profileUrl}: ${issue.where} ${issue.message}`));
    }
    if (type.code === 'Reference' && type.targetProfile)
      messages.push(...checkTarget(context, check, type.targetProfile));
  }
  messages.push(...checkBinding(context, element, value));
  for (const constraint of element.constraint ?? []) {
    if (constraint.severity !== 'error' || !constraint.expression) continue;
    const result = evalFhirPath(constraint.expression, value);
    if (!(result.length === 1 && result[0] === true)) messages.push(`breaks ${constraint.key}: ${constraint.human}`);
  }
  return messages;
}

/** A reference resolves inside the Bundle, to a resource of a type the target profiles allow. */
function checkTarget(context: ProfileContext, check: ElementCheck, targetProfiles: readonly string[]): string[] {
  const reference = (check.value as { reference?: unknown }).reference;
  if (typeof reference !== 'string') return ['is a reference without a reference'];
  const target = context.resolve(reference, check.resource);
  if (!target) return [`names ${reference}, which is not in the Bundle`];
  const types = targetProfiles.map((url) => context.profiles.get(url)?.type ?? typeOfProfileName(url));
  if (!types.includes(target.resourceType)) return [`names a ${target.resourceType}, not a ${types.join(' or ')}`];
  const ownProfiles = targetProfiles.filter((url) => context.profiles.has(url));
  const claimed = target.meta?.profile ?? [];
  if (ownProfiles.length > 0 && !ownProfiles.some((url) => claimed.includes(url))) {
    return [`names ${reference}, which does not claim ${ownProfiles.join(' or ')}`];
  }
  return [];
}

/** A profile outside DEQM by its name: QI-Core's `qicore-patient` constrains Patient. */
function typeOfProfileName(url: string): string {
  const name = url.slice(url.lastIndexOf('/') + 1).replace(/^qicore-/, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * A binding to a value set held here (gap status): a code of it. Cairn holds itself to its own value sets
 * even where the binding is only extensible.
 */
function checkBinding(context: ProfileContext, element: ElementDefinition, value: unknown): string[] {
  const valueSet = element.binding?.valueSet?.split('|')[0];
  const codes = valueSet === undefined ? undefined : context.valueSetCodes.get(valueSet);
  if (!codes) return [];
  const codings = (value as { coding?: { code?: string }[] }).coding ?? [];
  return codings.some((coding) => codes.has(coding.code ?? '')) ? [] : [`has no code of ${String(valueSet)}`];
}

/** The instances at a path of segments (`extension:cehrt`), slices filtered as their slice element says. */
function instancesAt(check: ElementCheck, segments: readonly string[]): unknown[] {
  let nodes: unknown[] = [check.value];
  segments.forEach((_segment, index) => {
    nodes = nodes.flatMap((node) => childrenAt(check, node as Node, segments.slice(0, index + 1)));
  });
  return nodes;
}

/** The values of the last segment of `segments` within `parent`: a choice (`value[x]`) or a slice narrowed. */
function childrenAt(check: ElementCheck, parent: Node, segments: readonly string[]): unknown[] {
  const segment = segments.at(-1) ?? '';
  const [name = '', slice] = segment.split(':');
  const values = name.endsWith('[x]')
    ? Object.entries(parent)
        .filter(([key]) => key.startsWith(name.slice(0, -3)) && /^[A-Z]/.test(key.slice(name.length - 3)))
        .map(([, value]) => value)
    : [parent[name]];
  const flat = values.flat().filter((value) => value !== undefined);
  if (slice === undefined) return flat;
  const root = (check.element.id ?? check.element.path).split('.')[0] ?? '';
  return flat.filter(sliceTest(check.elements, [root, ...segments].join('.')));
}

/** Which values belong to a slice: an extension by its profile's URL, an entry by its resource's type. */
function sliceTest(elements: readonly ElementDefinition[], sliceId: string): (value: unknown) => boolean {
  const slice = elements.find((element) => element.id === sliceId);
  const extensionUrl = slice?.type?.find((type) => type.code === 'Extension')?.profile?.[0];
  if (extensionUrl) return (value) => (value as { url?: string }).url === extensionUrl;
  const resourceType = elements.find((element) => element.id === `${sliceId}.resource`)?.type?.[0]?.code;
  if (resourceType) return (value) => (value as { resource?: FhirResource }).resource?.resourceType === resourceType;
  throw new Error(`The checker does not know how to tell the slice ${sliceId} apart`);
}

/** Equal as FHIR JSON values. */
export function isDeepEqual(left: unknown, right: unknown): boolean {
  return JSON.stringify(sorted(left)) === JSON.stringify(sorted(right));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([key, item]) => [key, sorted(item)]),
  );
}

/** FHIR's pattern[x]: every value of the pattern is in the instance; each pattern array item matches an item. */
export function matchesPattern(value: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) {
    const items = Array.isArray(value) ? value : [value];
    return pattern.every((expected) => items.some((item) => matchesPattern(item, expected)));
  }
  if (typeof pattern !== 'object' || pattern === null) return value === pattern;
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern).every(([key, expected]) => matchesPattern((value as Node)[key], expected));
}

function label(resource: FhirResource): string {
  return `${resource.resourceType}/${resource.id ?? '?'}`;
}
