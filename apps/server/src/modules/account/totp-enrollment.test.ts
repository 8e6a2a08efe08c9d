import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { createTotp } from '../auth/totp';

let test: TestApp;
let organisationId: string;
let addressCount = 0;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(test.app.database.db)).id;
});
afterAll(async () => {
  await test.app.close();
});

const db = () => test.app.database.db;
const STEP_MS = 30_000;

/** Each call from its own client address, so that the per-address rate limits stay out of the way. */
function post(url: string, payload: Record<string, unknown>, token?: string) {
  addressCount += 1;
  return test.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { token } : {},
    remoteAddress: `10.3.0.${addressCount % 250}`,
  });
}

async function signIn(username: string, password: string, totpCode?: string) {
  const response = await post('/api/auth/login', { username, password, ...(totpCode ? { totpCode } : {}) });
  return response.json().result as { status: string; token?: string };
}

async function signedInUser() {
  const user = await createUser(db(), { organisationId });
  const { token } = await signIn(user.username, user.password);
  if (!token) throw new Error('not signed in');
  return { user, token };
}

async function enroll(token: string, password: string) {
  const response = await post('/api/auth/totp/enroll', { password }, token);
  expect(response.statusCode).toBe(200);
  return response.json().result as { secret: string; otpauthUrl: string; qrCode: string };
}

async function storedUser(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user gone');
  return row;
}

/** The code of the step after the current one: accepted within the one-step window, not yet spent. */
function nextCode(secret: string): string {
  return createTotp(secret).generate({ timestamp: Date.now() + STEP_MS });
}

