import type { Location, Organization, Practitioner } from '@medplum/fhirtypes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFhirClient, FhirClientError } from '../../integrations/fhir/fhir-client';
import { startTestFhirServer, type TestFhirServer } from '../../integrations/fhir/fhir-test-server';
import type { FhirResource } from '../../integrations/fhir/fhir-types';
import { readAdministrativeResources } from './administrative-resources';

let ehr: TestFhirServer;
let practitioner: Practitioner;
let organization: Organization;
let location: Location;

beforeAll(async () => {
  ehr = await startTestFhirServer();
  organization = await ehr.repo.createResource<Organization>({ resourceType: 'Organization', name: 'Riverside' });
  location = await ehr.repo.createResource<Location>({
    resourceType: 'Location',
    name: 'Cardiology',
    managingOrganization: { reference: `Organization/${organization.id ?? ''}` },
  });
  practitioner = await ehr.repo.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Rivera' }],
  });
});
afterAll(async () => {
  await ehr.close();
});
beforeEach(() => {
  ehr.intercept = undefined;
  ehr.requests.length = 0;
});

const client = () => createFhirClient({ baseUrl: ehr.baseUrl, getAccessToken: () => Promise.resolve('token') });
const record = (): FhirResource[] => [
  { resourceType: 'Patient', id: 'p1', generalPractitioner: [{ reference: `Practitioner/${practitioner.id ?? ''}` }] },
  {
    resourceType: 'Appointment',
    id: 'a1',
    participant: [
      { actor: { reference: 'Patient/p1' } },
      { actor: { reference: `Practitioner/${practitioner.id ?? ''}` } },
      { actor: { reference: `Location/${location.id ?? ''}` } },
    ],
  },
  { resourceType: 'Encounter', id: 'e1', serviceProvider: { reference: 'https://elsewhere.example/Organization/x' } },
];
const keysOf = (resources: readonly FhirResource[]) =>
  resources.map((resource) => `${resource.resourceType}/${resource.id ?? ''}`).sort();

describe('reading the clinics, departments and providers a record names', () => {
  it("reads each one once, and the organisation managing a location, but not another server's", async () => {
    const read = await readAdministrativeResources(client(), record());
    expect(keysOf(read)).toEqual(
      [
        `Location/${location.id ?? ''}`,
        `Organization/${organization.id ?? ''}`,
        `Practitioner/${practitioner.id ?? ''}`,
      ].sort(),
    );
    expect(ehr.requests.map((request) => request.url).sort()).toEqual(
      [
        `/Location/${location.id ?? ''}`,
        `/Organization/${organization.id ?? ''}`,
        `/Practitioner/${practitioner.id ?? ''}`,
      ].sort(),
    );
  });

  it('reads nothing the record already holds', async () => {
    const read = await readAdministrativeResources(client(), [...record(), practitioner as FhirResource]);
    expect(keysOf(read)).not.toContain(`Practitioner/${practitioner.id ?? ''}`);
    expect(ehr.requests.some((request) => request.url.startsWith('/Practitioner/'))).toBe(false);
  });

  it('leaves out one the EHR refuses or no longer has, and reads the others', async () => {
    ehr.intercept = (request) => (request.url.startsWith('/Practitioner/') ? { status: 403 } : undefined);
    const read = await readAdministrativeResources(client(), record());
    expect(keysOf(read)).toEqual([`Location/${location.id ?? ''}`, `Organization/${organization.id ?? ''}`].sort());
  });

  it('fails as the record does when the EHR fails', async () => {
    ehr.intercept = (request) => (request.url.startsWith('/Location/') ? { status: 500 } : undefined);
    await expect(readAdministrativeResources(client(), record())).rejects.toBeInstanceOf(FhirClientError);
  });
});
