import { and, eq } from 'drizzle-orm';
import { FLAG_DEFAULTS, type FlagValues } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
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

async function signedIn(options: { organisationId: string; isAdmin?: boolean; view?: string; firstName?: string }) {
  const user = await createUser(db(), { view: 'Provider', ...options });
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: user.username, password: user.password },
  });
  const token = response.json<{ result: { token: string } }>().result.token;
  return { user, headers: { token } };
}

async function call(url: string, headers: Record<string, string>, payload: object = {}) {
  return test.app.inject({ method: 'POST', url, headers, payload });
}

async function flagsOf(headers: Record<string, string>): Promise<FlagValues> {
  const response = await call('/api/getFeatureFlags', headers);
  expect(response.statusCode).toBe(200);
  return response.json<{ result: FlagValues }>().result;
}

async function ticketFor(headers: Record<string, string>): Promise<string> {
  const response = await call('/api/flags/streamTicket', headers);
  expect(response.statusCode).toBe(200);
  return response.json<{ result: { ticket: string } }>().result.ticket;
}

describe('POST /api/getFeatureFlags', () => {
  it("gives every flag Cairn's default when the organisation stores none", async () => {
    const { headers } = await signedIn({ organisationId });
    expect(await flagsOf(headers)).toEqual(FLAG_DEFAULTS);
  });

  it('refuses a caller without a token', async () => {
    expect((await call('/api/getFeatureFlags', {})).statusCode).toBe(401);
  });

  it("evaluates the organisation's targeting rules for the caller", async () => {
    const admin = await signedIn({ organisationId, isAdmin: true });
    const coder = await signedIn({ organisationId, view: 'Coder' });
    const provider = await signedIn({ organisationId, view: 'Provider' });
    const response = await call('/api/flags/set', admin.headers, {
      key: 'configuration_FrontendTabs',
      defaultValue: ['DxSummary', 'DocumentsList'],
      rules: [{ clauses: [{ attribute: 'view', operator: 'in', values: ['Coder'] }], value: ['Quality'] }],
    });
    expect(response.statusCode).toBe(200);
    expect((await flagsOf(coder.headers)).configuration_FrontendTabs).toEqual(['Quality']);
    expect((await flagsOf(provider.headers)).configuration_FrontendTabs).toEqual(['DxSummary', 'DocumentsList']);
  });

  it('does not let a rule target the first or last name, which the flag user does not carry', async () => {
    const admin = await signedIn({ organisationId: otherOrganisationId, isAdmin: true });
    const ada = await signedIn({ organisationId: otherOrganisationId, firstName: 'Ada' });
    await call('/api/flags/set', admin.headers, {
      key: 'configuration_OverlayOnlyView',
      defaultValue: false,
      rules: [{ clauses: [{ attribute: 'first_name', operator: 'in', values: ['Ada'] }], value: true }],
    });
    expect((await flagsOf(ada.headers)).configuration_OverlayOnlyView).toBe(false);
  });
});

