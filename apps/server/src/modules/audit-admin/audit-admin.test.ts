import {
  createAuditExportTicket,
  getAuditEntry,
  listAuditActions,
  listAuditEntries,
  login,
  type AuditEntrySummary,
  type EndpointInput,
} from '@cairn/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, callForResult, callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createPatient } from '../../testing/clinical-factories';
import { createOrganisation, createUser } from '../../testing/factories';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.app.close();
});

const db = () => test.app.database.db;

interface SeededEntry {
  action: string;
  at: string;
  userId?: string;
  patientId?: string;
  details?: Record<string, unknown>;
  clientAddress?: string;
}

/** A new organisation with its admin, and entries written straight into its log at the given times. */
async function organisationWithLog(entries: (admin: { userId: string }) => SeededEntry[] = () => []) {
  const organisationId = (await createOrganisation(db(), 'Audit Clinic')).id;
  const admin = await tokenFor(test.app, { organisationId, isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
  const seeded = entries({ userId: admin.user.id });
  if (seeded.length > 0) {
    await db()
      .insert(auditLog)
      .values(
        seeded.map((entry) => ({
          organisationId,
          userId: entry.userId,
          patientId: entry.patientId,
          action: entry.action,
          clientAddress: entry.clientAddress ?? '10.0.0.1',
          details: entry.details,
          // Written as text so that microseconds survive (a Date keeps milliseconds).
          createdAt: sql`${entry.at}::timestamptz`,
        })),
      );
  }
  return { organisationId, admin };
}

type ListInput = EndpointInput<typeof listAuditEntries>;

/** Entries written before 2026: what a test seeded, without the reads the test itself adds. */
async function listSeeded(token: string, body: ListInput = {}) {
  return callForResult(test.app, listAuditEntries, { token, body: { to: '2026-01-01T00:00:00Z', ...body } });
}

const actionsOf = (entries: AuditEntrySummary[]) => entries.map((entry) => entry.action);

describe('POST /api/admin/audit/list', () => {
  it('gives the newest entries first, with who acted and on which patient', async () => {
    const { organisationId, admin } = await organisationWithLog();
    const patient = await createPatient(db(), { organisationId, firstName: 'Grace', lastName: 'Hopper', mrn: 'M-77' });
    await db()
      .insert(auditLog)
      .values([
        { organisationId, userId: admin.user.id, action: 'auth.sign_in', createdAt: new Date('2025-03-01T08:00:00Z') },
        {
          organisationId,
          userId: admin.user.id,
          patientId: patient.id,
          action: 'patient.read',
          clientAddress: '10.1.2.3',
          createdAt: sql`'2025-03-01T09:00:00.123456Z'::timestamptz`,
        },
      ]);
    const page = await listSeeded(admin.token);
    expect(page.nextCursor).toBeNull();
    expect(page.entries).toEqual([
      {
        id: expect.any(String) as string,
        at: '2025-03-01T09:00:00.123456Z',
        action: 'patient.read',
        outcome: 'success',
        user: { id: admin.user.id, username: admin.user.username, name: 'Ada Admin' },
        patient: { id: patient.id, name: 'Grace Hopper', mrn: 'M-77' },
        clientAddress: '10.1.2.3',
      },
      expect.objectContaining({ action: 'auth.sign_in', at: '2025-03-01T08:00:00.000000Z', patient: null }),
    ]);
  });

  it('filters by user', async () => {
    const { organisationId, admin } = await organisationWithLog();
    const other = await tokenFor(test.app, { organisationId });
    await db()
      .insert(auditLog)
      .values([
        { organisationId, userId: admin.user.id, action: 'auth.sign_in', createdAt: new Date('2025-01-01T00:00:00Z') },
        { organisationId, userId: other.user.id, action: 'auth.sign_out', createdAt: new Date('2025-01-02T00:00:00Z') },
      ]);
    const page = await listSeeded(admin.token, { userId: other.user.id });
    expect(actionsOf(page.entries)).toEqual(['auth.sign_out']);
  });

  it('filters by patient, given by id or by words of the name or the MRN', async () => {
    const { organisationId, admin } = await organisationWithLog();
    const grace = await createPatient(db(), { organisationId, firstName: 'Grace', lastName: 'Hopper', mrn: 'M-1' });
    const alan = await createPatient(db(), { organisationId, firstName: 'Alan', lastName: 'Turing', mrn: 'M-2' });
    const at = new Date('2025-02-01T00:00:00Z');
    await db()
      .insert(auditLog)
      .values([
        { organisationId, patientId: grace.id, action: 'patient.read', createdAt: at },
        { organisationId, patientId: alan.id, action: 'patient.write', createdAt: at },
      ]);
    expect(actionsOf((await listSeeded(admin.token, { patient: grace.id })).entries)).toEqual(['patient.read']);
    expect(actionsOf((await listSeeded(admin.token, { patient: 'hop' })).entries)).toEqual(['patient.read']);
    expect(actionsOf((await listSeeded(admin.token, { patient: 'Turing, al' })).entries)).toEqual(['patient.write']);
    expect(actionsOf((await listSeeded(admin.token, { patient: 'M-2' })).entries)).toEqual(['patient.write']);
    expect((await listSeeded(admin.token, { patient: 'Nobody' })).entries).toEqual([]);
  });

  it('filters by action', async () => {
    const { admin } = await organisationWithLog(() => [
      { action: 'auth.sign_in', at: '2025-01-01T00:00:00Z' },
      { action: 'patient.read', at: '2025-01-02T00:00:00Z' },
    ]);
    expect(actionsOf((await listSeeded(admin.token, { action: 'auth.sign_in' })).entries)).toEqual(['auth.sign_in']);
  });

  it('knows the outcome of every kind of action the server writes, old rows included', async () => {
    const { admin } = await organisationWithLog(() => [
      { action: 'auth.sign_in', at: '2025-01-01T00:00:01Z' },
      { action: 'auth.sign_in_failed', at: '2025-01-01T00:00:02Z', details: { reason: 'wrong_password' } },
      { action: 'auth.lockout', at: '2025-01-01T00:00:03Z' },
      { action: 'auth.sign_in_refused', at: '2025-01-01T00:00:04Z' },
      { action: 'auth.refresh_reuse_revoked', at: '2025-01-01T00:00:05Z' },
      { action: 'ehr.launch_failed', at: '2025-01-01T00:00:06Z' },
      { action: 'auth.sso_start_refused', at: '2025-01-01T00:00:07Z' },
      { action: 'auth.password_reset_requested', at: '2025-01-01T00:00:08Z', details: { outcome: 'code_sent' } },
      { action: 'auth.password_reset_requested', at: '2025-01-01T00:00:09Z', details: { outcome: 'too_many_codes' } },
      {
        action: 'auth.password_reset_requested',
        at: '2025-01-01T00:00:10Z',
        details: { outcome: 'unknown_account' },
      },
      { action: 'user.import', at: '2025-01-01T00:00:11Z', details: { outcome: 'failure' } },
    ]);
    const outcomes = Object.fromEntries(
      (await listSeeded(admin.token)).entries.map((entry) => [`${entry.action} ${entry.at}`, entry.outcome]),
    );
    expect(Object.values(outcomes).reverse()).toEqual([
      'success',
      'failure',
      'denied',
      'denied',
      'denied',
      'failure',
      'denied',
      'success',
      'denied',
      'failure',
      'failure',
    ]);
    const denied = await listSeeded(admin.token, { outcome: 'denied' });
    expect(actionsOf(denied.entries)).toEqual([
      'auth.password_reset_requested',
      'auth.sso_start_refused',
      'auth.refresh_reuse_revoked',
      'auth.sign_in_refused',
      'auth.lockout',
    ]);
  });

  it('shows what the server itself wrote with its outcome: a wrong password is a failure', async () => {
    const { organisationId, admin } = await organisationWithLog();
    const clinician = await createUser(db(), { organisationId });
    const wrong = await call(test.app, login, { body: { username: clinician.username, password: 'not-it' } });
    expect(wrong.json<{ result: { status: string } }>().result.status).not.toBe('success');
    const page = await callForResult(test.app, listAuditEntries, {
      token: admin.token,
      body: { userId: clinician.id, outcome: 'failure' },
    });
    expect(page.entries).toEqual([
      expect.objectContaining({
        action: 'auth.sign_in_failed',
        outcome: 'failure',
        user: expect.objectContaining({ id: clinician.id }) as unknown,
      }),
    ]);
  });

  it('filters by a date range, from inclusive and to exclusive', async () => {
    const { admin } = await organisationWithLog(() => [
      { action: 'a.before', at: '2025-05-31T23:59:59.999Z' },
      { action: 'a.first', at: '2025-06-01T00:00:00Z' },
      { action: 'a.last', at: '2025-06-30T23:59:59Z' },
      { action: 'a.after', at: '2025-07-01T00:00:00Z' },
    ]);
    const page = await listSeeded(admin.token, { from: '2025-06-01T00:00:00Z', to: '2025-07-01T00:00:00Z' });
    expect(actionsOf(page.entries)).toEqual(['a.last', 'a.first']);
  });

  it('pages by keyset without repeating or skipping entries that share a time', async () => {
    const shared = '2025-04-01T12:00:00.000001Z';
    const { admin } = await organisationWithLog(() => [
      { action: 'page.newest', at: '2025-04-02T00:00:00Z' },
      // The same millisecond, a microsecond apart: a cursor that kept only milliseconds would lose it.
      { action: 'page.microsecond_later', at: '2025-04-01T12:00:00.000002Z' },
      ...Array.from({ length: 7 }, (_, index) => ({ action: `page.tie_${String(index)}`, at: shared })),
      { action: 'page.oldest', at: '2025-03-01T00:00:00Z' },
    ]);
    const seen: AuditEntrySummary[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await listSeeded(admin.token, { pageSize: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.entries);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(10);
    expect(actionsOf(seen.slice(0, 2))).toEqual(['page.newest', 'page.microsecond_later']);
    expect(seen[9]?.action).toBe('page.oldest');
    // Within the tie, newest id first.
    const tieIds = seen.slice(2, 9).map((entry) => Number(entry.id));
    expect(tieIds).toEqual([...tieIds].sort((a, b) => b - a));
  });

  it("never shows another organisation's entries", async () => {
    const { admin } = await organisationWithLog(() => [{ action: 'mine.only', at: '2025-01-01T00:00:00Z' }]);
    await organisationWithLog(() => [{ action: 'theirs.only', at: '2025-01-01T00:00:00Z' }]);
    expect(actionsOf((await listSeeded(admin.token)).entries)).toEqual(['mine.only']);
    expect((await listSeeded(admin.token, { action: 'theirs.only' })).entries).toEqual([]);
  });

  it('refuses a user without admin_tool (403) and lets one who holds it read', async () => {
    const { organisationId } = await organisationWithLog();
    const provider = await tokenFor(test.app, { organisationId });
    expect((await call(test.app, listAuditEntries, { token: provider.token })).statusCode).toBe(403);
    expect((await call(test.app, createAuditExportTicket, { token: provider.token })).statusCode).toBe(403);
    const auditor = await tokenFor(test.app, { organisationId, permissions: ['admin_tool'] });
    expect((await call(test.app, listAuditEntries, { token: auditor.token })).statusCode).toBe(200);
    expect((await call(test.app, listAuditEntries)).statusCode).toBe(401);
  });

  it.each([
    [{ outcome: 'maybe' }, 'outcome'],
    [{ userId: 'not-a-uuid' }, 'userId'],
    [{ cursor: 'page-2' }, 'cursor'],
    [{ pageSize: 1000 }, 'pageSize'],
    [{ from: 'yesterday' }, 'from'],
    [{ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, 'to'],
    [{ action: 'DROP TABLE' }, 'action'],
    [{ colour: 'red' }, ''],
  ])('answers 422 naming the field for %j', async (body, field) => {
    const { admin } = await organisationWithLog();
    const response = await callWithAnyBody(test.app, listAuditEntries, { token: admin.token, body });
    expect(response.statusCode).toBe(422);
    const issues = response.json<{ error: { details: { issues: { field: string }[] } } }>().error.details.issues;
    expect(issues.map((issue) => issue.field)).toContain(field);
  });

  it('is itself audited: who read which filters, the patients by id only', async () => {
    const { organisationId, admin } = await organisationWithLog();
    const patient = await createPatient(db(), { organisationId, lastName: 'Lovelace' });
    await listSeeded(admin.token, { patient: 'Lovelace', outcome: 'failure' });
    const [read] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, 'audit.read')));
    expect(read).toMatchObject({ userId: admin.user.id, patientId: patient.id, outcome: 'success' });
    expect(read?.details).toEqual({
      what: 'list',
      filters: { outcome: 'failure', to: '2026-01-01T00:00:00Z' },
      patientIds: [patient.id],
      returned: 0,
    });
    expect(JSON.stringify(read?.details)).not.toContain('Lovelace');
  });
});

describe('POST /api/admin/audit/entry', () => {
  it('gives one entry with its details, and audits the read', async () => {
    const { organisationId, admin } = await organisationWithLog(() => [
      { action: 'auth.sign_in_failed', at: '2025-01-01T00:00:00Z', details: { reason: 'wrong_password', attempts: 2 } },
    ]);
    const [entry] = (await listSeeded(admin.token)).entries;
    const detail = await callForResult(test.app, getAuditEntry, { token: admin.token, body: { id: entry?.id ?? '' } });
    expect(detail).toMatchObject({
      id: entry?.id,
      outcome: 'failure',
      details: { reason: 'wrong_password', attempts: 2 },
    });
    const reads = await db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, 'audit.read')));
    expect(reads.map((read) => read.details)).toContainEqual({ what: 'entry', filters: {}, entryId: entry?.id });
  });

  it("answers 404 for another organisation's entry and 422 for an id that is not one", async () => {
    const { admin } = await organisationWithLog();
    const theirs = await organisationWithLog(() => [{ action: 'theirs.only', at: '2025-01-01T00:00:00Z' }]);
    const [entry] = (await listSeeded(theirs.admin.token)).entries;
    expect(
      (await call(test.app, getAuditEntry, { token: admin.token, body: { id: entry?.id ?? '' } })).statusCode,
    ).toBe(404);
    const bad = await callWithAnyBody(test.app, getAuditEntry, { token: admin.token, body: { id: 'one' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ error: { message: string } }>().error.message).toContain('id');
  });
});

