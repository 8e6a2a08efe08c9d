import { randomUUID } from 'node:crypto';
import { evaluateFeatureFlags, FLAG_NAMES, getFeatureFlags, setFeatureFlag } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callForResult, callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';

let test: TestApp;
let organisationId: string;
let adminToken: string;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(test.app.database.db)).id;
  adminToken = (await tokenFor(test.app, { organisationId, isAdmin: true })).token;
  await callForResult(test.app, setFeatureFlag, {
    token: adminToken,
    body: {
      key: 'configuration_FrontendTabs',
      defaultValue: ['DxSummary', 'DocumentsList'],
      rules: [
        {
          description: 'Providers see the portrait only',
          clauses: [{ attribute: 'view', operator: 'in', values: ['Provider'] }],
          value: ['DxSummary'],
        },
        { clauses: [{ attribute: 'view', operator: 'in', values: ['Coder'] }], value: ['Quality'] },
      ],
    },
  });
  await callForResult(test.app, setFeatureFlag, {
    token: adminToken,
    body: { key: 'ShowFeedbackButton', defaultValue: true },
  });
});
afterAll(async () => {
  await test.app.close();
});

function evaluate(userId: string, token = adminToken) {
  return callForResult(test.app, evaluateFeatureFlags, { token, body: { userId } });
}

describe('POST /api/flags/evaluate', () => {
  it('gives every flag for the chosen user with the rule that matched, the default, or Cairn’s default', async () => {
    const coder = await createUser(test.app.database.db, { organisationId, view: 'Coder', firstName: 'Ada' });
    const answer = await evaluate(coder.id);

    expect(answer.userId).toBe(coder.id);
    expect(answer.flags.map((flag) => flag.key)).toEqual(FLAG_NAMES);
    const byKey = new Map(answer.flags.map((flag) => [flag.key, flag]));
    expect(byKey.get('configuration_FrontendTabs')).toEqual({
      key: 'configuration_FrontendTabs',
      value: ['Quality'],
      reason: 'TARGETING_MATCH',
      rule: { index: 1, description: null },
    });
    expect(byKey.get('ShowFeedbackButton')).toEqual({
      key: 'ShowFeedbackButton',
      value: true,
      reason: 'DEFAULT',
      rule: null,
    });
    expect(byKey.get('flag_AdminTool')).toEqual({
      key: 'flag_AdminTool',
      value: true,
      reason: 'CAIRN_DEFAULT',
      rule: null,
    });
  });

  it('names a matched rule by its description, and answers what the user’s own browser gets', async () => {
    const provider = await tokenFor(test.app, { organisationId, view: 'Provider' });
    const answer = await evaluate(provider.user.id);

    expect(answer.flags.find((flag) => flag.key === 'configuration_FrontendTabs')).toMatchObject({
      value: ['DxSummary'],
      rule: { index: 0, description: 'Providers see the portrait only' },
    });
    const own = await callForResult(test.app, getFeatureFlags, { token: provider.token });
    expect(Object.fromEntries(answer.flags.map((flag) => [flag.key, flag.value]))).toEqual(own);
  });

  it('shows the flag user the rules were tested against, without first or last name', async () => {
    const coder = await createUser(test.app.database.db, {
      organisationId,
      view: 'Coder',
      firstName: 'Ada',
      lastName: 'Lovelace',
      permissions: ['quality_tool'],
    });
    const { attributes } = await evaluate(coder.id);

    expect(attributes).toMatchObject({
      key: coder.id,
      email: coder.email,
      view: 'Coder',
      permissions: ['quality_tool'],
      isAdmin: false,
    });
    expect(attributes).not.toHaveProperty('first_name');
    expect(attributes).not.toHaveProperty('last_name');
    expect(JSON.stringify(attributes)).not.toContain('Lovelace');
  });

  it('answers 404 for a user of another organisation, and for no user at all', async () => {
    const otherOrganisation = (await createOrganisation(test.app.database.db, 'Hillside Health')).id;
    const stranger = await createUser(test.app.database.db, { organisationId: otherOrganisation });
    for (const userId of [stranger.id, randomUUID()]) {
      const response = await call(test.app, evaluateFeatureFlags, { token: adminToken, body: { userId } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers 403 to a user who is not an admin, with or without the admin_tool permission', async () => {
    const someone = await createUser(test.app.database.db, { organisationId });
    for (const permissions of [['admin_tool' as const], []]) {
      const { token } = await tokenFor(test.app, { organisationId, permissions });
      const response = await call(test.app, evaluateFeatureFlags, { token, body: { userId: someone.id } });
      expect(response.statusCode).toBe(403);
    }
  });

  it('answers 401 without a token', async () => {
    const response = await call(test.app, evaluateFeatureFlags, { body: { userId: randomUUID() } });
    expect(response.statusCode).toBe(401);
  });

  it('answers 422 naming the field for a user id that is not a UUID, missing, or beside an unknown field', async () => {
    const cases: [unknown, string][] = [
      [{ userId: 'not-a-uuid' }, 'userId'],
      [{}, 'userId'],
      [{ userId: randomUUID(), organisationId: randomUUID() }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await callWithAnyBody(test.app, evaluateFeatureFlags, { token: adminToken, body });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: { details: { issues: [{ field }] } } });
    }
  });
});
