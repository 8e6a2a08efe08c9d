/**
 * Makes cql-execution tell FHIR resources apart by their type and id, not by their every field.
 *
 * A union, distinct, intersect or except in CQL keeps one of each item that is "the same"; cql-execution
 * decides it with a normalized key (`toNormalizedKey`) built from every property, recursively. For a
 * resource read by cql-exec-fhir that means wrapping and reading every element of it, at every union:
 * on a five-year record, a third of the engine's time and most of its garbage (docs/quality.md, "Speed").
 * Within one patient's bundle a resource is the same resource exactly when its type and id are (FHIR ids
 * are unique per type in a bundle), so the key of a resource becomes: the class it was read as (which
 * cql-execution's own key holds too, through the type hierarchy), its resource type and its id. Anything
 * else, a resource without an id included, keeps cql-execution's key. The key is a string starting with
 * a NUL character, which no value of the measures' CQL is.
 *
 * The key lives in a module of cql-execution 3.3.2 (pinned), which its list operators read at each call:
 * replacing it there changes it for every use of cql-execution in this process, once.
 */
import { createRequire } from 'node:module';

type KeyFunction = (value: unknown) => unknown;

interface ReadResource {
  _json?: { resourceType?: unknown; id?: unknown };
  _typeInfo?: { name?: string };
}

let installed = false;

/** Installs the resource key (see the module comment); later calls do nothing. */
export function keyResourcesByTypeAndId(): void {
  if (installed) return;
  const require = createRequire(import.meta.url);
  const keys = require('cql-execution/lib/util/immutableUtil') as { toNormalizedKey: KeyFunction };
  const original = keys.toNormalizedKey;
  keys.toNormalizedKey = (value: unknown): unknown => {
    const resource = (value as ReadResource | null)?._json;
    if (resource && typeof resource.resourceType === 'string' && typeof resource.id === 'string') {
      // A string no CQL value is: it starts with a NUL.
      const readAs = (value as ReadResource)._typeInfo?.name ?? '';
      return `\u0000FHIR resource ${readAs} ${resource.resourceType}/${resource.id}`;
    }
    return original(value);
  };
  installed = true;
}
