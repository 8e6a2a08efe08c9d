import { acceptInvitation, listUsers, readInvitation } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callForResult, signIn } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisationWithAdmin } from './first-admin.service';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.app.close();
});

describe('a new organisation and its first admin', () => {
  it('makes an admin with no password whose invitation sets one; the admin signs in and runs the admin tool', async () => {
    const created = await createOrganisationWithAdmin(
      test.app.database.db,
      { slug: 'lakeside', name: 'Lakeside Clinic', admin: { username: 'lake.admin', email: 'it@lakeside.test' } },
      { publicOrigin: 'https://cairn.lakeside.test' },
    );
    const token = new URL(created.invitationLink).searchParams.get('invitation') ?? '';
    const invitation = await callForResult(test.app, readInvitation, { body: { token } });
    expect(invitation).toMatchObject({ username: 'lake.admin', organisationName: 'Lakeside Clinic' });
    await callForResult(test.app, acceptInvitation, { body: { token, newPassword: 'a long admin passphrase' } });
    const session = await signIn(test.app, { username: 'lake.admin', password: 'a long admin passphrase' });
    expect(session.status).toBe('success');
    const users = await callForResult(test.app, listUsers, { token: session.token ?? '' });
    expect(users.users).toEqual([expect.objectContaining({ username: 'lake.admin', isAdmin: true, status: 'active' })]);
  });

  it('refuses a taken username and a bad slug, naming the field', async () => {
    await expect(
      createOrganisationWithAdmin(
        test.app.database.db,
        { slug: 'Bad Slug!', name: 'X', admin: { username: 'someone.new', email: 'a@b.test' } },
        { publicOrigin: 'https://cairn.test' },
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: { issues: [{ field: 'slug' }] } });
    await expect(
      createOrganisationWithAdmin(
        test.app.database.db,
        { slug: 'another', name: 'Another', admin: { username: 'LAKE.ADMIN', email: 'x@another.test' } },
        { publicOrigin: 'https://cairn.test' },
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', details: { field: 'admin.username' } });
  });
});
