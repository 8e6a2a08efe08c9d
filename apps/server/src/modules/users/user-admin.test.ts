import {
  acceptInvitation,
  applyUserAction,
  createUser as createUserEndpoint,
  getUserMetadata,
  importUsers,
  listUserLinkOptions,
  listUsers,
  readInvitation,
  refreshSession,
  updateUserByAdmin,
  type AdminUser,
  type EndpointInput,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../integrations/smtp/test-smtp-server';
import { call, callForResult, callWithAnyBody, signIn, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createCareTeam } from '../../testing/clinical-factories';
import { createOrganisation, createUser } from '../../testing/factories';

let test: TestApp;
let smtp: TestSmtpServer;
let organisationId: string;
let otherOrganisationId: string;
let admin: SignedInUser;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  test = await buildTestApp({
    env: { CAIRN_SMTP_URL: smtp.url, CAIRN_API_URL: 'https://cairn.clinic.test/api' },
  });
  organisationId = (await createOrganisation(db())).id;
  otherOrganisationId = (await createOrganisation(db(), 'Hillside Health')).id;
  admin = await tokenFor(test.app, { organisationId, isAdmin: true });
});
afterAll(async () => {
  await test.app.close();
  await smtp.close();
});

const db = () => test.app.database.db;
let counter = 0;

function newAccount(overrides: Partial<EndpointInput<typeof createUserEndpoint>> = {}) {
  counter += 1;
  return {
    username: `new.user${String(counter)}`,
    email: `new.user${String(counter)}@clinic.test`,
    firstName: 'Nora',
    lastName: `Newman${String(counter)}`,
    view: 'Provider' as const,
    ...overrides,
  };
}

async function create(body: EndpointInput<typeof createUserEndpoint>, token = admin.token) {
  return callForResult(test.app, createUserEndpoint, { token, body });
}

function act(userId: string, action: EndpointInput<typeof applyUserAction>['action'], token = admin.token) {
  return call(test.app, applyUserAction, { token, body: { userId, action } });
}

function invitationToken(mail: ReceivedMail): string {
  const match = /[?&]invitation=([\w-]+)/.exec(mail.decoded);
  if (!match?.[1]) throw new Error('no invitation link in the mail');
  return match[1];
}

async function auditActions(targetUserId: string): Promise<string[]> {
  const rows = await db().select().from(auditLog).where(eq(auditLog.userId, admin.user.id));
  return rows.filter((row) => row.details?.targetUserId === targetUserId).map((row) => row.action);
}

