import { FhirClientError, type FhirClient } from '../../integrations/fhir/fhir-client';
import type { FhirResource, Reference } from '../../integrations/fhir/fhir-types';

/**
 * The clinics, departments and providers a patient's record names, read from the EHR with it so that
 * the sync keeps them as the EHR has them (names, credentials, NPI; admin edits kept, issue 17 item 2)
 * and links the record to them: the patient's general practitioner, each encounter's participants and
 * service provider, each appointment's actors, and the organisation managing each location read.
 */

const ADMINISTRATIVE_TYPES = new Set(['Practitioner', 'Organization', 'Location']);
/** A relative reference (`Practitioner/123`), as EHRs give them; an absolute one may be on another server. */
const RELATIVE_REFERENCE = /^([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/;
/** A location's organisation is one step further; nothing the import uses lies beyond. */
const MAX_ROUNDS = 2;
/** An EHR that does not let Cairn read a resource, or no longer has it: the record is kept, the link left empty. */
const SKIPPED_STATUSES = new Set([403, 404, 410]);

interface ReferringResource extends FhirResource {
  generalPractitioner?: Reference[];
  participant?: { individual?: Reference; actor?: Reference }[];
  serviceProvider?: Reference;
  managingOrganization?: Reference;
}

function referencesOf(resource: FhirResource): (Reference | undefined)[] {
  const referring = resource as ReferringResource;
  switch (resource.resourceType) {
    case 'Patient':
      return referring.generalPractitioner ?? [];
    case 'Encounter':
      return [...(referring.participant ?? []).map((item) => item.individual), referring.serviceProvider];
    case 'Appointment':
      return (referring.participant ?? []).map((item) => item.actor);
    case 'Location':
      return [referring.managingOrganization];
    default:
      return [];
  }
}

/** `Type/id` of each Practitioner, Organization and Location the resources name and do not include. */
function missingReferences(resources: readonly FhirResource[], known: ReadonlySet<string>): string[] {
  const wanted = new Set<string>();
  for (const resource of resources) {
    for (const reference of referencesOf(resource)) {
      const match = RELATIVE_REFERENCE.exec(reference?.reference ?? '');
      const key = match?.[0];
      if (key && match[1] && ADMINISTRATIVE_TYPES.has(match[1]) && !known.has(key)) wanted.add(key);
    }
  }
  return [...wanted];
}

async function readOrSkip(client: FhirClient, key: string): Promise<FhirResource | undefined> {
  const [type = '', id = ''] = key.split('/');
  try {
    return await client.read(type, id);
  } catch (error) {
    if (error instanceof FhirClientError && error.kind === 'http' && SKIPPED_STATUSES.has(error.status)) {
      return undefined;
    }
    throw error;
  }
}

/**
 * The Practitioners, Organizations and Locations `resources` name that are not among them, read from
 * the EHR (the client bounds how many reads run at once). One the EHR refuses or no longer has (403,
 * 404, 410) is left out; any other failure is thrown, as the record's own reads are.
 */
export async function readAdministrativeResources(
  client: FhirClient,
  resources: readonly FhirResource[],
): Promise<FhirResource[]> {
  const known = new Set(resources.map((resource) => `${resource.resourceType}/${resource.id ?? ''}`));
  const read: FhirResource[] = [];
  let referring: readonly FhirResource[] = resources;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const wanted = missingReferences(referring, known);
    if (wanted.length === 0) break;
    for (const key of wanted) known.add(key);
    const found = (await Promise.all(wanted.map((key) => readOrSkip(client, key)))).filter(
      (resource): resource is FhirResource => resource !== undefined,
    );
    read.push(...found);
    referring = found;
  }
  return read;
}
