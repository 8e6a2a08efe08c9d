import {
  changePassword,
  confirmPasswordReset,
  disableTotp,
  getUserConfig,
  logout,
  refreshSession,
  userResetPasswordAttempt,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { openDatabase } from '../../db/client';
import { startTestSmtpServer, type TestSmtpServer } from '../../integrations/smtp/test-smtp-server';
import { call, signIn, tokenFor } from '../../testing/api';
import { buildTestApp, openTestDatabase, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { issueSession } from './sessions';
import { isRedisReachable, TEST_REDIS_URL } from '../realtime';
import { createTotp, newTotpSecret } from './totp';

let test: TestApp;
let smtp: TestSmtpServer;
let organisationId: string;
const db = () => test.app.database.db;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  test = await buildTestApp({ env: { CAIRN_SMTP_URL: smtp.url, CAIRN_MAIL_FROM: 'Cairn <cairn@clinic.test>' } });
  organisationId = (await createOrganisation(db())).id;
});
afterAll(async () => {
  await test.app.close();
  await smtp.close();
});

/** Whether the API still takes the token: any read of the caller's own data will do. */
async function isAccepted(app: FastifyInstance, token: string): Promise<boolean> {
  const status = (await call(app, getUserConfig, { token })).statusCode;
  if (status !== 200 && status !== 401) throw new Error(`getUserConfig answered ${String(status)}`);
  return status === 200;
}

async function signedIn(password = 'a long enough passphrase') {
  const user = await createUser(db(), { organisationId, password });
  const result = await signIn(test.app, user);
  if (result.status !== 'success' || !result.token) throw new Error(`sign-in answered ${result.status}`);
  return { user, token: result.token, refreshToken: result.refreshToken ?? '' };
}

describe('an access token dies with its session', () => {
  it('after sign-out, on /api and /api/v2 alike, while the user’s other sessions go on', async () => {
    const { user, token, refreshToken } = await signedIn();
    const other = await signIn(test.app, user);
    expect(await isAccepted(test.app, token)).toBe(true);
    expect((await call(test.app, logout, { token, body: { refreshToken } })).statusCode).toBe(200);
    expect(await isAccepted(test.app, token)).toBe(false);
    expect((await call(test.app, getUserConfig, { token, isV2: true })).statusCode).toBe(401);
    expect((await call(test.app, refreshSession, { body: { refreshToken } })).statusCode).toBe(401);
    expect(await isAccepted(test.app, other.token ?? '')).toBe(true);
  });

  it('after sign-out without the refresh token: the token names its own session', async () => {
    const { token } = await tokenFor(test.app, { organisationId });
    expect((await call(test.app, logout, { token })).statusCode).toBe(200);
    expect(await isAccepted(test.app, token)).toBe(false);
  });

  it('after a password change, for every session of the account; the new sign-in works', async () => {
    const { user, token } = await signedIn();
    const changed = await call(test.app, changePassword, {
      body: { username: user.username, oldPassword: user.password, newPassword: 'another long passphrase' },
    });
    expect(changed.json().result.status).toBe('success');
    expect(await isAccepted(test.app, token)).toBe(false);
    expect(await isAccepted(test.app, changed.json().result.token)).toBe(true);
  });

  it('after a reset by emailed code', async () => {
    const { user, token } = await signedIn();
    await call(test.app, userResetPasswordAttempt, { body: { username: user.username } });
    const match = /^ {4}(\d{8})$/m.exec((await smtp.waitForMail(user.email)).decoded);
    const reset = await call(test.app, confirmPasswordReset, {
      body: { username: user.username, code: match?.[1] ?? '', newPassword: 'a reset long passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await isAccepted(test.app, token)).toBe(false);
  });

  it('after the account locks on wrong passwords', async () => {
    const { user, token } = await signedIn();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signIn(test.app, { username: user.username, password: 'not the passphrase' });
    }
    expect(await isAccepted(test.app, token)).toBe(false);
  });

  it('after two-step verification is turned off: every other session ends, the one that proved the code goes on', async () => {
    const secret = newTotpSecret();
    const user = await createUser(db(), { organisationId, isTotpEnabled: true, totpSecret: secret });
    const someoneElse = await tokenFor(test.app, { organisationId });
    const here = await issueSession(db(), test.app.accessTokens, user);
    const there = await issueSession(db(), test.app.accessTokens, user);
    const off = await call(test.app, disableTotp, { token: here.token, body: { code: createTotp(secret).generate() } });
    expect(off.statusCode).toBe(200);
    expect(await isAccepted(test.app, there.token)).toBe(false);
    expect(await isAccepted(test.app, here.token)).toBe(true);
    expect(await isAccepted(test.app, someoneElse.token)).toBe(true);
  });
});

/**
 * Two server processes on one PostgreSQL database: a session ended on one is refused by the other
 * within a second (the event bus: PostgreSQL LISTEN/NOTIFY, or Redis when REDIS_URL is set), and by a
 * process that starts afterwards (the refresh-token table).
 */
const isPostgres = process.env.CAIRN_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const isRedisUp = isPostgres && (await isRedisReachable());
const buses = [
  { bus: 'PostgreSQL LISTEN/NOTIFY', env: {}, isAvailable: isPostgres },
  { bus: `Redis at ${TEST_REDIS_URL}`, env: { REDIS_URL: TEST_REDIS_URL }, isAvailable: isRedisUp },
];

describe.each(buses.filter((bus) => bus.isAvailable))('across server processes ($bus)', ({ env }) => {
  const apps: FastifyInstance[] = [];
  const config = loadConfig({ CAIRN_ENV: 'test', CAIRN_DATA_DIR: '/nonexistent', ...env });
  let url = '';

  async function startProcess(): Promise<FastifyInstance> {
    const database = await openDatabase({ databaseUrl: url, dataDir: '' });
    const app = await buildApp(config, { logger: false, database });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    const database = await openTestDatabase();
    if (database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    url = database.driver.pool.options.connectionString ?? '';
    apps.push(await buildApp(config, { logger: false, database }));
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('refuses a signed-out token on the other process within a second, and on one started later', async () => {
    const [first] = apps;
    if (!first) throw new Error('no first process');
    const second = await startProcess();
    const organisation = (await createOrganisation(first.database.db)).id;
    const { token, refreshToken } = await tokenFor(first, { organisationId: organisation });
    expect(await isAccepted(second, token)).toBe(true);

    expect((await call(first, logout, { token, body: { refreshToken } })).statusCode).toBe(200);
    const endedAt = Date.now();
    while ((await isAccepted(second, token)) && Date.now() - endedAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await isAccepted(second, token)).toBe(false);
    expect(Date.now() - endedAt).toBeLessThan(1000);

    const third = await startProcess();
    expect(await isAccepted(third, token)).toBe(false);
  });
});
