import { logout, refreshSession } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, signInAsNewUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';

let test: TestApp;
let organisationId: string;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(test.app.database.db)).id;
});
afterAll(async () => {
  await test.app.close();
});

const signedInUser = () => signInAsNewUser(test.app, { organisationId });

const refresh = (refreshToken: string) => call(test.app, refreshSession, { body: { refreshToken } });

describe('session renewal', () => {
  it('rotates the refresh token: the new pair works, and the access token names the same user', async () => {
    const { user, refreshToken } = await signedInUser();
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    const renewed = first.json().result as { token: string; refreshToken: string };
    expect(renewed.refreshToken).not.toBe(refreshToken);
    expect((await test.app.accessTokens.verify(renewed.token))?.userId).toBe(user.id);
    expect((await refresh(renewed.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const { user, refreshToken } = await signedInUser();
    const renewed = (await refresh(refreshToken)).json().result as { refreshToken: string };
    const replay = await refresh(refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('UNAUTHENTICATED');
    expect((await refresh(renewed.refreshToken)).statusCode).toBe(401);
    const actions = (await test.app.database.db.select().from(auditLog).where(eq(auditLog.userId, user.id))).map(
      (row) => row.action,
    );
    expect(actions).toContain('auth.refresh_reuse_revoked');
  });

  it('lets only one of two simultaneous refreshes with the same token through', async () => {
    const { refreshToken } = await signedInUser();
    const statuses = (await Promise.all([refresh(refreshToken), refresh(refreshToken)])).map(
      (response) => response.statusCode,
    );
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
  });

  it('refuses an unknown refresh token', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('revokes the session so its refresh token no longer works, and is audited', async () => {
    const { user, token, refreshToken } = await signedInUser();
    const response = await call(test.app, logout, { token, body: { refreshToken } });
    expect(response.statusCode).toBe(200);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const actions = (await test.app.database.db.select().from(auditLog).where(eq(auditLog.userId, user.id))).map(
      (row) => row.action,
    );
    expect(actions).toContain('auth.sign_out');
  });

  it("cannot revoke another user's session", async () => {
    const mine = await signedInUser();
    const theirs = await signedInUser();
    await call(test.app, logout, { token: mine.token, body: { refreshToken: theirs.refreshToken } });
    expect((await refresh(theirs.refreshToken)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await call(test.app, logout)).statusCode).toBe(401);
  });
});
