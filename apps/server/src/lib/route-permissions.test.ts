import * as contracts from '@cairn/contracts';
import type { Endpoint } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callWithAnyBody, tokenFor } from '../testing/api';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { createOrganisation } from '../testing/factories';

/**
 * Issue 15, item 4: what a contract declares, `route()` enforces before the handler runs. Every
 * endpoint that writes patient data refuses a view-only user; every endpoint that names a permission
 * refuses a user without it; both on `/api` and on `/api/v2`.
 */
const endpoints = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
  typeof value === 'object' && value !== null && 'path' in value && (value as Endpoint).body instanceof z.ZodType
    ? [{ name, endpoint: value as Endpoint }]
    : [],
);
const patientWrites = endpoints.filter(({ endpoint }) => endpoint.writes === 'patient_data');
const permissioned = endpoints.filter(({ endpoint }) => endpoint.permission !== undefined);

let test: TestApp;
let organisationId: string;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(test.app.database.db)).id;
});
afterAll(async () => {
  await test.app.close();
});

describe('what the contracts declare', () => {
  it('covers the patient-data writes and the permissioned calls', () => {
    expect(patientWrites.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['push2emrApi', 'pushToEmrPmdToPl', 'addSummaryNote', 'addSummaryInsightActions']),
    );
    expect(permissioned.map(({ name }) => name)).toEqual(expect.arrayContaining(['setFeatureFlag']));
  });

  it.each(patientWrites)('refuses $name to a view-only user with 403, on /api and /api/v2', async ({ endpoint }) => {
    const viewer = await tokenFor(test.app, { organisationId, permissions: ['view_only'] });
    for (const isV2 of endpoint.v2 ? [false, true] : [false]) {
      const response = await callWithAnyBody(test.app, endpoint, { token: viewer.token, isV2, body: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it.each(permissioned)('refuses $name to a user without its permission', async ({ endpoint }) => {
    const user = await tokenFor(test.app, { organisationId, permissions: [] });
    const response = await callWithAnyBody(test.app, endpoint, { token: user.token, body: {} });
    expect(response.statusCode).toBe(403);
  });

  it.each(patientWrites)(
    'lets an admin with view_only through to $name (admins are never view-only)',
    async ({ endpoint }) => {
      const admin = await tokenFor(test.app, { organisationId, isAdmin: true, permissions: ['view_only'] });
      const response = await callWithAnyBody(test.app, endpoint, { token: admin.token, body: {} });
      // Past the access check, the empty body is what is refused.
      expect(response.statusCode).toBe(422);
    },
  );
});
