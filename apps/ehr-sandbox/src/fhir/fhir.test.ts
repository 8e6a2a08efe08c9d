import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadSandboxData } from '../data/load-sandbox-data.js';
import { buildTestSandbox, FHIR_BASE, launchToken } from '../testing/sandbox-test-app.js';
import { createSandboxRepository } from './sandbox-repository.js';

let app: FastifyInstance;
let headers: Record<string, string>;

beforeEach(async () => {
  ({ app } = await buildTestSandbox());
  const token = await launchToken(app, 'launch user/*.read user/*.write');
  headers = { authorization: `Bearer ${token.access_token ?? ''}`, 'content-type': 'application/fhir+json' };
});

describe('the sandbox FHIR server', () => {
  it('describes itself at metadata without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/fhir/metadata' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/fhir+json');
    expect(response.json()).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
  });

  it('refuses an API call without a Bearer token', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/fhir/Patient/p1' });
    expect(response.statusCode).toBe(401);
    expect(response.json<OperationOutcome>().resourceType).toBe('OperationOutcome');
  });

  it('reads, vreads and updates a resource', async () => {
    const read = await app.inject({ method: 'GET', url: '/sandbox/fhir/Patient/p1', headers });
    expect(read.json()).toMatchObject({ resourceType: 'Patient', id: 'p1' });
    const versionId = read.json<{ meta: { versionId: string } }>().meta.versionId;
    const vread = await app.inject({ method: 'GET', url: `/sandbox/fhir/Patient/p1/_history/${versionId}`, headers });
    expect(vread.statusCode).toBe(200);
    const update = await app.inject({
      method: 'PUT',
      url: '/sandbox/fhir/Patient/p1',
      headers,
      payload: { resourceType: 'Patient', id: 'p1', gender: 'female' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ gender: 'female' });
  });

  it('rejects an invalid resource on create and on update with a 400 OperationOutcome naming the problem', async () => {
    const create = await app.inject({
      method: 'POST',
      url: '/sandbox/fhir/Condition',
      headers,
      payload: { resourceType: 'Condition', code: { text: 'Asthma' } },
    });
    expect(create.statusCode).toBe(400);
    expect(JSON.stringify(create.json())).toContain('Condition.subject');
    const badDate = await app.inject({
      method: 'POST',
      url: '/sandbox/fhir/Patient',
      headers,
      payload: { resourceType: 'Patient', birthDate: 'yesterday' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(JSON.stringify(badDate.json())).toContain('Patient.birthDate');
    const update = await app.inject({
      method: 'PUT',
      url: '/sandbox/fhir/Patient/p1',
      headers,
      payload: { resourceType: 'Patient', id: 'p1', colour: 'blue' },
    });
    expect(update.statusCode).toBe(400);
    expect(JSON.stringify(update.json())).toContain('colour');
  });

  it('matches a reference search with a bare id like one with the type', async () => {
    for (const query of ['patient=p1', 'patient=Patient/p1', 'subject=p1', 'encounter=e1']) {
      const response = await app.inject({ method: 'GET', url: `/sandbox/fhir/Condition?${query}`, headers });
      const ids = response.json<Bundle>().entry?.map((entry) => entry.resource?.id);
      expect(ids, query).toEqual(['c1']);
    }
  });

  it('pages a search with absolute next links under the public base URL', async () => {
    for (let index = 0; index < 5; index += 1) {
      await app.inject({
        method: 'POST',
        url: '/sandbox/fhir/Observation',
        headers,
        payload: {
          resourceType: 'Observation',
          status: 'final',
          code: { text: `obs ${index}` },
          subject: { reference: 'Patient/p2' },
        },
      });
    }
    const seen: string[] = [];
    let url: string | undefined = '/sandbox/fhir/Observation?patient=p2&_count=2';
    while (url) {
      const page: Bundle = (await app.inject({ method: 'GET', url, headers })).json();
      seen.push(...(page.entry ?? []).map((entry) => entry.resource?.id ?? ''));
      const next = page.link?.find((link) => link.relation === 'next')?.url;
      if (next) expect(next.startsWith(`${FHIR_BASE}/Observation?`)).toBe(true);
      url = next?.replace('http://ehr.test', '');
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('answers a conditional create with the existing resource the second time', async () => {
    const condition = {
      resourceType: 'Condition',
      subject: { reference: 'Patient/p1' },
      identifier: [{ system: 'urn:cairn', value: 'w-1' }],
    };
    const request = {
      method: 'POST' as const,
      url: '/sandbox/fhir/Condition',
      headers: { ...headers, 'if-none-exist': 'identifier=urn:cairn|w-1' },
      payload: condition,
    };
    const first = await app.inject(request);
    const second = await app.inject(request);
    expect(first.statusCode).toBe(201);
    expect(first.headers.location).toContain(`${FHIR_BASE}/Condition/`);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
  });

  it('runs a transaction with urn:uuid references and deletes', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/fhir',
      headers,
      payload: {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            fullUrl: 'urn:uuid:0b5c6d1e-1111-4a6b-9c3d-000000000001',
            resource: { resourceType: 'Patient', name: [{ family: 'Cy' }] },
            request: { method: 'POST', url: 'Patient' },
          },
          {
            resource: {
              resourceType: 'Condition',
              subject: { reference: 'urn:uuid:0b5c6d1e-1111-4a6b-9c3d-000000000001' },
            },
            request: { method: 'POST', url: 'Condition' },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Bundle>().type).toBe('transaction-response');
    expect((await app.inject({ method: 'DELETE', url: '/sandbox/fhir/Condition/c2', headers })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/sandbox/fhir/Condition/c2', headers })).statusCode,
    ).toBeGreaterThanOrEqual(404);
  });
});

describe('loadSandboxData', () => {
  it('loads a Synthea transaction bundle so its conditions are found by a bare patient id', async () => {
    const file = new URL(
      '../../../server/src/testing/fixtures/synthea/Beatrice_Aufderhar_5451401c-ab1b-4adc-9df6-c02e856e492a.json',
      import.meta.url,
    );
    const bundle = JSON.parse(readFileSync(file, 'utf8')) as Bundle;
    const repo = createSandboxRepository();
    const { counts } = await loadSandboxData(repo, bundle);
    expect(counts.Patient).toBe(1);
    const patientEntry = bundle.entry?.find((entry) => entry.resource?.resourceType === 'Patient');
    const patientId = patientEntry?.fullUrl?.replace('urn:uuid:', '') ?? '';
    const conditions = await repo.search({
      resourceType: 'Condition',
      filters: [{ code: 'patient', operator: 'eq', value: patientId }],
    });
    expect(conditions.total).toBe(counts.Condition);
  });
});
