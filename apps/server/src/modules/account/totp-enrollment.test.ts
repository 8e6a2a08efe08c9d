import { acceptTerms, confirmTotpEnrollment, disableTotp, startTotpEnrollment } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { call, callWithAnyBody, signIn, signInAsNewUser, tokenClaimingOrganisation, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { createTotp } from '../auth';

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
const STEP_MS = 30_000;

async function enroll(token: string, password: string) {
  const response = await call(test.app, startTotpEnrollment, { token, body: { password } });
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
    const { user, token } = await signInAsNewUser(test.app, { organisationId });
    const response = await call(test.app, startTotpEnrollment, { token, body: { password: 'not the password' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.issues[0].field).toBe('password');
    expect((await storedUser(user.id)).totpSecret).toBeNull();
  });

  it('gives a new secret with its otpauth URL and a QR code, not enabled until confirmed', async () => {
    const { user, token } = await signInAsNewUser(test.app, { organisationId });
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
    expect((await signIn(test.app, user)).status).toBe('success');
  });

  it('turns TOTP on with a code from the app, after which sign-in asks for one', async () => {
    const { user, token } = await signInAsNewUser(test.app, { organisationId });
    const { secret } = await enroll(token, user.password);
    const code = createTotp(secret).generate();
    const response = await call(test.app, confirmTotpEnrollment, { token, body: { code } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });
    expect(await storedUser(user.id)).toMatchObject({ isTotpEnabled: true, totpSecret: secret });

    expect((await signIn(test.app, user)).status).toBe('totpRequired');
    expect((await signIn(test.app, { ...user, totpCode: code })).status).toBe('totpFailure');
    expect((await signIn(test.app, { ...user, totpCode: nextCode(secret) })).status).toBe('success');
  });

  it('refuses a wrong code at confirmation with 422 naming code, and leaves TOTP off', async () => {
    const { user, token } = await signInAsNewUser(test.app, { organisationId });
    const { secret } = await enroll(token, user.password);
    const threeStepsAhead = createTotp(secret).generate({ timestamp: Date.now() + 3 * STEP_MS });
    const response = await call(test.app, confirmTotpEnrollment, { token, body: { code: threeStepsAhead } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.issues[0].field).toBe('code');
    expect((await storedUser(user.id)).isTotpEnabled).toBe(false);
  });

  it('does not replace an enabled TOTP by enrolling again', async () => {
    const { user, token } = await signInAsNewUser(test.app, { organisationId });
    const { secret } = await enroll(token, user.password);
    await call(test.app, confirmTotpEnrollment, { token, body: { code: createTotp(secret).generate() } });
    const again = await call(test.app, startTotpEnrollment, { token, body: { password: user.password } });
    expect(again.statusCode).toBe(409);
    expect((await storedUser(user.id)).totpSecret).toBe(secret);
  });

  it('asks for enrollment before confirmation', async () => {
    const { token } = await signInAsNewUser(test.app, { organisationId });
    const response = await call(test.app, confirmTotpEnrollment, { token, body: { code: '123456' } });
    expect(response.statusCode).toBe(409);
  });

  it('turns TOTP off with a current code, refusing a code already used', async () => {
    const { user, token } = await signInAsNewUser(test.app, { organisationId });
    const { secret } = await enroll(token, user.password);
    const code = createTotp(secret).generate();
    await call(test.app, confirmTotpEnrollment, { token, body: { code } });

    const replay = await call(test.app, disableTotp, { token, body: { code } });
    expect(replay.statusCode).toBe(422);
    expect((await storedUser(user.id)).isTotpEnabled).toBe(true);

    const response = await call(test.app, disableTotp, { token, body: { code: nextCode(secret) } });
    expect(response.statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ isTotpEnabled: false, totpSecret: null });
    expect((await signIn(test.app, user)).status).toBe('success');
  });

  it('locks the account after five wrong codes at turning TOTP off', async () => {
    const { user, token } = await signInAsNewUser(test.app, { organisationId });
    const { secret } = await enroll(token, user.password);
    await call(test.app, confirmTotpEnrollment, { token, body: { code: createTotp(secret).generate() } });
    const wrong = nextCode(secret) === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call(test.app, disableTotp, { token, body: { code: wrong } })).statusCode).toBe(422);
    }
    // The lock ends the account's sessions: the token that guessed is refused from then on.
    const locked = await call(test.app, disableTotp, { token, body: { code: nextCode(secret) } });
    expect(locked.statusCode).toBe(401);
    expect((await storedUser(user.id)).isTotpEnabled).toBe(true);
    expect((await signIn(test.app, user)).status).toBe('passwordAttemptsExceeded');
  });

  it('is refused without a token, and to SSO users, whose provider handles it', async () => {
    expect((await callWithAnyBody(test.app, startTotpEnrollment, { body: {} })).statusCode).toBe(401);
    const { token } = await tokenFor(test.app, { organisationId, identitySource: 'oidc', oidcSubject: 'sso-totp' });
    expect((await call(test.app, startTotpEnrollment, { token, body: { password: 'any' } })).statusCode).toBe(409);
  });

  it('audits each change, never with the code or the secret', async () => {
    const { user, token } = await signInAsNewUser(test.app, { organisationId });
    const { secret } = await enroll(token, user.password);
    const code = createTotp(secret).generate();
    await call(test.app, confirmTotpEnrollment, { token, body: { code } });
    await call(test.app, disableTotp, { token, body: { code: nextCode(secret) } });
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
    const { user, token } = await signInAsNewUser(test.app, { organisationId });
    expect((await storedUser(user.id)).termsAcceptedAt).toBeNull();
    const response = await call(test.app, acceptTerms, { token });
    expect(response.json()).toEqual({ result: true });
    expect((await storedUser(user.id)).termsAcceptedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is there under /api/v2 for SSO users with a Bearer header', async () => {
    const { user: sso, token } = await tokenFor(test.app, {
      organisationId,
      identitySource: 'oidc',
      oidcSubject: 'sso-terms',
    });
    const response = await call(test.app, acceptTerms, { token, isV2: true });
    expect(response.statusCode).toBe(200);
    expect((await storedUser(sso.id)).termsAcceptedAt).not.toBeNull();
  });

  it('cannot reach a user of another organisation', async () => {
    const { user } = await signInAsNewUser(test.app, { organisationId });
    const otherOrganisation = (await createOrganisation(db(), 'Hillside Clinic')).id;
    const forged = await tokenClaimingOrganisation(test.app, user, otherOrganisation);
    await call(test.app, acceptTerms, { token: forged });
    expect((await storedUser(user.id)).termsAcceptedAt).toBeNull();
  });
});
