import type { FhirResource, Reference } from './fhir-types';
import type { MapContext } from './fhir-mapping';
import { snomedToIcd } from './snomed-icd10-map';

/** One entry of the input, with its position (reported with a rejection). */
export interface BundleEntry {
  index: number;
  fullUrl: string | undefined;
  resource: unknown;
}

const BUNDLE_TYPES = new Set(['transaction', 'batch', 'collection', 'searchset']);

export class BundleError extends Error {
  override name = 'BundleError';
}

/** The entries of a Bundle (transaction, batch, collection, searchset), or a single resource as one entry. */
export function bundleEntries(input: unknown): BundleEntry[] {
  if (!isObject(input) || typeof input.resourceType !== 'string') throw new BundleError('not a FHIR resource');
  if (input.resourceType !== 'Bundle') return [{ index: 0, fullUrl: undefined, resource: input }];
  if (typeof input.type !== 'string' || !BUNDLE_TYPES.has(input.type)) {
    throw new BundleError(`unsupported bundle type ${typeof input.type === 'string' ? input.type : '(none)'}`);
  }
  const entries: unknown = input.entry ?? [];
  if (!Array.isArray(entries)) throw new BundleError('bundle entry is not a list');
  return entries.map((entry: unknown, index) => ({
    index,
    fullUrl: isObject(entry) && typeof entry.fullUrl === 'string' ? entry.fullUrl : undefined,
    resource: isObject(entry) ? entry.resource : undefined,
  }));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isResource(value: unknown): value is FhirResource {
  return isObject(value) && typeof value.resourceType === 'string' && value.resourceType !== '';
}

/** The id a resource is stored under: its FHIR id, else the uuid of its `urn:uuid:` fullUrl. */
export function sourceIdOf(entry: BundleEntry): string | undefined {
  const resource = entry.resource;
  if (isObject(resource) && typeof resource.id === 'string' && resource.id !== '') return resource.id;
  if (entry.fullUrl?.startsWith('urn:uuid:')) return entry.fullUrl.slice('urn:uuid:'.length);
  return undefined;
}

/** Resolves references inside the bundle (`urn:uuid:` fullUrls, `Type/id`, absolute URLs) and names the rest. */
export function bundleContext(entries: readonly BundleEntry[]): MapContext {
  const byKey = new Map<string, { resource: FhirResource; sourceId: string }>();
  for (const entry of entries) {
    const sourceId = sourceIdOf(entry);
    if (!isResource(entry.resource) || !sourceId) continue;
    const found = { resource: entry.resource, sourceId };
    if (entry.fullUrl) byKey.set(entry.fullUrl, found);
    byKey.set(`${entry.resource.resourceType}/${sourceId}`, found);
  }
  const lookup = (reference: Reference | undefined) => {
    const value = reference?.reference;
    if (typeof value !== 'string' || value === '' || value.startsWith('#')) return undefined;
    return { value, found: byKey.get(value) ?? byKey.get(relativePart(value) ?? '') };
  };
  const target = (reference: Reference | undefined) => {
    const result = lookup(reference);
    if (!result) return undefined;
    if (result.found) return { type: result.found.resource.resourceType, sourceId: result.found.sourceId };
    if (result.value.startsWith('urn:uuid:')) return { type: undefined, sourceId: result.value.slice(9) };
    const relative = relativePart(result.value);
    if (!relative) return undefined;
    const [type, id] = relative.split('/');
    return type && id ? { type, sourceId: id } : undefined;
  };
  const encounterByAppointment = encountersByAppointment(byKey.values(), target);
  return {
    target,
    encounterOfAppointment: (appointmentSourceId) => encounterByAppointment.get(appointmentSourceId),
    resolve<T extends FhirResource>(reference: Reference | undefined): T | undefined {
      return lookup(reference)?.found?.resource as T | undefined;
    },
    snomedToIcd,
  };
}

/** Appointment source id -> the source id of the Encounter that names it (`Encounter.appointment`). */
function encountersByAppointment(
  found: Iterable<{ resource: FhirResource; sourceId: string }>,
  target: MapContext['target'],
): Map<string, string> {
  const byAppointment = new Map<string, string>();
  for (const { resource, sourceId } of found) {
    if (resource.resourceType !== 'Encounter' || !Array.isArray(resource.appointment)) continue;
    for (const reference of resource.appointment as Reference[]) {
      const appointment = target(reference);
      if (appointment && appointment.type !== undefined && appointment.type !== 'Appointment') continue;
      if (appointment) byAppointment.set(appointment.sourceId, sourceId);
    }
  }
  return byAppointment;
}

/** `Patient/123` out of `Patient/123`, `https://ehr/fhir/Patient/123` or `.../Patient/123/_history/2`. */
function relativePart(value: string): string | undefined {
  const match = /([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(value);
  return match ? `${match[1] ?? ''}/${match[2] ?? ''}` : undefined;
}
