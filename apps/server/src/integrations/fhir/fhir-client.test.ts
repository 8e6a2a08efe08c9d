import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFhirClient, createSemaphore, FhirClientError, type FhirClientOptions } from './fhir-client';
import { reportedDecimals } from './fhir-json';
import type { FhirResource } from './fhir-types';
import { startTestFhirServer, type TestFhirServer } from './fhir-test-server';

let ehr: TestFhirServer;
let patientId: string;

beforeAll(async () => {
  ehr = await startTestFhirServer();
  const patient = await ehr.repo.createResource({ resourceType: 'Patient', name: [{ family: 'Paging' }] });
  patientId = patient.id;
  for (let index = 0; index < 120; index += 1) {
    await ehr.repo.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: { text: `reading ${String(index)}` },
      subject: { reference: `Patient/${patientId}` },
    });
  }
});
afterAll(() => ehr.close());
beforeEach(() => {
  ehr.validToken = undefined;
  ehr.intercept = undefined;
  ehr.nextLinkOrigin = undefined;
  ehr.requests = [];
});

const client = (options: Partial<FhirClientOptions> = {}) =>
  createFhirClient({
    baseUrl: ehr.baseUrl,
    getAccessToken: () => Promise.resolve('token'),
    // Generous: a page of 50 Observations can take seconds on a loaded machine; the timeout test sets its own.
    timeoutMs: 15_000,
    ...options,
  });

async function caught(promise: Promise<unknown>): Promise<FhirClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FhirClientError);
  return error as FhirClientError;
}

describe('the FHIR client', () => {
  it('reads a resource with a Bearer token and asks for FHIR JSON', async () => {
    const patient = await client().read('Patient', patientId);
    expect(patient).toMatchObject({ resourceType: 'Patient', id: patientId });
    expect(ehr.requests[0]?.authorization).toBe('Bearer token');
  });

  it('keeps the decimal places a value was written with in the answer (7.70, not 7.7)', async () => {
    const text = '{"resourceType":"Observation","id":"a1c","valueQuantity":{"value":7.70,"unit":"%"}}';
    const fetchText = () =>
      Promise.resolve(new Response(text, { headers: { 'content-type': 'application/fhir+json' } }));
    const observation = await client({ fetch: fetchText }).read<FhirResource & { valueQuantity: object }>(
      'Observation',
      'a1c',
    );
    expect(reportedDecimals(observation.valueQuantity, 'value')).toBe(2);
  });

  it('follows next links until every page is read', async () => {
    const observations = await client().searchAll('Observation', { patient: `Patient/${patientId}`, _count: 50 });
    expect(observations).toHaveLength(120);
    expect(new Set(observations.map((resource) => resource.id)).size).toBe(120);
    expect(ehr.requests).toHaveLength(3);
  });

  it('stops with an error rather than cutting a search short at its page cap', async () => {
    const error = await caught(
      client().searchAll('Observation', { patient: `Patient/${patientId}`, _count: 50 }, { maxPages: 2 }),
    );
    expect(error.message).toBe('The Observation search has more than 2 pages');
  });

  it('refuses a next link on another origin, so the token never travels there', async () => {
    ehr.nextLinkOrigin = 'http://elsewhere.invalid';
    const error = await caught(client().searchAll('Observation', { patient: `Patient/${patientId}`, _count: 50 }));
    expect(error.message).toBe('The EHR gave a next page link on another origin');
    expect(ehr.requests).toHaveLength(1);
  });

  it('asks for a fresh token once after a 401, and only once', async () => {
    ehr.validToken = 'fresh';
    const asked: (boolean | undefined)[] = [];
    const getAccessToken = (options?: { forceRefresh?: boolean }) => {
      asked.push(options?.forceRefresh);
      return Promise.resolve(options?.forceRefresh ? 'fresh' : 'stale');
    };
    await expect(client({ getAccessToken }).read('Patient', patientId)).resolves.toMatchObject({ id: patientId });
    expect(asked).toEqual([undefined, true]);

    const refused = await caught(client({ getAccessToken: () => Promise.resolve('wrong') }).read('Patient', patientId));
    expect(refused.status).toBe(401);
    expect(ehr.requests.filter((request) => request.authorization === 'Bearer wrong')).toHaveLength(2);
  });

  it('gives the status and the OperationOutcome text of a failure', async () => {
    const error = await caught(client().read('Patient', 'does-not-exist'));
    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'The EHR answered 404: Not found' });
  });

  it('never puts the body of a failing answer that is not an OperationOutcome in the error', async () => {
    const fetchPatient: typeof fetch = () =>
      Promise.resolve(
        new Response(JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Secret' }] }), { status: 500 }),
      );
    const error = await caught(client({ fetch: fetchPatient }).read('Patient', patientId));
    expect(error.message).toBe('The EHR answered 500');
  });

  it('gives up on a request the EHR does not answer in time', async () => {
    ehr.intercept = () => ({ stall: 'before', ms: 500 });
    const error = await caught(client({ timeoutMs: 100 }).read('Patient', patientId));
    expect(error).toMatchObject({ kind: 'timeout', status: 0 });
  });

  it('creates a resource once under a conditional create', async () => {
    const condition: FhirResource = {
      resourceType: 'Condition',
      subject: { reference: `Patient/${patientId}` },
      identifier: [{ system: 'urn:test', value: 'once' }],
    };
    const first = await client().create(condition, { ifNoneExist: 'identifier=urn:test|once' });
    const second = await client().create(condition, { ifNoneExist: 'identifier=urn:test|once' });
    expect(second.id).toBe(first.id);
    expect(await client().searchAll('Condition', { identifier: 'urn:test|once' })).toHaveLength(1);
  });
});

describe('the semaphore', () => {
  it('runs no more tasks at once than its limit', async () => {
    const limited = createSemaphore(2);
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 8 }, () => limited(task)));
    expect(most).toBe(2);
  });
});