describe('creating a user and inviting them', () => {
  it('creates the account, mails a single-use link that sets the password, and the person signs in with it', async () => {
    const account = newAccount();
    const { user, isInvitationSent } = await create(account);
    expect(isInvitationSent).toBe(true);
    expect(user).toMatchObject({ username: account.username, status: 'invited', view: 'Provider' });
    expect(user.invitationExpiresAt).not.toBeNull();
    const mail = await smtp.waitForMail(account.email);
    expect(mail.decoded).toContain(account.username);
    expect(mail.decoded).toContain('https://cairn.clinic.test/login?invitation=');
    const token = invitationToken(mail);

    const invitation = await callForResult(test.app, readInvitation, { body: { token } });
    expect(invitation).toMatchObject({ username: account.username, firstName: 'Nora' });
    await callForResult(test.app, acceptInvitation, { body: { token, newPassword: 'a long new passphrase' } });
    expect(await signIn(test.app, { username: account.username, password: 'a long new passphrase' })).toMatchObject({
      status: 'success',
    });
    const again = await call(test.app, acceptInvitation, { body: { token, newPassword: 'another passphrase' } });
    expect(again.statusCode).toBe(404);
    expect(await auditActions(user.id)).toEqual(expect.arrayContaining(['admin.user_created', 'admin.user_invited']));
  });

  it('voids an earlier invitation when a new one is sent, and refuses an expired one', async () => {
    const account = newAccount();
    const { user } = await create(account);
    const first = invitationToken(await smtp.waitForMail(account.email));
    expect((await act(user.id, 'invite')).statusCode).toBe(200);
    const second = invitationToken(await smtp.waitForMail(account.email));
    expect((await call(test.app, readInvitation, { body: { token: first } })).statusCode).toBe(404);
    expect((await call(test.app, readInvitation, { body: { token: second } })).statusCode).toBe(200);
  });

  it('answers 409 naming the field for a username taken anywhere or an email taken in the organisation', async () => {
    const elsewhere = await createUser(db(), { organisationId: otherOrganisationId });
    const taken = await call(test.app, createUserEndpoint, {
      token: admin.token,
      body: newAccount({ username: elsewhere.username.toUpperCase() }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'CONFLICT', details: { field: 'username' } } });
    const colleague = await createUser(db(), { organisationId });
    const sameEmail = await call(test.app, createUserEndpoint, {
      token: admin.token,
      body: newAccount({ email: colleague.email.toUpperCase() }),
    });
    expect(sameEmail.json()).toMatchObject({ error: { code: 'CONFLICT', details: { field: 'email' } } });
  });

  it('links the EHR providers and clinics of the organisation, and refuses those of another', async () => {
    const { clinic, provider } = await createCareTeam(db(), { organisationId });
    const { provider: foreign } = await createCareTeam(db(), { organisationId: otherOrganisationId });
    const options = await callForResult(test.app, listUserLinkOptions, { token: admin.token });
    expect(options.providers).toContainEqual({ id: provider.id, name: 'Rivera, Maya MD', npi: null });
    expect(options.providers.map((option) => option.id)).not.toContain(foreign.id);

    const { user } = await create(newAccount({ providerIds: [provider.id], clinicIds: [clinic.id], invite: false }));
    expect(user).toMatchObject({ providerIds: [provider.id], clinicIds: [clinic.id] });
    const refused = await call(test.app, createUserEndpoint, {
      token: admin.token,
      body: newAccount({ providerIds: [provider.id, foreign.id] }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { details: { issues: [{ field: 'providerIds.1' }] } } });
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const response = await callWithAnyBody(test.app, createUserEndpoint, {
      token: admin.token,
      body: { ...newAccount(), email: 'not an email', view: 'Nurse' },
    });
    expect(response.statusCode).toBe(422);
    const fields = response.json<{ error: { details: { issues: { field: string }[] } } }>().error.details.issues;
    expect(fields.map((issue) => issue.field)).toEqual(expect.arrayContaining(['email', 'view']));
  });
});

describe('who may manage users', () => {
  it('refuses a user without admin_tool, and lets a holder of admin_tool who is not an admin create no admin', async () => {
    const provider = await tokenFor(test.app, { organisationId });
    expect((await call(test.app, listUsers, { token: provider.token })).statusCode).toBe(403);
    const manager = await tokenFor(test.app, { organisationId, permissions: ['admin_tool'] });
    expect((await call(test.app, listUsers, { token: manager.token })).statusCode).toBe(200);
    const escalation = await call(test.app, createUserEndpoint, {
      token: manager.token,
      body: newAccount({ isAdmin: true }),
    });
    expect(escalation.statusCode).toBe(403);
    expect((await act(admin.user.id, 'forcePasswordChange', manager.token)).statusCode).toBe(403);
  });

  it("never shows or changes another organisation's users (404)", async () => {
    const outsider = await createUser(db(), { organisationId: otherOrganisationId });
    expect((await act(outsider.id, 'deactivate')).statusCode).toBe(404);
    const list = await callForResult(test.app, listUsers, { token: admin.token, body: { search: outsider.username } });
    expect(list).toEqual({ users: [], total: 0 });
  });
});

describe('the users list', () => {
  it('searches names, usernames and emails, filters by view, status, lock and last sign-in, a page at a time', async () => {
    const tag = `zq${String(Date.now())}`;
    const coder = await createUser(db(), { organisationId, view: 'Coder', lastName: `${tag}Alpha` });
    const locked = await createUser(db(), {
      organisationId,
      lastName: `${tag}Beta`,
      lockedUntil: new Date(Date.now() + 600_000),
      lastLoginAt: new Date(),
    });
    const { user: invited } = await create(newAccount({ lastName: `${tag}Gamma`, invite: false }));
    const search = (body: EndpointInput<typeof listUsers> = {}) =>
      callForResult(test.app, listUsers, { token: admin.token, body: { search: tag, ...body } });
    const names = (page: { users: AdminUser[] }) => page.users.map((user) => user.id);

    expect(names(await search())).toEqual([coder.id, locked.id, invited.id]);
    expect(names(await search({ view: 'Coder' }))).toEqual([coder.id]);
    expect(names(await search({ role: 'coder' }))).toEqual([coder.id]);
    expect(names(await search({ role: 'provider' }))).toEqual([locked.id, invited.id]);
    expect(names(await search({ role: 'admin' }))).toEqual([]);
    expect(names(await search({ status: 'invited' }))).toEqual([invited.id]);
    expect(names(await search({ isLocked: true }))).toEqual([locked.id]);
    expect(names(await search({ lastSignIn: 'last30Days' }))).toEqual([locked.id]);
    expect(names(await search({ lastSignIn: 'never' }))).toEqual([coder.id, invited.id]);
    const secondPage = await search({ page: 2, pageSize: 2 });
    expect(secondPage).toMatchObject({ total: 3 });
    expect(names(secondPage)).toEqual([invited.id]);
    expect((await search({ search: coder.email.toUpperCase() })).users.map((user) => user.username)).toEqual([
      coder.username,
    ]);
  });

  it('finds a % or _ as typed, not as a wildcard', async () => {
    const list = await callForResult(test.app, listUsers, { token: admin.token, body: { search: '%' } });
    expect(list.total).toBe(0);
  });
});

describe('account actions', () => {
  it('deactivates an account: its sessions end at once, it cannot sign in, and it is reactivated', async () => {
    const person = await createUser(db(), { organisationId });
    const session = await signIn(test.app, person);
    expect((await act(person.id, 'deactivate')).json()).toMatchObject({ result: { status: 'deactivated' } });
    expect((await call(test.app, getUserMetadata, { token: session.token ?? '' })).statusCode).toBe(401);
    const refresh = await call(test.app, refreshSession, { body: { refreshToken: session.refreshToken ?? '' } });
    expect(refresh.statusCode).toBe(401);
    expect(await signIn(test.app, person)).toMatchObject({ status: 'credentialsFailure' });
    expect((await act(person.id, 'reactivate')).json()).toMatchObject({ result: { status: 'active' } });
    expect(await signIn(test.app, person)).toMatchObject({ status: 'success' });
    expect(await auditActions(person.id)).toEqual(
      expect.arrayContaining(['admin.user_deactivated', 'admin.user_reactivated']),
    );
  });

  it('unlocks a locked account, forces a password change and resets two-step verification', async () => {
    const person = await createUser(db(), {
      organisationId,
      lockedUntil: new Date(Date.now() + 600_000),
      failedAttempts: 5,
      totpSecret: 'JBSWY3DPEHPK3PXP',
      isTotpEnabled: true,
    });
    expect((await act(person.id, 'unlock')).json()).toMatchObject({ result: { lockedUntil: null } });
    expect((await act(person.id, 'resetTotp')).json()).toMatchObject({ result: { isTotpEnabled: false } });
    expect(await signIn(test.app, person)).toMatchObject({ status: 'success' });
    expect((await act(person.id, 'forcePasswordChange')).json()).toMatchObject({
      result: { mustChangePassword: true },
    });
    expect(await signIn(test.app, person)).toMatchObject({ status: 'firstLoginPasswordChange' });
    expect(await auditActions(person.id)).toEqual(
      expect.arrayContaining(['admin.user_unlocked', 'admin.user_totp_reset', 'admin.user_password_change_forced']),
    );
  });

  it('keeps the last active admin: it can be neither deactivated nor demoted', async () => {
    const clinicId = (await createOrganisation(db(), 'Solo Practice')).id;
    const soleAdmin = await tokenFor(test.app, { organisationId: clinicId, isAdmin: true });
    const other = await tokenFor(test.app, { organisationId: clinicId, isAdmin: true });
    expect((await act(soleAdmin.user.id, 'deactivate', other.token)).statusCode).toBe(200);
    const demotion = await call(test.app, updateUserByAdmin, {
      token: other.token,
      body: {
        userId: other.user.id,
        email: other.user.email,
        firstName: 'Only',
        lastName: 'Admin',
        view: 'Provider',
        isAdmin: false,
      },
    });
    expect(demotion.statusCode).toBe(409);
    expect(demotion.json()).toMatchObject({ error: { message: expect.stringContaining('last active admin') } });
    expect((await act(other.user.id, 'deactivate', other.token)).statusCode).toBe(409);
    const [stored] = await db()
      .select()
      .from(users)
      .where(and(eq(users.id, other.user.id), eq(users.isAdmin, true)));
    expect(stored?.deactivatedAt).toBeNull();
  });

  it("updates a user's fields and says which changed in the audit", async () => {
    const person = await createUser(db(), { organisationId, view: 'Coder' });
    const updated = await callForResult(test.app, updateUserByAdmin, {
      token: admin.token,
      body: {
        userId: person.id,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        view: 'Provider',
        permissions: ['quality_tool'],
      },
    });
    expect(updated).toMatchObject({ view: 'Provider', permissions: ['quality_tool'] });
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, 'admin.user_updated'));
    expect(rows.find((row) => row.details?.targetUserId === person.id)?.details).toMatchObject({
      changed: ['view', 'permissions'],
    });
  });
});

