import type { Resource } from '@medplum/fhirtypes';

export type Interaction = 'read' | 'create' | 'update' | 'delete';

/** What a token may do with a resource type: everything (`user/`, `system/`), or only the launch patient's (`patient/`). */
export type Reach = 'all' | 'patient';

interface ScopeGrant {
  reach: Reach;
  resourceType: string;
  interactions: ReadonlySet<Interaction>;
}

const V1_PERMISSIONS: Record<string, Interaction[]> = {
  read: ['read'],
  write: ['create', 'update', 'delete'],
  '*': ['read', 'create', 'update', 'delete'],
};
const V2_LETTERS: Record<string, Interaction> = { c: 'create', r: 'read', u: 'update', d: 'delete', s: 'read' };

/** Parses SMART v1 (`patient/Condition.read`, `user/*.write`) and v2 (`patient/Condition.rs`, `user/*.cruds`) resource scopes. */
export function parseScopes(scope: string): ScopeGrant[] {
  return scope.split(/\s+/).flatMap((token) => {
    const match = /^(patient|user|system)\/([A-Za-z]+|\*)\.([a-z*]+)(\?.*)?$/.exec(token);
    if (!match) return [];
    const [, context = '', resourceType = '', permission = ''] = match;
    const interactions = V1_PERMISSIONS[permission] ?? parseV2(permission);
    if (!interactions) return [];
    return [{ reach: context === 'patient' ? 'patient' : 'all', resourceType, interactions: new Set(interactions) }];
  });
}

function parseV2(permission: string): Interaction[] | undefined {
  if (!/^c?r?u?d?s?$/.test(permission)) return undefined;
  return Array.from(permission.matchAll(/[cruds]/g), (match) => match[0]).flatMap((letter) =>
    V2_LETTERS[letter] ? [V2_LETTERS[letter]] : [],
  );
}

/** The widest reach the scopes give for this interaction on this type, or undefined when they give none. */
export function reachFor(scope: string, resourceType: string, interaction: Interaction): Reach | undefined {
  const grants = parseScopes(scope).filter(
    (grant) =>
      (grant.resourceType === '*' || grant.resourceType === resourceType) && grant.interactions.has(interaction),
  );
  if (grants.some((grant) => grant.reach === 'all')) return 'all';
  return grants.length > 0 ? 'patient' : undefined;
}

/** A resource is in a patient's compartment when it is the patient or refers to them anywhere. */
export function isInPatientCompartment(resource: Resource, patientId: string): boolean {
  if (resource.resourceType === 'Patient') return resource.id === patientId;
  const wanted = `Patient/${patientId}`;
  let found = false;
  JSON.stringify(resource, (key, value: unknown) => {
    if (key === 'reference' && value === wanted) found = true;
    return value;
  });
  return found;
}
