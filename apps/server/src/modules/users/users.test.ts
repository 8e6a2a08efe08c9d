import { getUserConfig, getUserMetadata, updateUserConfig } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenClaimingOrganisation, tokenFor } from '../../testing/api';
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

describe('getUserMetadata', () => {
  it('answers the fields of spec §3 for the signed-in user, on the v2 path too', async () => {
    const { user, token } = await tokenFor(test.app, {
      organisationId,
      view: 'Coder',
      emrName: 'athena',
      emrUsername: 'jdoe',
      firstName: 'Jo',
      lastName: 'Doe',
      permissions: ['quality_tool'],
    });
    const response = await call(test.app, getUserMetadata, { token, body: { dataSourceId: 'ds' } });
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({
      emr_username_new: 'jdoe',
      emr_name: 'athena',
      is_admin: false,
      cairn_username: user.username,
      cairn_email: user.email,
      view: 'Coder',
      terms_accepted: false,
      totp_enabled: false,
    });
    expect(JSON.parse(result.permissions)).toEqual({ view: 'Coder', quality_tool: true });
    expect(JSON.parse(result.analytics_metadata)).toEqual({ first_name: 'Jo', last_name: 'Doe' });
    const v2 = await call(test.app, getUserMetadata, { token, isV2: true });
    expect(v2.json()).toEqual(response.json());
  });

  it('refuses a token whose user belongs to another organisation than it claims', async () => {
    const { user } = await tokenFor(test.app, { organisationId });
    const other = await createOrganisation(test.app.database.db, 'Hillside Clinic');
    const forged = await tokenClaimingOrganisation(test.app, user, other.id);
    expect((await call(test.app, getUserMetadata, { token: forged })).statusCode).toBe(401);
  });
});

describe('user config', () => {
  it('starts empty, keeps what is saved, and is per user', async () => {
    const { token } = await tokenFor(test.app, { organisationId });
    const { token: otherToken } = await tokenFor(test.app, { organisationId });
    expect((await call(test.app, getUserConfig, { token })).json()).toEqual({ result: {} });
    const saved = await call(test.app, updateUserConfig, {
      token,
      body: {
        config: { addonButtonClickBehavior: 'tab', pageSize: 20 },
      },
    });
    expect(saved.json()).toEqual({ result: true });
    expect((await call(test.app, getUserConfig, { token })).json().result).toEqual({
      addonButtonClickBehavior: 'tab',
      pageSize: 20,
    });
    expect((await call(test.app, getUserConfig, { token: otherToken })).json().result).toEqual({});
  });

  it("refuses an addonButtonClickBehavior other than 'tab' or 'window', naming it, and keeps what was saved", async () => {
    const { token } = await tokenFor(test.app, { organisationId });
    await call(test.app, updateUserConfig, { token, body: { config: { addonButtonClickBehavior: 'window' } } });
    const response = await call(test.app, updateUserConfig, {
      token,
      body: { config: { addonButtonClickBehavior: 'popup' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.issues[0].field).toBe('config.addonButtonClickBehavior');
    expect((await call(test.app, getUserConfig, { token })).json().result).toEqual({
      addonButtonClickBehavior: 'window',
    });
  });
});
