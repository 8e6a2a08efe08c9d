import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { login } from '@cairn/contracts';
import { call, callWithAnyBody, nextClientAddress, signIn } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { DAY_MS } from './policy';
import { createTotp, newTotpSecret } from './totp';

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

/** The statuses of `count` wrong passwords in a row for a username, and whether each named a lock end. */
async function statusesOfWrongPasswords(username: string, count: number): Promise<string[]> {
  const statuses: string[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) {
    const answer = await signIn(test.app, { username, password: `wrong-${String(attempt)}` });
    statuses.push(answer.lockedUntil ? `${answer.status} until a set time` : answer.status);
  }
  return statuses;
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password: status success with an access token carrying the spec claims', async () => {
    const user = await createUser(db(), {
      organisationId,
      permissions: ['hcc_dashboard'],
      view: 'Coder',
      firstName: 'Ada',
    });
    const result = await signIn(test.app, { username: user.username.toUpperCase(), password: user.password });
    expect(result.status).toBe('success');
    expect(result.refreshToken).toMatch(/^[\w-]{40,}$/);
    const auth = await test.app.accessTokens.verify(result.token ?? '');
    expect(auth).toMatchObject({ userId: user.id, organisationId, isAdmin: false });
    const claims = JSON.parse(Buffer.from(result.token!.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(JSON.parse(claims.permissions as string)).toEqual({ view: 'Coder', hcc_dashboard: true });
    expect(JSON.parse(claims.analyticsMetadata as string)).toMatchObject({ first_name: 'Ada' });
    expect(claims.isAdmin).toBe('false');
  });

  it('answers credentialsFailure alike for a wrong password and an unknown user', async () => {
    const user = await createUser(db(), { organisationId });
    expect((await signIn(test.app, { username: user.username, password: 'wrong password' })).status).toBe(
      'credentialsFailure',
    );
    expect((await signIn(test.app, { username: 'nobody-here', password: 'whatever' })).status).toBe(
      'credentialsFailure',
    );
  });

  it('locks the account after five failures and refuses even the right password until it opens', async () => {
    const user = await createUser(db(), { organisationId });
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      statuses.push((await signIn(test.app, { username: user.username, password: 'nope' })).status);
    expect(statuses).toEqual([
      'credentialsFailure',
      'credentialsFailure',
      'credentialsFailure',
      'credentialsFailure',
      'passwordAttemptsExceeded',
    ]);
    const locked = await signIn(test.app, user);
    expect(locked.status).toBe('passwordAttemptsExceeded');
    expect(new Date(locked.lockedUntil ?? 0).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('asks a user created by an administrator to choose a password first', async () => {
    const user = await createUser(db(), { organisationId, mustChangePassword: true });
    expect(await signIn(test.app, user)).toEqual({ status: 'firstLoginPasswordChange' });
  });

  it('asks for a new password when the current one is older than 180 days', async () => {
    const user = await createUser(db(), { organisationId, lastPasswordChangeAt: new Date(Date.now() - 181 * DAY_MS) });
    expect((await signIn(test.app, user)).status).toBe('oldPassword');
    const fresh = await createUser(db(), { organisationId, lastPasswordChangeAt: new Date(Date.now() - 179 * DAY_MS) });
    expect((await signIn(test.app, fresh)).status).toBe('success');
  });

  it('refuses an account unused for more than 90 days with oldLogin', async () => {
    const user = await createUser(db(), { organisationId, lastLoginAt: new Date(Date.now() - 91 * DAY_MS) });
    expect((await signIn(test.app, user)).status).toBe('oldLogin');
  });

  it('requires the one-time code when TOTP is enrolled, refuses a wrong one and a code used twice', async () => {
    const secret = newTotpSecret();
    const user = await createUser(db(), { organisationId, totpSecret: secret, isTotpEnabled: true });
    expect(await signIn(test.app, user)).toEqual({ status: 'totpRequired' });
    const code = createTotp(secret).generate();
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await signIn(test.app, { ...user, totpCode: wrong })).status).toBe('totpFailure');
    expect((await signIn(test.app, { ...user, totpCode: code })).status).toBe('success');
    expect((await signIn(test.app, { ...user, totpCode: code })).status).toBe('totpFailure');
  });

  it('audits sign-ins and failures with the client address, never the password', async () => {
    const user = await createUser(db(), { organisationId, password: 'correct horse battery' });
    const remoteAddress = nextClientAddress();
    await signIn(test.app, { username: user.username, password: 'Tr0ub4dor&3' }, { remoteAddress });
    await signIn(test.app, { username: user.username, password: 'correct horse battery' }, { remoteAddress });
    const entries = await db().select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(entries.map((entry) => entry.action)).toEqual(['auth.sign_in_failed', 'auth.sign_in']);
    expect(entries.every((entry) => entry.clientAddress === remoteAddress)).toBe(true);
    expect(JSON.stringify(entries)).not.toMatch(/Tr0ub4dor|correct horse/);
  });

  it('names a missing field with 422', async () => {
    const response = await callWithAnyBody(test.app, login, { body: { username: 'a' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'MISSING_PAYLOAD_PARAMETER' });
    expect(response.json().error.message).toContain('password');
  });
});

describe('no account enumeration', () => {
  it('answers an unknown name exactly as a real account, attempt by attempt, over seven wrong passwords', async () => {
    const user = await createUser(db(), { organisationId });
    const real = await statusesOfWrongPasswords(user.username, 7);
    const unknown = await statusesOfWrongPasswords(`nobody-${user.username}`, 7);
    expect(unknown).toEqual(real);
    expect(real).toEqual([
      ...Array<string>(4).fill('credentialsFailure'),
      ...Array<string>(3).fill('passwordAttemptsExceeded until a set time'),
    ]);
  });

  it('counts the failures of one name whatever its letter case', async () => {
    const user = await createUser(db(), { organisationId });
    await statusesOfWrongPasswords(user.username.toUpperCase(), 4);
    expect(await statusesOfWrongPasswords(user.username, 1)).toEqual(['passwordAttemptsExceeded until a set time']);
  });

  it('lets a locked user in with the right password and a valid one-time code, and only then', async () => {
    const secret = newTotpSecret();
    const user = await createUser(db(), { organisationId, totpSecret: secret, isTotpEnabled: true });
    await statusesOfWrongPasswords(user.username, 5);
    const code = createTotp(secret).generate();
    const wrong = code === '000000' ? '111111' : '000000';
    // Neither the password alone nor a wrong code says that the password was right.
    expect((await signIn(test.app, user)).status).toBe('passwordAttemptsExceeded');
    expect((await signIn(test.app, { ...user, totpCode: wrong })).status).toBe('passwordAttemptsExceeded');
    const signedIn = await signIn(test.app, { ...user, totpCode: code });
    expect(signedIn.status).toBe('success');
    expect(await test.app.accessTokens.verify(signedIn.token ?? '')).toMatchObject({ userId: user.id });
    // The sign-in ends the lock: the count starts again.
    expect(await statusesOfWrongPasswords(user.username, 1)).toEqual(['credentialsFailure']);
  });

  it('keeps a locked user without TOTP out even with the right password', async () => {
    const user = await createUser(db(), { organisationId });
    await statusesOfWrongPasswords(user.username, 5);
    expect((await signIn(test.app, user)).status).toBe('passwordAttemptsExceeded');
  });
});

describe('SSO users', () => {
  it('answer a password guess as an unknown name does, and keep their sessions when the name locks', async () => {
    const { users } = await import('../../db/schema');
    const user = await createUser(db(), { organisationId, identitySource: 'oidc' });
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect(await statusesOfWrongPasswords(user.username, 6)).toEqual(await statusesOfWrongPasswords('nobody-sso', 6));
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored?.lockedUntil).toBeNull();
  });
});

describe('abuse', () => {
  it('rate-limits sign-in attempts per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt += 1) {
      const response = await call(test.app, login, {
        body: { username: 'someone', password: 'guess' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('accounts', () => {
  it("refuse an unknown or missing view with the spec's errors", async () => {
    await expect(createUser(db(), { organisationId, view: 'Nurse' })).rejects.toThrow('Unknown user view: Nurse');
    await expect(createUser(db(), { organisationId, view: '' })).rejects.toThrow('User view not found');
  });
});
