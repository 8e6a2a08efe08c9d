import { getSearchParameter, validateResource, type Filter, type SearchRequest, type WithId } from '@medplum/core';
import type { UpdateResourceOptions } from '@medplum/fhir-router';
import { MemoryRepository } from '@medplum/fhir-router';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { loadFhirDefinitions } from './definitions.js';

/**
 * Medplum's in-memory repository with the gaps a conformant R4 server must not have closed:
 * resources are validated on create and update (the engine stores anything), and a reference search
 * with a bare id (`Condition?patient=123`) matches like `Patient/123` does (the engine only compares
 * full reference strings).
 */
export class SandboxRepository extends MemoryRepository {
  override async createResource<T extends Resource>(resource: T): Promise<WithId<T>> {
    validateResource(resource);
    return super.createResource(resource);
  }

  override async updateResource<T extends Resource>(resource: T, options?: UpdateResourceOptions): Promise<WithId<T>> {
    validateResource(resource);
    return super.updateResource(resource, options);
  }

  override async search<T extends Resource>(searchRequest: SearchRequest<T>): Promise<Bundle<WithId<T>>> {
    const filters = await Promise.all(
      (searchRequest.filters ?? []).map((filter) => this.qualifyBareId(searchRequest.resourceType, filter)),
    );
    return super.search({ ...searchRequest, filters });
  }

  /** `patient=123` becomes `patient=Patient/123`, or the first target type that holds a resource with that id. */
  private async qualifyBareId(resourceType: string, filter: Filter): Promise<Filter> {
    const parameter = getSearchParameter(resourceType, filter.code);
    if (parameter?.type !== 'reference' || filter.value.includes('/') || filter.value.includes(',')) return filter;
    const targets = parameter.target ?? [];
    for (const target of targets) {
      if (await this.exists(target, filter.value)) return { ...filter, value: `${target}/${filter.value}` };
    }
    const fallback = targets[0];
    return fallback ? { ...filter, value: `${fallback}/${filter.value}` } : filter;
  }

  private async exists(resourceType: string, id: string): Promise<boolean> {
    try {
      await this.readResource(resourceType, id);
      return true;
    } catch {
      return false;
    }
  }
}

/** An empty sandbox repository, with the FHIR definitions it validates against loaded. */
export function createSandboxRepository(): SandboxRepository {
  loadFhirDefinitions();
  return new SandboxRepository();
}
