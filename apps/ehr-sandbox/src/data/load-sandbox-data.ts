import type { FhirRepository } from '@medplum/fhir-router';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { randomUUID } from 'node:crypto';

export interface LoadSummary {
  /** How many resources of each type were stored. */
  counts: Record<string, number>;
}

/**
 * Stores the resources of a FHIR Bundle (transaction, batch or collection, such as a Synthea patient
 * bundle) in the sandbox repository. `urn:uuid:` entries keep their uuid as id so that references
 * between them resolve; resources are validated like any create.
 */
export async function loadSandboxData(repo: FhirRepository, bundle: Bundle): Promise<LoadSummary> {
  const entries = (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [{ ...entry, resource: entry.resource }] : []));
  const references = new Map<string, string>();
  const withIds = entries.map(({ fullUrl, resource }) => {
    const id = resource.id ?? idFromFullUrl(fullUrl) ?? randomUUID();
    if (fullUrl) references.set(fullUrl, `${resource.resourceType}/${id}`);
    return { ...resource, id };
  });
  const counts: Record<string, number> = {};
  for (const resource of withIds) {
    // updateResource with a known id is an upsert in the repository: the bundle's ids are kept.
    await repo.updateResource(rewriteReferences(resource, references));
    counts[resource.resourceType] = (counts[resource.resourceType] ?? 0) + 1;
  }
  return { counts };
}

function idFromFullUrl(fullUrl: string | undefined): string | undefined {
  if (!fullUrl) return undefined;
  if (fullUrl.startsWith('urn:uuid:')) return fullUrl.slice('urn:uuid:'.length);
  return /\/([A-Za-z0-9\-.]{1,64})$/.exec(fullUrl)?.[1];
}

function rewriteReferences<T extends Resource>(resource: T, references: Map<string, string>): T {
  return JSON.parse(JSON.stringify(resource), (key, value: unknown) =>
    key === 'reference' && typeof value === 'string' ? (references.get(value) ?? value) : value,
  ) as T;
}
