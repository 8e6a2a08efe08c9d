import { changePassword as changePasswordEndpoint, refreshSession, type LoginResult } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, users } from '../../db/schema';
import { call, signIn } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { DAY_MS, createTotp, newTotpSecret } from '../auth';

let test: TestApp;
let organisationId: string;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(test.app.database.db)).id;
});
afterAll(async () => {
  await test.app.close();
});

const db = () => test.app.database.db;

function changePassword(body: { username: string; oldPassword: string; newPassword: string; totpCode?: string }) {
  return call(test.app, changePasswordEndpoint, { body });
}

async function storedUser(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user gone');
  return row;
}

describe('POST /api/auth/changePassword', () => {
  it('completes the forced first-login change and signs the user in', async () => {
    const user = await createUser(db(), { organisationId, mustChangePassword: true });
    expect((await signIn(test.app, user)).status).toBe('firstLoginPasswordChange');

    const response = await changePassword({
      username: user.username,
      oldPassword: user.password,
      newPassword: 'my own passphrase',
    });
    expect(response.statusCode).toBe(200);
    const result = response.json().result as LoginResult;
    expect(result.status).toBe('success');
    expect((await test.app.accessTokens.verify(result.token ?? ''))?.userId).toBe(user.id);
    expect(result.refreshToken).toBeTruthy();
    const row = await storedUser(user.id);
    expect(row.mustChangePassword).toBe(false);
    expect(row.lastPasswordChangeAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await signIn(test.app, { username: user.username, password: 'my own passphrase' })).status).toBe('success');
    expect((await signIn(test.app, user)).status).toBe('credentialsFailure');
  });

  it('renews a password older than 180 days', async () => {
    const user = await createUser(db(), { organisationId, lastPasswordChangeAt: new Date(Date.now() - 181 * DAY_MS) });
    expect((await signIn(test.app, user)).status).toBe('oldPassword');
    const response = await changePassword({
      username: user.username,
      oldPassword: user.password,
      newPassword: 'fresh for another half year',
    });
    expect((response.json().result as LoginResult).status).toBe('success');
    expect((await signIn(test.app, { username: user.username, password: 'fresh for another half year' })).status).toBe(
      'success',
    );
  });

  it('refuses a wrong current password as sign-in does, counting towards the lockout', async () => {
    const user = await createUser(db(), { organisationId });
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await changePassword({
        username: user.username,
        oldPassword: 'not my password',
        newPassword: 'whatever it may be',
      });
      statuses.push((response.json().result as LoginResult).status);
    }
    expect(statuses).toEqual([
      'credentialsFailure',
      'credentialsFailure',
      'credentialsFailure',
      'credentialsFailure',
      'passwordAttemptsExceeded',
    ]);
    expect((await signIn(test.app, user)).status).toBe('passwordAttemptsExceeded');
  });

  it('answers an unknown user as a wrong password', async () => {
    const response = await changePassword({
      username: 'nobody-by-this-name',
      oldPassword: 'anything at all',
      newPassword: 'something else',
    });
    expect(response.json()).toEqual({ result: { status: 'credentialsFailure' } });
  });

  it('refuses the current password as the new one, naming newPassword', async () => {
    const user = await createUser(db(), { organisationId, mustChangePassword: true });
    const response = await changePassword({
      username: user.username,
      oldPassword: user.password,
      newPassword: user.password,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().error.details.issues[0].field).toBe('newPassword');
    expect((await storedUser(user.id)).mustChangePassword).toBe(true);
  });

  it('refuses a new password shorter than 8 characters with 422 naming newPassword', async () => {
    const user = await createUser(db(), { organisationId });
    const response = await changePassword({
      username: user.username,
      oldPassword: user.password,
      newPassword: 'short',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('newPassword');
    expect(response.json().error.message).toContain('at least 8 characters');
  });

  it('asks for the one-time code before changing the password of a TOTP user', async () => {
    const secret = newTotpSecret();
    const user = await createUser(db(), { organisationId, totpSecret: secret, isTotpEnabled: true });
    const body = { username: user.username, oldPassword: user.password, newPassword: 'second factor first' };

    expect((await changePassword(body)).json()).toEqual({ result: { status: 'totpRequired' } });
    expect((await signIn(test.app, user)).status).toBe('totpRequired');
    const code = createTotp(secret).generate();
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await changePassword({ ...body, totpCode: wrong })).json()).toEqual({ result: { status: 'totpFailure' } });

    const changed = await changePassword({ ...body, totpCode: code });
    expect((changed.json().result as LoginResult).status).toBe('success');
    expect(
      (await signIn(test.app, { username: user.username, password: 'second factor first', totpCode: code })).status,
    ).toBe('totpFailure');
  });

  it('sends a dormant account to recovery by email instead', async () => {
    const user = await createUser(db(), { organisationId, lastLoginAt: new Date(Date.now() - 91 * DAY_MS) });
    const response = await changePassword({
      username: user.username,
      oldPassword: user.password,
      newPassword: 'not this way',
    });
    expect(response.json()).toEqual({ result: { status: 'oldLogin' } });
    expect((await signIn(test.app, user)).status).toBe('oldLogin');
  });

  it('ends the sessions opened with the old password', async () => {
    const user = await createUser(db(), { organisationId });
    const before = await signIn(test.app, user);
    await changePassword({ username: user.username, oldPassword: user.password, newPassword: 'new and improved' });
    const tokens = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokens).toHaveLength(2);
    const refresh = await call(test.app, refreshSession, { body: { refreshToken: before.refreshToken ?? '' } });
    expect(refresh.statusCode).toBe(401);
  });

  it('audits the change and the sign-in, never the passwords', async () => {
    const user = await createUser(db(), { organisationId, mustChangePassword: true, password: 'temporary 1234' });
    await changePassword({ username: user.username, oldPassword: 'temporary 1234', newPassword: 'chosen 5678 words' });
    const entries = await db().select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(entries.map((entry) => entry.action)).toEqual(['auth.password_changed', 'auth.sign_in']);
    expect(entries[0]?.details).toEqual({ reason: 'first_login' });
    expect(JSON.stringify(entries)).not.toMatch(/temporary 1234|chosen 5678/);
  });
});
