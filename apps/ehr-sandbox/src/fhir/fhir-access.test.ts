import type { Bundle } from '@medplum/fhirtypes';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestSandbox, launchToken, type TestSandbox } from '../testing/sandbox-test-app.js';

let sandbox: TestSandbox;
let app: FastifyInstance;

beforeEach(async () => {
  sandbox = await buildTestSandbox();
  app = sandbox.app;
});

function fhirGet(url: string, accessToken: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/sandbox/fhir/${url}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

describe('scopes on the FHIR API', () => {
  it('lets a patient scope read only the launch patient’s compartment', async () => {
    const { access_token: token = '' } = await launchToken(app, 'launch patient/*.read');
    expect((await fhirGet('Patient/p2', token)).statusCode).toBe(404);
    expect((await fhirGet('Condition/c2', token)).statusCode).toBe(404);
    expect((await fhirGet('Condition/c1', token)).statusCode).toBe(200);
    const everyone = (await fhirGet('Patient', token)).json<Bundle>();
    expect(everyone.entry?.map((entry) => entry.resource?.id)).toEqual(['p1']);
    const otherConditions = (await fhirGet('Condition?patient=p2', token)).json<Bundle>();
    expect(otherConditions.entry ?? []).toEqual([]);
  });

  it('lets a user scope read every patient', async () => {
    const { access_token: token = '' } = await launchToken(app, 'launch user/*.read');
    expect((await fhirGet('Patient/p2', token)).statusCode).toBe(200);
  });

  it('refuses a write without a write scope for the type, with a 403 OperationOutcome', async () => {
    const condition = { resourceType: 'Condition', subject: { reference: 'Patient/p1' } };
    const readOnly = (await launchToken(app, 'launch patient/*.read')).access_token ?? '';
    const post = (token: string, payload = condition): Promise<LightMyRequestResponse> =>
      app.inject({
        method: 'POST',
        url: '/sandbox/fhir/Condition',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
        payload,
      });
    const refused = await post(readOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'forbidden' }] });

    const patientWriter = (await launchToken(app, 'launch patient/*.rs patient/Condition.c')).access_token ?? '';
    expect((await post(patientWriter)).statusCode).toBe(201);
    expect((await post(patientWriter, { ...condition, subject: { reference: 'Patient/p2' } })).statusCode).toBe(403);

    const userWriter = (await launchToken(app, 'launch user/*.read user/Condition.write')).access_token ?? '';
    expect((await post(userWriter, { ...condition, subject: { reference: 'Patient/p2' } })).statusCode).toBe(201);
  });

  it('refuses a batch that writes another patient’s data with a patient scope', async () => {
    const { access_token: token = '' } = await launchToken(app, 'launch patient/*.cruds');
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/fhir',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
      payload: {
        resourceType: 'Bundle',
        type: 'batch',
        entry: [
          {
            resource: { resourceType: 'Condition', subject: { reference: 'Patient/p2' } },
            request: { method: 'POST', url: 'Condition' },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses an unknown or expired access token', async () => {
    const { access_token: token = '' } = await launchToken(app, 'launch user/*.read');
    expect((await fhirGet('Patient/p1', 'not-a-token')).statusCode).toBe(401);
    sandbox.clock.now += 3601_000;
    expect((await fhirGet('Patient/p1', token)).statusCode).toBe(401);
  });
});
