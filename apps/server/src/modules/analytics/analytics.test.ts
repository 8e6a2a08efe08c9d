import { trackAnalyticsEvent } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/clinical-schema';
import { callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';

let test: TestApp;
let organisationId: string;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(test.app.database.db)).id;
});
afterAll(async () => {
  await test.app.close();
});

/** Any body, well formed or not: most of these tests are about what the contract refuses. */
function track(token: string | undefined, body: unknown) {
  return callWithAnyBody(test.app, trackAnalyticsEvent, { token, body });
}

describe('trackAnalyticsEvent', () => {
  it("stores a SummaryClick with the caller's organisation and user", async () => {
    const { user, token } = await tokenFor(test.app, { organisationId });
    const properties = { actionId: '3f1c1a52-6d4f-4d7e-9a36-0c9a3d7b1e20', SourcePage: 'schedule' };
    const response = await track(token, { name: 'SummaryClick', properties });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe(true);
    const rows = await test.app.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ organisationId, name: 'SummaryClick', properties })]);
  });

  it('stores a timing event with small flat properties', async () => {
    const { token } = await tokenFor(test.app, { organisationId });
    const response = await track(token, { name: 'SlownessOptimization', properties: { page: 'schedule', ms: 840 } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an event name outside the closed list with 422 naming name', async () => {
    const { token } = await tokenFor(test.app, { organisationId });
    const response = await track(token, { name: 'PageView', properties: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.issues[0].field).toBe('name');
  });

  it('refuses a SummaryClick without its actionId, nested objects and long texts', async () => {
    const { token } = await tokenFor(test.app, { organisationId });
    expect((await track(token, { name: 'SummaryClick', properties: { SourcePage: 'schedule' } })).statusCode).toBe(422);
    const nested = await track(token, { name: 'SettingsClick', properties: { patient: { name: 'Ada' } } });
    expect(nested.statusCode).toBe(422);
    const long = await track(token, { name: 'SettingsClick', properties: { note: 'x'.repeat(201) } });
    expect(long.statusCode).toBe(422);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`key${String(index)}`, index]));
    expect((await track(token, { name: 'SettingsClick', properties: many })).statusCode).toBe(422);
  });

  it('refuses a caller who is not signed in with 401', async () => {
    const response = await track(undefined, { name: 'SettingsClick', properties: {} });
    expect(response.statusCode).toBe(401);
  });
});
