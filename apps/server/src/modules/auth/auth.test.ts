import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
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

// Each test signs in from an address of its own, so the per-address rate limit (20 a minute) is
// never what a test about sign-in statuses runs into.
let clientAddress = '';
let addressCount = 0;
beforeEach(() => {
  addressCount += 1;
  clientAddress = `10.0.0.${addressCount}`;
});

async function signIn(username: string, password: string, totpCode?: string) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: clientAddress,
    payload: { username, password, ...(totpCode ? { totpCode } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result as { status: string; token?: string; refreshToken?: string; lockedUntil?: string };
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password: status success with an access token carrying the spec claims', async () => {
    const user = await createUser(db(), {
      organisationId,
      permissions: ['hcc_dashboard'],
      view: 'Coder',
      firstName: 'Ada',
    });
    const result = await signIn(user.username.toUpperCase(), user.password);
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
    expect((await signIn(user.username, 'wrong password')).status).toBe('credentialsFailure');
    expect((await signIn('nobody-here', 'whatever')).status).toBe('credentialsFailure');
  });

  it('locks the account after five failures and refuses even the right password until it opens', async () => {
    const user = await createUser(db(), { organisationId });
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await signIn(user.username, 'nope')).status);
    expect(statuses).toEqual([
      'credentialsFailure',
      'credentialsFailure',
      'credentialsFailure',
      'credentialsFailure',
      'passwordAttemptsExceeded',
    ]);
    const locked = await signIn(user.username, user.password);
    expect(locked.status).toBe('passwordAttemptsExceeded');
    expect(new Date(locked.lockedUntil ?? 0).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('asks a user created by an administrator to choose a password first', async () => {
    const user = await createUser(db(), { organisationId, mustChangePassword: true });
    expect(await signIn(user.username, user.password)).toEqual({ status: 'firstLoginPasswordChange' });
  });

  it('asks for a new password when the current one is older than 180 days', async () => {
    const user = await createUser(db(), { organisationId, lastPasswordChangeAt: new Date(Date.now() - 181 * DAY_MS) });
    expect((await signIn(user.username, user.password)).status).toBe('oldPassword');
    const fresh = await createUser(db(), { organisationId, lastPasswordChangeAt: new Date(Date.now() - 179 * DAY_MS) });
    expect((await signIn(fresh.username, fresh.password)).status).toBe('success');
  });

  it('refuses an account unused for more than 90 days with oldLogin', async () => {
    const user = await createUser(db(), { organisationId, lastLoginAt: new Date(Date.now() - 91 * DAY_MS) });
    expect((await signIn(user.username, user.password)).status).toBe('oldLogin');
  });

  it('requires the one-time code when TOTP is enrolled, refuses a wrong one and a code used twice', async () => {
    const secret = newTotpSecret();
    const user = await createUser(db(), { organisationId, totpSecret: secret, isTotpEnabled: true });
    expect(await signIn(user.username, user.password)).toEqual({ status: 'totpRequired' });
    const code = createTotp(secret).generate();
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await signIn(user.username, user.password, wrong)).status).toBe('totpFailure');
    expect((await signIn(user.username, user.password, code)).status).toBe('success');
    expect((await signIn(user.username, user.password, code)).status).toBe('totpFailure');
  });

  it('audits sign-ins and failures with the client address, never the password', async () => {
    const user = await createUser(db(), { organisationId, password: 'correct horse battery' });
    await signIn(user.username, 'Tr0ub4dor&3');
    await signIn(user.username, 'correct horse battery');
    const entries = await db().select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(entries.map((entry) => entry.action)).toEqual(['auth.sign_in_failed', 'auth.sign_in']);
    expect(entries.every((entry) => entry.clientAddress === clientAddress)).toBe(true);
    expect(JSON.stringify(entries)).not.toMatch(/Tr0ub4dor|correct horse/);
  });

  it('names a missing field with 422', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'MISSING_PAYLOAD_PARAMETER' });
    expect(response.json().error.message).toContain('password');
  });
});

describe('SSO users', () => {
  it('fail a password sign-in without being locked out by it', async () => {
    const { users } = await import('../../db/schema');
    const user = await createUser(db(), { organisationId, identitySource: 'oidc' });
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await signIn(user.username, 'guess')).status).toBe('credentialsFailure');
    }
  });
});

describe('abuse', () => {
  it('rate-limits sign-in attempts per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt += 1) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { username: 'someone', password: 'guess' },
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
