import { and, eq } from 'drizzle-orm';
import {
  createFlagStreamTicket,
  deleteFeatureFlag,
  FLAG_DEFAULTS,
  type FlagValues,
  getFeatureFlags,
  listFeatureFlags,
  setFeatureFlag,
} from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, callWithAnyBody, signIn, signInAsNewUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { openSse } from './sse-reader.testing';

let test: TestApp;
let baseUrl: string;
let organisationId: string;
let otherOrganisationId: string;

beforeAll(async () => {
  test = await buildTestApp();
  baseUrl = await test.app.listen({ port: 0, host: '127.0.0.1' });
  organisationId = (await createOrganisation(db())).id;
  otherOrganisationId = (await createOrganisation(db(), 'Hillside Health')).id;
});
afterAll(async () => {
  await test.app.close();
});

const db = () => test.app.database.db;

async function flagsOf(token: string): Promise<FlagValues> {
  const response = await call(test.app, getFeatureFlags, { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ result: FlagValues }>().result;
}

async function ticketFor(token: string): Promise<string> {
  const response = await call(test.app, createFlagStreamTicket, { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ result: { ticket: string } }>().result.ticket;
}

describe('POST /api/getFeatureFlags', () => {
  it("gives every flag Cairn's default when the organisation stores none", async () => {
    const { token } = await signInAsNewUser(test.app, { organisationId });
    expect(await flagsOf(token)).toEqual(FLAG_DEFAULTS);
  });

  it('refuses a caller without a token', async () => {
    expect((await call(test.app, getFeatureFlags)).statusCode).toBe(401);
  });

  it("evaluates the organisation's targeting rules for the caller", async () => {
    const admin = await signInAsNewUser(test.app, { organisationId, isAdmin: true });
    const coder = await signInAsNewUser(test.app, { organisationId, view: 'Coder' });
    const provider = await signInAsNewUser(test.app, { organisationId, view: 'Provider' });
    const response = await call(test.app, setFeatureFlag, {
      token: admin.token,
      body: {
        key: 'configuration_FrontendTabs',
        defaultValue: ['DxSummary', 'DocumentsList'],
        rules: [{ clauses: [{ attribute: 'view', operator: 'in', values: ['Coder'] }], value: ['Quality'] }],
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await flagsOf(coder.token)).configuration_FrontendTabs).toEqual(['Quality']);
    expect((await flagsOf(provider.token)).configuration_FrontendTabs).toEqual(['DxSummary', 'DocumentsList']);
  });

  it('does not let a rule target the first or last name, which the flag user does not carry', async () => {
    const admin = await signInAsNewUser(test.app, { organisationId: otherOrganisationId, isAdmin: true });
    const ada = await signInAsNewUser(test.app, { organisationId: otherOrganisationId, firstName: 'Ada' });
    await call(test.app, setFeatureFlag, {
      token: admin.token,
      body: {
        key: 'configuration_OverlayOnlyView',
        defaultValue: false,
        rules: [{ clauses: [{ attribute: 'first_name', operator: 'in', values: ['Ada'] }], value: true }],
      },
    });
    expect((await flagsOf(ada.token)).configuration_OverlayOnlyView).toBe(false);
  });
});

describe('admin endpoints', () => {
  it('lets an admin set and delete a flag, each change audited as flags.update', async () => {
    const admin = await signInAsNewUser(test.app, { organisationId, isAdmin: true });
    const set = await call(test.app, setFeatureFlag, {
      token: admin.token,
      body: { key: 'ShowFeedbackButton', defaultValue: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ result: { key: 'ShowFeedbackButton', defaultValue: true, rules: [] } });
    expect((await flagsOf(admin.token)).ShowFeedbackButton).toBe(true);
    const listed = (await call(test.app, listFeatureFlags, { token: admin.token })).json<{
      result: { flags: { key: string }[] };
    }>();
    expect(listed.result.flags.map((flag) => flag.key)).toContain('ShowFeedbackButton');

    const deleted = await call(test.app, deleteFeatureFlag, {
      token: admin.token,
      body: { key: 'ShowFeedbackButton' },
    });
    expect(deleted.json()).toEqual({ result: { deleted: true } });
    expect((await flagsOf(admin.token)).ShowFeedbackButton).toBe(false);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, admin.user.id), eq(auditLog.action, 'flags.update')));
    expect(audits.map((entry) => entry.details)).toEqual([
      { key: 'ShowFeedbackButton', operation: 'set', ruleCount: 0 },
      { key: 'ShowFeedbackButton', operation: 'delete' },
    ]);
  });

  it('answers 403 to a user who is not an admin, even with the admin_tool permission, and changes nothing', async () => {
    const user = await createUser(db(), { organisationId, permissions: ['admin_tool'] });
    const { token = '' } = await signIn(test.app, user);
    expect(
      (await call(test.app, setFeatureFlag, { token, body: { key: 'flag_AdminTool', defaultValue: false } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(test.app, deleteFeatureFlag, { token, body: { key: 'configuration_FrontendTabs' } })).statusCode,
    ).toBe(403);
    expect((await call(test.app, listFeatureFlags, { token })).statusCode).toBe(403);
    expect((await flagsOf(token)).flag_AdminTool).toBe(true);
  });

  it("keeps another organisation's flags invisible and untouchable", async () => {
    const admin = await signInAsNewUser(test.app, { organisationId, isAdmin: true });
    const otherAdmin = await signInAsNewUser(test.app, { organisationId: otherOrganisationId, isAdmin: true });
    await call(test.app, setFeatureFlag, {
      token: admin.token,
      body: { key: 'configuration_OrganizationQuality', defaultValue: true },
    });

    expect((await flagsOf(otherAdmin.token)).configuration_OrganizationQuality).toBe(false);
    const listed = (await call(test.app, listFeatureFlags, { token: otherAdmin.token })).json<{
      result: { flags: { key: string }[] };
    }>();
    expect(listed.result.flags.map((flag) => flag.key)).not.toContain('configuration_OrganizationQuality');
    const deleted = await call(test.app, deleteFeatureFlag, {
      token: otherAdmin.token,
      body: { key: 'configuration_OrganizationQuality' },
    });
    expect(deleted.json()).toEqual({ result: { deleted: false } });
    expect((await flagsOf(admin.token)).configuration_OrganizationQuality).toBe(true);
  });

  it('answers 422 naming the field for a value of the wrong type, an unknown tab or an unknown flag', async () => {
    const admin = await signInAsNewUser(test.app, { organisationId, isAdmin: true });
    const wrongType = await callWithAnyBody(test.app, setFeatureFlag, {
      token: admin.token,
      body: { key: 'ShowFeedbackButton', defaultValue: 'yes' },
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json()).toMatchObject({ error: { details: { issues: [{ field: 'defaultValue' }] } } });
    const unknownTab = await callWithAnyBody(test.app, setFeatureFlag, {
      token: admin.token,
      body: {
        key: 'configuration_FrontendTabs',
        defaultValue: ['DxSummary', 'Billing'],
      },
    });
    expect(unknownTab.statusCode).toBe(422);
    expect(unknownTab.json()).toMatchObject({ error: { details: { issues: [{ field: 'defaultValue.1' }] } } });
    const unknownFlag = await callWithAnyBody(test.app, setFeatureFlag, {
      token: admin.token,
      body: { key: 'somethingElse', defaultValue: true },
    });
    expect(unknownFlag.statusCode).toBe(422);
    const badOperator = await callWithAnyBody(test.app, setFeatureFlag, {
      token: admin.token,
      body: {
        key: 'ShowFeedbackButton',
        defaultValue: false,
        rules: [{ clauses: [{ attribute: 'view', operator: 'matches', values: ['.*'] }], value: true }],
      },
    });
    expect(badOperator.statusCode).toBe(422);
  });
});

describe('GET /api/flags/stream', () => {
  it("sends the caller's flags, then pushes them again when an admin changes a flag", async () => {
    const organisation = (await createOrganisation(db(), 'Streamside Clinic')).id;
    const admin = await signInAsNewUser(test.app, { organisationId: organisation, isAdmin: true });
    const provider = await signInAsNewUser(test.app, { organisationId: organisation });
    const stream = await openSse(`${baseUrl}/api/flags/stream?ticket=${await ticketFor(provider.token)}`);
    try {
      expect(stream.status).toBe(200);
      const first = await stream.next();
      expect(first.event).toBe('put');
      expect(JSON.parse(first.data)).toEqual(FLAG_DEFAULTS);

      await call(test.app, setFeatureFlag, {
        token: admin.token,
        body: { key: 'ShowFeedbackButton', defaultValue: true },
      });
      const pushed = JSON.parse((await stream.next()).data) as FlagValues;
      expect(pushed.ShowFeedbackButton).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("does not push another organisation's change", async () => {
    const provider = await signInAsNewUser(test.app, { organisationId: otherOrganisationId });
    const admin = await signInAsNewUser(test.app, { organisationId, isAdmin: true });
    const stream = await openSse(`${baseUrl}/api/flags/stream?ticket=${await ticketFor(provider.token)}`);
    try {
      await stream.next();
      await call(test.app, setFeatureFlag, {
        token: admin.token,
        body: { key: 'flag_AdminTool', defaultValue: false },
      });
      await expect(stream.next(700)).rejects.toThrow('no event in time');
    } finally {
      stream.close();
    }
  });

  it('accepts a ticket once only', async () => {
    const provider = await signInAsNewUser(test.app, { organisationId });
    const ticket = await ticketFor(provider.token);
    const first = await openSse(`${baseUrl}/api/flags/stream?ticket=${ticket}`);
    first.close();
    const again = await fetch(`${baseUrl}/api/flags/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses an access token in place of a ticket, and answers 422 without a ticket', async () => {
    const provider = await signInAsNewUser(test.app, { organisationId });
    const withToken = await fetch(`${baseUrl}/api/flags/stream?ticket=${provider.token}`);
    expect(withToken.status).toBe(401);
    const without = await fetch(`${baseUrl}/api/flags/stream`);
    expect(without.status).toBe(422);
    expect(await without.json()).toMatchObject({ error: { details: { issues: [{ field: 'ticket' }] } } });
  });

  it('gives a ticket only to a signed-in caller', async () => {
    expect((await call(test.app, createFlagStreamTicket)).statusCode).toBe(401);
  });
});
