import { confirmPasswordReset, userResetPasswordAttempt } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResetCodes, refreshTokens, users } from '../../db/schema';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../integrations/smtp/test-smtp-server';
import { call, signIn } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { DAY_MS } from '../auth';

let test: TestApp;
let smtp: TestSmtpServer;
let organisationId: string;

const MAIL_FROM = 'Cairn Test <cairn@clinic.test>';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  test = await buildTestApp({ env: { CAIRN_SMTP_URL: smtp.url, CAIRN_MAIL_FROM: MAIL_FROM } });
  organisationId = (await createOrganisation(test.app.database.db)).id;
});
afterAll(async () => {
  await test.app.close();
  await smtp.close();
});

const db = () => test.app.database.db;

function requestCode(username: string, is180DaysReset = false) {
  return call(test.app, userResetPasswordAttempt, { body: { username, is180DaysReset } });
}

function confirm(username: string, code: string, newPassword: string) {
  return call(test.app, confirmPasswordReset, { body: { username, code, newPassword } });
}

function codeIn(mail: ReceivedMail): string {
  const match = /^ {4}(\d{8})$/m.exec(mail.decoded);
  if (!match?.[1]) throw new Error('no code in the mail');
  return match[1];
}

async function mailedCode(user: { username: string; email: string }): Promise<string> {
  const response = await requestCode(user.username);
  expect(response.json()).toEqual({ result: true });
  return codeIn(await smtp.waitForMail(user.email));
}

/** Mail goes out in the background: a later mail to someone else arriving shows an earlier one would have. */
async function flushMail(): Promise<void> {
  const witness = await createUser(db(), { organisationId });
  await requestCode(witness.username);
  await smtp.waitForMail(witness.email);
}