describe('importing users from CSV', () => {
  it('creates a user per line and reports each refused line with its column and why', async () => {
    const taken = await createUser(db(), { organisationId });
    const csv = [
      'Username,Email,First name,Last name,View,Permissions,Admin',
      'csv.one,csv.one@clinic.test,Ana,"Ortiz, Jr",coder,quality_tool;hcc_dashboard,no',
      `${taken.username},someone@clinic.test,Ben,Lee,Provider,,`,
      'csv.three,not-an-email,Cy,Moe,Provider,,',
      'csv.four,csv.four@clinic.test,Di,Ng,Nurse,,',
    ].join('\r\n');
    const report = await callForResult(test.app, importUsers, { token: admin.token, body: { csv } });
    expect(report).toMatchObject({ created: 1, refused: 3 });
    expect(report.rows.map((row) => [row.line, row.outcome, row.errors.map((error) => error.column)])).toEqual([
      [2, 'created', []],
      [3, 'refused', ['username']],
      [4, 'refused', ['email']],
      [5, 'refused', ['view']],
    ]);
    const list = await callForResult(test.app, listUsers, { token: admin.token, body: { search: 'csv.one' } });
    expect(list.users[0]).toMatchObject({
      lastName: 'Ortiz, Jr',
      view: 'Coder',
      permissions: ['quality_tool', 'hcc_dashboard'],
      status: 'invited',
    });
  });

  it('refuses a file without the required columns, naming them', async () => {
    const response = await call(test.app, importUsers, { token: admin.token, body: { csv: 'username,email\na,b' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { details: { issues: [{ field: 'csv', message: expect.stringContaining('firstName, lastName, view') }] } },
    });
  });
});
