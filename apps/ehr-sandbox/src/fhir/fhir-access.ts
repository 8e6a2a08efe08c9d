import { getSearchParameter } from '@medplum/core';
import type { FhirRepository, HttpMethod } from '@medplum/fhir-router';
import type { Resource } from '@medplum/fhirtypes';
import type { AccessGrant } from '../auth/auth-store.js';
import { isInPatientCompartment, reachFor, type Interaction, type Reach } from '../auth/scopes.js';

export type AccessDecision =
  { allowed: true; reach: Reach; patientSearchFilter?: [string, string] } | { allowed: false; reason: string };

const INTERACTIONS: Partial<Record<HttpMethod, Interaction>> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

const PATIENT_SEARCH_PARAMETERS = ['patient', 'subject', 'beneficiary'];

/** Decides whether a token's scopes allow one FHIR interaction, before the engine runs it. */
export async function decideAccess(options: {
  grant: AccessGrant;
  method: HttpMethod;
  path: string[];
  body: unknown;
  repo: FhirRepository;
}): Promise<AccessDecision> {
  const { grant, method, path, body, repo } = options;
  const [resourceType, id] = path;
  if (!resourceType) return decideBatch(grant, body);
  const interaction = method === 'POST' && path[1] === '_search' ? 'read' : INTERACTIONS[method];
  if (!interaction) return { allowed: false, reason: `Method ${method} is not allowed` };
  const reach = reachFor(grant.scope, resourceType, interaction);
  if (!reach) return { allowed: false, reason: `The token has no scope to ${interaction} ${resourceType}` };
  if (reach === 'all') return { allowed: true, reach };
  if (interaction === 'create' || interaction === 'update') {
    return isResource(body) && isInPatientCompartment(body, grant.patient)
      ? { allowed: true, reach }
      : { allowed: false, reason: `A patient scope only writes the launch patient's ${resourceType}` };
  }
  if (interaction === 'delete') {
    const existing = id ? await repo.readResource(resourceType, id).catch(() => undefined) : undefined;
    return existing && isInPatientCompartment(existing, grant.patient)
      ? { allowed: true, reach }
      : { allowed: false, reason: `A patient scope only deletes the launch patient's ${resourceType}` };
  }
  const filter = patientSearchFilter(resourceType, grant.patient);
  return filter ? { allowed: true, reach, patientSearchFilter: filter } : { allowed: true, reach };
}

/** Narrows a patient-scoped search to the launch patient's compartment. */
function patientSearchFilter(resourceType: string, patientId: string): [string, string] | undefined {
  if (resourceType === 'Patient') return ['_id', patientId];
  const code = PATIENT_SEARCH_PARAMETERS.find((name) =>
    getSearchParameter(resourceType, name)?.target?.includes('Patient'),
  );
  return code ? [code, `Patient/${patientId}`] : undefined;
}

function decideBatch(grant: AccessGrant, body: unknown): AccessDecision {
  if (!isResource(body) || body.resourceType !== 'Bundle')
    return { allowed: false, reason: 'Only a batch or transaction Bundle is accepted here' };
  for (const entry of body.entry ?? []) {
    const method = entry.request?.method ?? 'POST';
    const resourceType = entry.request?.url.split(/[/?]/)[0] ?? entry.resource?.resourceType ?? '';
    const interaction = INTERACTIONS[method] ?? 'read';
    const reach = reachFor(grant.scope, resourceType, interaction);
    const inCompartment = entry.resource !== undefined && isInPatientCompartment(entry.resource, grant.patient);
    if (
      reach !== 'all' &&
      !(reach === 'patient' && interaction !== 'read' && interaction !== 'delete' && inCompartment)
    ) {
      return { allowed: false, reason: `The token has no scope to ${interaction} ${resourceType} in this batch` };
    }
  }
  return { allowed: true, reach: 'all' };
}

/** Drops from a response what a patient-scoped token must not see (a second guard after the search filter). */
export function visibleToPatient(resource: Resource, patientId: string): Resource | undefined {
  if (resource.resourceType === 'Bundle' && (resource.type === 'searchset' || resource.type === 'history')) {
    return {
      ...resource,
      entry: resource.entry?.filter((entry) => entry.resource && isInPatientCompartment(entry.resource, patientId)),
    };
  }
  if (resource.resourceType === 'Bundle' || resource.resourceType === 'OperationOutcome') return resource;
  return isInPatientCompartment(resource, patientId) ? resource : undefined;
}

function isResource(value: unknown): value is Resource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { resourceType?: unknown }).resourceType === 'string'
  );
}
