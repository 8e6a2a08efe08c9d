import type { CapabilityStatement } from '@medplum/fhirtypes';

const RESOURCE_TYPES = [
  'Patient',
  'Encounter',
  'Appointment',
  'Condition',
  'Observation',
  'MedicationRequest',
  'AllergyIntolerance',
  'DocumentReference',
  'Procedure',
  'Immunization',
  'DiagnosticReport',
  'CarePlan',
  'Practitioner',
  'Organization',
];

/** What the sandbox answers at `metadata`: FHIR R4 JSON, SMART on FHIR security with its OAuth endpoints. */
export function buildCapabilityStatement(options: {
  fhirBaseUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
}): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-21',
    kind: 'instance',
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    software: { name: 'Cairn sandbox EHR' },
    implementation: { description: 'Cairn sandbox EHR', url: options.fhirBaseUrl },
    rest: [
      {
        mode: 'server',
        security: {
          service: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: options.authorizeUrl },
                { url: 'token', valueUri: options.tokenUrl },
              ],
            },
          ],
        },
        resource: RESOURCE_TYPES.map((type) => ({
          type,
          interaction: ['read', 'vread', 'search-type', 'create', 'update', 'delete'].map((code) => ({ code })),
          conditionalCreate: true,
        })) as NonNullable<CapabilityStatement['rest']>[number]['resource'],
        interaction: [{ code: 'batch' }, { code: 'transaction' }],
      },
    ],
  };
}