describe('password recovery by emailed code', () => {
  it('mails a code that sets a new password: the new one signs in, the old one no longer does', async () => {
    const user = await createUser(db(), { organisationId, lastPasswordChangeAt: new Date(Date.now() - 30 * DAY_MS) });
    const code = await mailedCode(user);

    const response = await confirm(user.username, code, 'a brand new passphrase');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { status: 'success' } });
    expect((await signIn(test.app, { username: user.username, password: 'a brand new passphrase' })).status).toBe(
      'success',
    );
    expect((await signIn(test.app, user)).status).toBe('credentialsFailure');
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.lastPasswordChangeAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sends a short plain-text and HTML mail with the code and its expiry, and nothing else about the person', async () => {
    const user = await createUser(db(), { organisationId, firstName: 'Grace', lastName: 'Hopper' });
    await requestCode(user.username);
    const mail = await smtp.waitForMail(user.email);
    expect(mail.to).toEqual([user.email]);
    expect(mail.decoded).toContain('From: Cairn Test <cairn@clinic.test>');
    expect(mail.decoded).toContain('Content-Type: text/plain');
    expect(mail.decoded).toContain('Content-Type: text/html');
    expect(mail.decoded).toContain('expires in 15 minutes');
    expect(codeIn(mail)).toMatch(/^\d{8}$/);
    const body = mail.decoded.slice(mail.decoded.indexOf('\r\n\r\n'));
    expect(body).not.toMatch(new RegExp(`${user.username}|Grace|Hopper`));
  });

  it('says the password has expired when the reset is the 180-day one', async () => {
    const user = await createUser(db(), { organisationId, lastPasswordChangeAt: new Date(Date.now() - 200 * DAY_MS) });
    expect((await signIn(test.app, user)).status).toBe('oldPassword');
    await requestCode(user.username, true);
    const mail = await smtp.waitForMail(user.email);
    expect(mail.decoded).toContain('Subject: Your Cairn password has expired');
    expect((await confirm(user.username, codeIn(mail), 'renewed after six months')).statusCode).toBe(200);
    expect((await signIn(test.app, { username: user.username, password: 'renewed after six months' })).status).toBe(
      'success',
    );
  });

  it('answers an unknown username exactly as a known one, and sends nothing', async () => {
    const known = await createUser(db(), { organisationId });
    const forKnown = await requestCode(known.username);
    await smtp.waitForMail(known.email);
    const mailCount = smtp.received.length;
    const forUnknown = await requestCode('nobody-by-this-name');
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    await flushMail();
    expect(smtp.received.length).toBe(mailCount + 1);
  });

  it('recovers an account named by its email address, in any case, as by its username', async () => {
    const user = await createUser(db(), { organisationId });
    const email = user.email.toUpperCase();
    const response = await requestCode(email);
    expect(response.json()).toEqual({ result: true });
    const code = codeIn(await smtp.waitForMail(user.email));
    expect((await confirm(email, code, 'recovered by email')).json()).toEqual({ result: { status: 'success' } });
    expect((await signIn(test.app, { username: user.username, password: 'recovered by email' })).status).toBe(
      'success',
    );
  });

  it('answers an unknown email, and an email two accounts share, exactly as a known one, and sends nothing', async () => {
    const known = await createUser(db(), { organisationId });
    const forKnown = await requestCode(known.email);
    await smtp.waitForMail(known.email);
    const shared = 'front-desk@clinic.test';
    const sharing = [
      await createUser(db(), { organisationId, email: shared }),
      await createUser(db(), { organisationId, email: shared }),
    ];
    const mailCount = smtp.received.length;
    for (const email of ['nobody@clinic.test', shared]) {
      const answer = await requestCode(email);
      expect(answer.statusCode).toBe(forKnown.statusCode);
      expect(answer.body).toBe(forKnown.body);
    }
    await flushMail();
    expect(smtp.received.length).toBe(mailCount + 1);
    for (const user of sharing) {
      expect(await db().select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id))).toEqual([]);
    }
  });

  it('sends no code to an SSO user, who has no password here, with the same answer', async () => {
    const user = await createUser(db(), { organisationId, identitySource: 'oidc', oidcSubject: 'sso-subject-1' });
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const mailCount = smtp.received.length;
    const response = await requestCode(user.username);
    expect(response.json()).toEqual({ result: true });
    await flushMail();
    expect(smtp.received.length).toBe(mailCount + 1);
    expect(await db().select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id))).toEqual([]);
  });

  it('stores only a hash of the code, which expires after 15 minutes', async () => {
    const user = await createUser(db(), { organisationId });
    const code = await mailedCode(user);
    const [row] = await db().select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(row?.codeHash).toMatch(/^\$argon2id\$/);
    expect(row?.codeHash).not.toContain(code);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('refuses an expired code with 422, without saying whether the user exists', async () => {
    const user = await createUser(db(), { organisationId });
    const code = await mailedCode(user);
    await db()
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.userId, user.id));
    const expired = await confirm(user.username, code, 'too late for this one');
    const unknown = await confirm('nobody-by-this-name', code, 'too late for this one');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.details.issues[0].field).toBe('code');
    expect(expired.json().error.message).toMatch(/not valid/);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(expired.json());
    expect((await signIn(test.app, user)).status).toBe('success');
  });

  it('takes a code once only', async () => {
    const user = await createUser(db(), { organisationId });
    const code = await mailedCode(user);
    expect((await confirm(user.username, code, 'first use of the code')).statusCode).toBe(200);
    const reused = await confirm(user.username, code, 'second use of the code');
    expect(reused.statusCode).toBe(422);
    expect((await signIn(test.app, { username: user.username, password: 'first use of the code' })).status).toBe(
      'success',
    );
  });

  it('voids a code after five wrong tries, even for the right code afterwards', async () => {
    const user = await createUser(db(), { organisationId });
    const code = await mailedCode(user);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await confirm(user.username, wrong, 'guessing the code')).statusCode).toBe(422);
    }
    expect((await confirm(user.username, code, 'right code, too late')).statusCode).toBe(422);
    expect((await signIn(test.app, user)).status).toBe('success');
  });

  it('accepts the right code after four wrong tries', async () => {
    const user = await createUser(db(), { organisationId });
    const code = await mailedCode(user);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let attempt = 0; attempt < 4; attempt += 1) await confirm(user.username, wrong, 'a typo');
    expect((await confirm(user.username, code, 'right at the fifth try')).statusCode).toBe(200);
  });

  it('voids the earlier code when a new one is sent', async () => {
    const user = await createUser(db(), { organisationId });
    const first = await mailedCode(user);
    const second = await mailedCode(user);
    if (first !== second) expect((await confirm(user.username, first, 'with the first code')).statusCode).toBe(422);
    expect((await confirm(user.username, second, 'with the second code')).statusCode).toBe(200);
  });

  it('refuses a new password that is the current one, or too short, naming newPassword', async () => {
    const user = await createUser(db(), { organisationId });
    const code = await mailedCode(user);
    const same = await confirm(user.username, code, user.password);
    expect(same.statusCode).toBe(422);
    expect(same.json().error.details.issues[0].field).toBe('newPassword');
    const short = await confirm(user.username, code, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().error.message).toContain('newPassword');
    expect((await confirm(user.username, code, 'long enough and new')).statusCode).toBe(200);
  });

  it('unlocks a locked account, reactivates a dormant one and ends every session', async () => {
    const user = await createUser(db(), { organisationId });
    await signIn(test.app, user);
    await db()
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 10 * 60_000), lastLoginAt: new Date(Date.now() - 120 * DAY_MS) })
      .where(eq(users.id, user.id));
    const code = await mailedCode(user);
    expect((await confirm(user.username, code, 'back in business')).statusCode).toBe(200);
    expect((await signIn(test.app, { username: user.username, password: 'back in business' })).status).toBe('success');
    const tokens = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokens).toHaveLength(2);
    expect(tokens.filter((token) => token.revokedAt === null)).toHaveLength(1);
  });

  it('lets a user whose name sign-in locked recover by emailed code, and sign in at once', async () => {
    const user = await createUser(db(), { organisationId });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signIn(test.app, { username: user.username, password: `wrong-${String(attempt)}` });
    }
    expect((await signIn(test.app, user)).status).toBe('passwordAttemptsExceeded');
    const code = await mailedCode(user);
    expect((await confirm(user.username, code, 'recovered by mail')).statusCode).toBe(200);
    expect((await signIn(test.app, { username: user.username, password: 'recovered by mail' })).status).toBe('success');
  });

  it('sends at most five codes an hour to one account, answering alike', async () => {
    const user = await createUser(db(), { organisationId });
    for (let request = 0; request < 5; request += 1) await mailedCode(user);
    expect((await requestCode(user.username)).json()).toEqual({ result: true });
    await flushMail();
    expect(smtp.received.filter((mail) => mail.to.includes(user.email))).toHaveLength(5);
  });

  it('limits requests per client address', async () => {
    const statuses: number[] = [];
    for (let request = 0; request < 6; request += 1) {
      statuses.push(
        (await call(test.app, userResetPasswordAttempt, { body: { username: 'someone' }, remoteAddress: '10.200.0.1' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('takes about as long for an unknown username as for a known one (the code is hashed either way)', async () => {
    const timed = async (username: string) => {
      const start = performance.now();
      await requestCode(username);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      known.push(await timed((await createUser(db(), { organisationId })).username));
      unknown.push(await timed(`nobody-${round}`));
    }
    // The fastest of each: the work a request needs, without what a busy machine adds to some of them.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.4);
  });

  it('lets only one of two simultaneous confirmations with the same code through', async () => {
    const user = await createUser(db(), { organisationId });
    const code = await mailedCode(user);
    const responses = await Promise.all([
      confirm(user.username, code, 'racing for the code A'),
      confirm(user.username, code, 'racing for the code B'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it('is in the OpenAPI document', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/userResetPasswordAttempt', '/api/auth/recover/confirm']),
    );
  });

  it('audits the request and the reset, never with the code or the password', async () => {
    const user = await createUser(db(), { organisationId });
    const code = await mailedCode(user);
    await confirm(user.username, code, 'audited but secret');
    const entries = await db().select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(entries.map((entry) => entry.action)).toEqual(['auth.password_reset_requested', 'auth.password_reset']);
    expect(entries[0]?.details).toMatchObject({ outcome: 'code_sent' });
    expect(JSON.stringify(entries)).not.toContain(code);
    expect(JSON.stringify(entries)).not.toContain('audited but secret');
  });
});