describe('admin endpoints', () => {
  it('lets an admin set and delete a flag, each change audited as flags.update', async () => {
    const admin = await signedIn({ organisationId, isAdmin: true });
    const set = await call('/api/flags/set', admin.headers, { key: 'ShowFeedbackButton', defaultValue: true });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ result: { key: 'ShowFeedbackButton', defaultValue: true, rules: [] } });
    expect((await flagsOf(admin.headers)).ShowFeedbackButton).toBe(true);
    const listed = (await call('/api/flags/list', admin.headers)).json<{ result: { flags: { key: string }[] } }>();
    expect(listed.result.flags.map((flag) => flag.key)).toContain('ShowFeedbackButton');

    const deleted = await call('/api/flags/delete', admin.headers, { key: 'ShowFeedbackButton' });
    expect(deleted.json()).toEqual({ result: { deleted: true } });
    expect((await flagsOf(admin.headers)).ShowFeedbackButton).toBe(false);

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
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    const headers = { token: login.json<{ result: { token: string } }>().result.token };
    expect((await call('/api/flags/set', headers, { key: 'flag_AdminTool', defaultValue: false })).statusCode).toBe(
      403,
    );
    expect((await call('/api/flags/delete', headers, { key: 'configuration_FrontendTabs' })).statusCode).toBe(403);
    expect((await call('/api/flags/list', headers)).statusCode).toBe(403);
    expect((await flagsOf(headers)).flag_AdminTool).toBe(true);
  });

  it("keeps another organisation's flags invisible and untouchable", async () => {
    const admin = await signedIn({ organisationId, isAdmin: true });
    const otherAdmin = await signedIn({ organisationId: otherOrganisationId, isAdmin: true });
    await call('/api/flags/set', admin.headers, { key: 'configuration_OrganizationQuality', defaultValue: true });

    expect((await flagsOf(otherAdmin.headers)).configuration_OrganizationQuality).toBe(false);
    const listed = (await call('/api/flags/list', otherAdmin.headers)).json<{ result: { flags: { key: string }[] } }>();
    expect(listed.result.flags.map((flag) => flag.key)).not.toContain('configuration_OrganizationQuality');
    const deleted = await call('/api/flags/delete', otherAdmin.headers, { key: 'configuration_OrganizationQuality' });
    expect(deleted.json()).toEqual({ result: { deleted: false } });
    expect((await flagsOf(admin.headers)).configuration_OrganizationQuality).toBe(true);
  });

  it('answers 422 naming the field for a value of the wrong type, an unknown tab or an unknown flag', async () => {
    const admin = await signedIn({ organisationId, isAdmin: true });
    const wrongType = await call('/api/flags/set', admin.headers, { key: 'ShowFeedbackButton', defaultValue: 'yes' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json()).toMatchObject({ error: { details: { issues: [{ field: 'defaultValue' }] } } });
    const unknownTab = await call('/api/flags/set', admin.headers, {
      key: 'configuration_FrontendTabs',
      defaultValue: ['DxSummary', 'Billing'],
    });
    expect(unknownTab.statusCode).toBe(422);
    expect(unknownTab.json()).toMatchObject({ error: { details: { issues: [{ field: 'defaultValue.1' }] } } });
    const unknownFlag = await call('/api/flags/set', admin.headers, { key: 'somethingElse', defaultValue: true });
    expect(unknownFlag.statusCode).toBe(422);
    const badOperator = await call('/api/flags/set', admin.headers, {
      key: 'ShowFeedbackButton',
      defaultValue: false,
      rules: [{ clauses: [{ attribute: 'view', operator: 'matches', values: ['.*'] }], value: true }],
    });
    expect(badOperator.statusCode).toBe(422);
  });
});

describe('GET /api/flags/stream', () => {
  it("sends the caller's flags, then pushes them again when an admin changes a flag", async () => {
    const organisation = (await createOrganisation(db(), 'Streamside Clinic')).id;
    const admin = await signedIn({ organisationId: organisation, isAdmin: true });
    const provider = await signedIn({ organisationId: organisation });
    const stream = await openSse(`${baseUrl}/api/flags/stream?ticket=${await ticketFor(provider.headers)}`);
    try {
      expect(stream.status).toBe(200);
      const first = await stream.next();
      expect(first.event).toBe('put');
      expect(JSON.parse(first.data)).toEqual(FLAG_DEFAULTS);

      await call('/api/flags/set', admin.headers, { key: 'ShowFeedbackButton', defaultValue: true });
      const pushed = JSON.parse((await stream.next()).data) as FlagValues;
      expect(pushed.ShowFeedbackButton).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("does not push another organisation's change", async () => {
    const provider = await signedIn({ organisationId: otherOrganisationId });
    const admin = await signedIn({ organisationId, isAdmin: true });
    const stream = await openSse(`${baseUrl}/api/flags/stream?ticket=${await ticketFor(provider.headers)}`);
    try {
      await stream.next();
      await call('/api/flags/set', admin.headers, { key: 'flag_AdminTool', defaultValue: false });
      await expect(stream.next(700)).rejects.toThrow('no event in time');
    } finally {
      stream.close();
    }
  });

  it('accepts a ticket once only', async () => {
    const provider = await signedIn({ organisationId });
    const ticket = await ticketFor(provider.headers);
    const first = await openSse(`${baseUrl}/api/flags/stream?ticket=${ticket}`);
    first.close();
    const again = await fetch(`${baseUrl}/api/flags/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses an access token in place of a ticket, and answers 422 without a ticket', async () => {
    const provider = await signedIn({ organisationId });
    const withToken = await fetch(`${baseUrl}/api/flags/stream?ticket=${provider.headers.token}`);
    expect(withToken.status).toBe(401);
    const without = await fetch(`${baseUrl}/api/flags/stream`);
    expect(without.status).toBe(422);
    expect(await without.json()).toMatchObject({ error: { details: { issues: [{ field: 'ticket' }] } } });
  });

  it('gives a ticket only to a signed-in caller', async () => {
    expect((await call('/api/flags/streamTicket', {})).statusCode).toBe(401);
  });
});