describe('POST /api/admin/audit/actions', () => {
  it("lists the organisation's distinct actions in order", async () => {
    const { admin } = await organisationWithLog(() => [
      { action: 'patient.read', at: '2025-01-01T00:00:00Z' },
      { action: 'auth.sign_in', at: '2025-01-02T00:00:00Z' },
      { action: 'patient.read', at: '2025-01-03T00:00:00Z' },
    ]);
    await organisationWithLog(() => [{ action: 'theirs.only', at: '2025-01-01T00:00:00Z' }]);
    expect(await callForResult(test.app, listAuditActions, { token: admin.token })).toEqual({
      actions: ['auth.sign_in', 'patient.read'],
    });
  });
});

describe('GET /api/admin/audit/export', () => {
  async function download(url: string) {
    return test.app.inject({ method: 'GET', url: `/api${url}` });
  }

  it('streams the filtered log as CSV, cells escaped and formulas neutralised, once per link', async () => {
    const { organisationId, admin } = await organisationWithLog(({ userId }) => [
      { action: 'auth.sign_in', at: '2025-01-01T00:00:00Z', userId },
      {
        action: 'auth.sign_in_failed',
        at: '2025-01-02T00:00:00Z',
        details: { username: '=HYPERLINK("http://evil.test","click"),x' },
        clientAddress: '@10.0.0.9',
      },
      { action: 'auth.lockout', at: '2025-01-03T00:00:00Z' },
    ]);
    const ticket = await callForResult(test.app, createAuditExportTicket, {
      token: admin.token,
      body: { outcome: 'failure', to: '2026-01-01T00:00:00Z' },
    });
    expect(ticket.url).toMatch(/^\/admin\/audit\/export\?ticket=/);
    const response = await download(ticket.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{8}-\d{4}\.csv"$/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,time,action,outcome,user id,username,user name,patient id,patient name,mrn,client address,details',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d+,2025-01-02T00:00:00\.000000Z,auth\.sign_in_failed,failure,,,,,,,'@10\.0\.0\.9,/);
    expect(lines[1]).toContain(`"{""username"":""=HYPERLINK(\\""http://evil.test\\"",\\""click\\""),x""}"`);
    expect(lines[2]).toBe('');
    expect((await download(ticket.url)).statusCode).toBe(403);

    const [exported] = await db()
      .select({ userId: auditLog.userId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, 'audit.export')));
    expect(exported).toEqual({
      userId: admin.user.id,
      details: { what: 'export', filters: { outcome: 'failure', to: '2026-01-01T00:00:00Z' } },
    });
  });

  it('exports more entries than one batch, each once, in order', async () => {
    const { admin } = await organisationWithLog(() =>
      Array.from({ length: 2500 }, (_, index) => ({
        action: 'bulk.entry',
        at: new Date(Date.UTC(2025, 0, 1) + Math.floor(index / 3) * 1000).toISOString(),
      })),
    );
    const ticket = await callForResult(test.app, createAuditExportTicket, {
      token: admin.token,
      body: { action: 'bulk.entry' },
    });
    const ids = (await download(ticket.url)).body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => Number(line.split(',')[0]));
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
  });

  it('refuses a link that is altered, or whose holder lost admin_tool', async () => {
    const { organisationId } = await organisationWithLog();
    const auditor = await tokenFor(test.app, { organisationId, permissions: ['admin_tool'] });
    const ticket = await callForResult(test.app, createAuditExportTicket, { token: auditor.token });
    expect((await download(`${ticket.url}x`)).statusCode).toBe(403);
    expect((await download('/admin/audit/export')).statusCode).toBe(403);
    // The account loses the permission after the link was made.
    await db().execute(sql`update users set permissions = '{}' where id = ${auditor.user.id}`);
    expect((await download(ticket.url)).statusCode).toBe(403);
  });
});