describe('TOTP enrollment', () => {
  it('asks for the current password, so that a stolen session cannot enroll its own second factor', async () => {
    const { user, token } = await signedInUser();
    const response = await post('/api/auth/totp/enroll', { password: 'not the password' }, token);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.issues[0].field).toBe('password');
    expect((await storedUser(user.id)).totpSecret).toBeNull();
  });

  it('gives a new secret with its otpauth URL and a QR code, not enabled until confirmed', async () => {
    const { user, token } = await signedInUser();
    const enrollment = await enroll(token, user.password);
    expect(enrollment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(enrollment.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Cairn:${user.username}`);
    expect(url.searchParams.get('secret')).toBe(enrollment.secret);
    expect(url.searchParams.get('issuer')).toBe('Cairn');
    expect(enrollment.qrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(enrollment.qrCode.split(',')[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    expect((await storedUser(user.id)).isTotpEnabled).toBe(false);
    expect((await signIn(user.username, user.password)).status).toBe('success');
  });

  it('turns TOTP on with a code from the app, after which sign-in asks for one', async () => {
    const { user, token } = await signedInUser();
    const { secret } = await enroll(token, user.password);
    const code = createTotp(secret).generate();
    const response = await post('/api/auth/totp/confirm', { code }, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });
    expect(await storedUser(user.id)).toMatchObject({ isTotpEnabled: true, totpSecret: secret });

    expect((await signIn(user.username, user.password)).status).toBe('totpRequired');
    expect((await signIn(user.username, user.password, code)).status).toBe('totpFailure');
    expect((await signIn(user.username, user.password, nextCode(secret))).status).toBe('success');
  });

  it('refuses a wrong code at confirmation with 422 naming code, and leaves TOTP off', async () => {
    const { user, token } = await signedInUser();
    const { secret } = await enroll(token, user.password);
    const threeStepsAhead = createTotp(secret).generate({ timestamp: Date.now() + 3 * STEP_MS });
    const response = await post('/api/auth/totp/confirm', { code: threeStepsAhead }, token);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.issues[0].field).toBe('code');
    expect((await storedUser(user.id)).isTotpEnabled).toBe(false);
  });

  it('does not replace an enabled TOTP by enrolling again', async () => {
    const { user, token } = await signedInUser();
    const { secret } = await enroll(token, user.password);
    await post('/api/auth/totp/confirm', { code: createTotp(secret).generate() }, token);
    const again = await post('/api/auth/totp/enroll', { password: user.password }, token);
    expect(again.statusCode).toBe(409);
    expect((await storedUser(user.id)).totpSecret).toBe(secret);
  });

  it('asks for enrollment before confirmation', async () => {
    const { token } = await signedInUser();
    const response = await post('/api/auth/totp/confirm', { code: '123456' }, token);
    expect(response.statusCode).toBe(409);
  });

  it('turns TOTP off with a current code, refusing a code already used', async () => {
    const { user, token } = await signedInUser();
    const { secret } = await enroll(token, user.password);
    const code = createTotp(secret).generate();
    await post('/api/auth/totp/confirm', { code }, token);

    const replay = await post('/api/auth/totp/disable', { code }, token);
    expect(replay.statusCode).toBe(422);
    expect((await storedUser(user.id)).isTotpEnabled).toBe(true);

    const response = await post('/api/auth/totp/disable', { code: nextCode(secret) }, token);
    expect(response.statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ isTotpEnabled: false, totpSecret: null });
    expect((await signIn(user.username, user.password)).status).toBe('success');
  });

  it('locks the account after five wrong codes at turning TOTP off', async () => {
    const { user, token } = await signedInUser();
    const { secret } = await enroll(token, user.password);
    await post('/api/auth/totp/confirm', { code: createTotp(secret).generate() }, token);
    const wrong = nextCode(secret) === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/auth/totp/disable', { code: wrong }, token)).statusCode).toBe(422);
    }
    const locked = await post('/api/auth/totp/disable', { code: nextCode(secret) }, token);
    expect(locked.statusCode).toBe(429);
    expect((await storedUser(user.id)).isTotpEnabled).toBe(true);
    expect((await signIn(user.username, user.password)).status).toBe('passwordAttemptsExceeded');
  });

  it('is refused without a token, and to SSO users, whose provider handles it', async () => {
    expect((await post('/api/auth/totp/enroll', {})).statusCode).toBe(401);
    const sso = await createUser(db(), { organisationId, identitySource: 'oidc', oidcSubject: 'sso-totp' });
    const token = await test.app.accessTokens.sign({ sub: sso.id, org: organisationId, isSaml: true });
    expect((await post('/api/auth/totp/enroll', { password: 'any' }, token)).statusCode).toBe(409);
  });

  it('audits each change, never with the code or the secret', async () => {
    const { user, token } = await signedInUser();
    const { secret } = await enroll(token, user.password);
    const code = createTotp(secret).generate();
    await post('/api/auth/totp/confirm', { code }, token);
    await post('/api/auth/totp/disable', { code: nextCode(secret) }, token);
    const entries = await db().select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'auth.sign_in',
      'auth.totp_enrollment_started',
      'auth.totp_enrolled',
      'auth.totp_disabled',
    ]);
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(JSON.stringify(entries)).not.toContain(code);
  });
});

describe('POST /api/auth/acceptTerms', () => {
  it('records when the user accepted the terms and conditions', async () => {
    const { user, token } = await signedInUser();
    expect((await storedUser(user.id)).termsAcceptedAt).toBeNull();
    const response = await post('/api/auth/acceptTerms', {}, token);
    expect(response.json()).toEqual({ result: true });
    expect((await storedUser(user.id)).termsAcceptedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is there under /api/v2 for SSO users with a Bearer header', async () => {
    const sso = await createUser(db(), { organisationId, identitySource: 'oidc', oidcSubject: 'sso-terms' });
    const token = await test.app.accessTokens.sign({ sub: sso.id, org: organisationId, isSaml: true });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v2/auth/acceptTerms',
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect((await storedUser(sso.id)).termsAcceptedAt).not.toBeNull();
  });

  it('cannot reach a user of another organisation', async () => {
    const { user } = await signedInUser();
    const otherOrganisation = (await createOrganisation(db(), 'Hillside Clinic')).id;
    const forged = await test.app.accessTokens.sign({ sub: user.id, org: otherOrganisation });
    await post('/api/auth/acceptTerms', {}, forged);
    expect((await storedUser(user.id)).termsAcceptedAt).toBeNull();
  });
});
