import { getUserMetadata } from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scimTokens, users } from '../../db/schema';
import { call, signInAsNewUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { scim, scimTokenFor } from '../../testing/scim';
import { hashScimToken } from './scim-auth';

let test: TestApp;
let organisationId: string;
let token: string;
let otherToken: string;

const db = () => test.app.database.db;
let counter = 0;
const uniqueName = (prefix = 'user') => `${prefix}-${String((counter += 1))}-${String(Date.now())}@scim.example`;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db(), 'Riverside Family Medicine')).id;
  token = await scimTokenFor(test.app, organisationId);
  otherToken = await scimTokenFor(test.app, (await createOrganisation(db(), 'Lakeside Clinic')).id);
});
afterAll(async () => {
  await test.app.close();
});

async function createScimUser(fields: Record<string, unknown> = {}): Promise<{ id: string; userName: string }> {
  const userName = uniqueName();
  const response = await scim(test.app, {
    method: 'POST',
    path: '/Users',
    token,
    body: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ value: userName, type: 'work', primary: true }],
      active: true,
      ...fields,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const patch = (id: string, operations: unknown[]) =>
  scim(test.app, {
    method: 'PATCH',
    path: `/Users/${id}`,
    token,
    body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: operations },
  });

describe('SCIM bearer tokens', () => {
  it('refuses a missing, a wrong and a revoked token with 401 in the SCIM error form', async () => {
    const revoked = await scimTokenFor(test.app, organisationId);
    await db()
      .update(scimTokens)
      .set({ revokedAt: new Date() })
      .where(eq(scimTokens.tokenHash, hashScimToken(revoked)));
    for (const bearer of [undefined, 'cairn_scim_wrong', revoked]) {
      const response = await scim(test.app, { path: '/Users', token: bearer });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/scim+json');
      expect(response.json()).toEqual({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '401',
        detail: expect.any(String),
      });
    }
  });

  it('records when a token was last used', async () => {
    const fresh = await scimTokenFor(test.app, organisationId);
    expect((await scim(test.app, { path: '/ServiceProviderConfig', token: fresh })).statusCode).toBe(200);
    const rows = await db().select().from(scimTokens).where(eq(scimTokens.organisationId, organisationId));
    expect(rows.some((row) => row.lastUsedAt !== null)).toBe(true);
  });
});

describe('SCIM users', () => {
  it('creates a user with 201, a Location and meta, as an SSO user without a password, audited', async () => {
    const userName = uniqueName();
    const response = await scim(test.app, {
      method: 'POST',
      path: '/Users',
      token,
      body: {
        userName,
        name: { givenName: 'Ada', familyName: 'Lovelace' },
        emails: [{ value: userName }],
        externalId: 'x-1',
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      externalId: 'x-1',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ value: userName, type: 'work', primary: true }],
      active: true,
      groups: [],
      meta: { resourceType: 'User', location: `http://localhost:3000/scim/v2/Users/${String(created.id)}` },
    });
    expect(response.headers.location).toBe(created.meta.location);
    const [row] = await db().select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ identitySource: 'oidc', passwordHash: null, organisationId, view: 'Provider' });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scim.user_created'), eq(auditLog.organisationId, organisationId)));
    expect(entry?.userId).toBeNull();
    expect(JSON.stringify(entry?.details)).not.toContain(userName);
  });

  it('accepts application/json as well as application/scim+json', async () => {
    const userName = uniqueName();
    const response = await scim(test.app, {
      method: 'POST',
      path: '/Users',
      token,
      contentType: 'application/json',
      body: { userName },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a taken userName, whatever its case and organisation, with 409 uniqueness', async () => {
    const { userName } = await createScimUser();
    const other = await createUser(db(), { organisationId, username: uniqueName('password') });
    for (const [bearer, name] of [
      [token, userName.toUpperCase()],
      [otherToken, userName],
      [token, other.username],
    ] as const) {
      const response = await scim(test.app, {
        method: 'POST',
        path: '/Users',
        token: bearer,
        body: { userName: name },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    }
  });

  it('refuses an email another user of the organisation has with 409 uniqueness, on creation and change', async () => {
    const { userName } = await createScimUser();
    const body = { userName: uniqueName(), emails: [{ value: userName.toUpperCase(), type: 'work' }] };
    const created = await scim(test.app, { method: 'POST', path: '/Users', token, body });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({ scimType: 'uniqueness', detail: expect.stringContaining('email') });
    const { id } = await createScimUser();
    const changed = await patch(id, [{ op: 'Replace', path: 'emails[type eq "work"].value', value: userName }]);
    expect(changed.statusCode).toBe(409);
    expect((await scim(test.app, { method: 'POST', path: '/Users', token: otherToken, body })).statusCode).toBe(201);
  });

  it('refuses a user without userName, and a body that is not JSON, with 400', async () => {
    const missing = await scim(test.app, { method: 'POST', path: '/Users', token, body: { name: {} } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ scimType: 'invalidValue', detail: expect.stringContaining('userName') });
    const broken = await test.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: '{"userName":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      scimType: 'invalidSyntax',
    });
    const nul = await scim(test.app, { method: 'POST', path: '/Users', token, body: { userName: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
  });

  it('finds a user by userName eq (case-insensitive), by externalId and by email; none is an empty list', async () => {
    const { id, userName } = await createScimUser({ externalId: 'ext-42' });
    const byName = await scim(test.app, {
      path: `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`,
      token,
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ id, userName }],
    });
    const byExternalId = await scim(test.app, {
      path: `/Users?filter=${encodeURIComponent('externalId eq "ext-42"')}`,
      token,
    });
    expect(byExternalId.json()).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    const byEmail = await scim(test.app, {
      path: `/Users?filter=${encodeURIComponent(`emails[type eq "work"].value eq "${userName}" and userName eq "${userName}"`)}`,
      token,
    });
    expect(byEmail.json()).toMatchObject({ totalResults: 1 });
    const none = await scim(test.app, {
      path: `/Users?filter=${encodeURIComponent('userName eq "nobody@scim.example"')}`,
      token,
    });
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it('refuses a filter it does not support with 400 invalidFilter', async () => {
    for (const filter of ['userName co "a"', 'title eq "x"', 'userName eq "a" or userName eq "b"', 'userName eq']) {
      const response = await scim(test.app, { path: `/Users?filter=${encodeURIComponent(filter)}`, token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ scimType: 'invalidFilter' });
    }
  });

  it('pages with startIndex and count, and counts every match in totalResults', async () => {
    const organisation = (await createOrganisation(db(), 'Paging Clinic')).id;
    const pagingToken = await scimTokenFor(test.app, organisation);
    for (let index = 0; index < 5; index += 1) {
      await scim(test.app, {
        method: 'POST',
        path: '/Users',
        token: pagingToken,
        body: { userName: uniqueName('page') },
      });
    }
    const first = (await scim(test.app, { path: '/Users?startIndex=1&count=2', token: pagingToken })).json();
    const third = (await scim(test.app, { path: '/Users?startIndex=5&count=2', token: pagingToken })).json();
    expect(first).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 2 });
    expect(third).toMatchObject({ totalResults: 5, startIndex: 5, itemsPerPage: 1 });
    const counted = (await scim(test.app, { path: '/Users?count=0', token: pagingToken })).json();
    expect(counted).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    const bad = await scim(test.app, { path: '/Users?startIndex=x', token: pagingToken });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another organisation's user, for a read, a change and a delete", async () => {
    const { id } = await createScimUser();
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const body =
        method === 'PUT'
          ? { userName: uniqueName() }
          : method === 'PATCH'
            ? { Operations: [{ op: 'replace', value: { active: false } }] }
            : undefined;
      const response = await scim(test.app, { method, path: `/Users/${id}`, token: otherToken, body });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: '404' });
    }
    const listed = await scim(test.app, { path: '/Users', token: otherToken });
    expect(JSON.stringify(listed.json())).not.toContain(id);
    expect((await scim(test.app, { path: '/Users/not-a-uuid', token })).statusCode).toBe(404);
  });

  it('replaces a user with PUT', async () => {
    const { id } = await createScimUser();
    const userName = uniqueName('renamed');
    const response = await scim(test.app, {
      method: 'PUT',
      path: `/Users/${id}`,
      token,
      body: {
        userName,
        name: { givenName: 'Grace', familyName: 'Brewster' },
        emails: [{ value: 'g@b.example' }],
        active: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userName,
      name: { familyName: 'Brewster' },
      emails: [{ value: 'g@b.example' }],
    });
  });

  it('refuses a PATCH to a path Cairn does not have, and a malformed PatchOp, with 400', async () => {
    const { id } = await createScimUser();
    expect((await patch(id, [{ op: 'replace', path: 'shoeSize', value: 9 }])).json()).toMatchObject({
      scimType: 'invalidPath',
    });
    expect((await patch(id, [{ op: 'move', path: 'active', value: true }])).json()).toMatchObject({
      scimType: 'invalidSyntax',
    });
    expect((await patch(id, [{ op: 'replace', path: 'active', value: 'maybe' }])).json()).toMatchObject({
      scimType: 'invalidValue',
    });
    expect((await patch(id, [{ op: 'remove' }])).json()).toMatchObject({ scimType: 'noTarget' });
  });

  it('deactivates with active false: every session ends at once; active true lets the user back', async () => {
    const signedIn = await signInAsNewUser(test.app, { organisationId, username: uniqueName('session') });
    expect((await call(test.app, getUserMetadata, { token: signedIn.token })).statusCode).toBe(200);

    const response = await patch(signedIn.user.id, [{ op: 'replace', value: { active: false } }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ active: false });
    expect((await call(test.app, getUserMetadata, { token: signedIn.token })).statusCode).toBe(401);
    const actions = await db().select().from(auditLog).where(eq(auditLog.organisationId, organisationId));
    expect(
      actions.some(
        (entry) => entry.action === 'scim.user_deactivated' && entry.details?.targetUserId === signedIn.user.id,
      ),
    ).toBe(true);

    const back = await patch(signedIn.user.id, [{ op: 'Replace', path: 'active', value: 'True' }]);
    expect(back.json()).toMatchObject({ active: true });
    const [row] = await db().select().from(users).where(eq(users.id, signedIn.user.id));
    expect(row?.deactivatedAt).toBeNull();
  });

  it('keeps the last active admin of the organisation, as the admin tool does (409)', async () => {
    const organisation = (await createOrganisation(db(), 'Admin Clinic')).id;
    const adminToken = await scimTokenFor(test.app, organisation);
    const admin = await createUser(db(), { organisationId: organisation, isAdmin: true });
    const operations = [{ op: 'replace', value: { active: false } }];
    const body = { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: operations };
    const refused = await scim(test.app, { method: 'PATCH', path: `/Users/${admin.id}`, token: adminToken, body });
    expect(refused.statusCode).toBe(409);
    expect((await scim(test.app, { method: 'DELETE', path: `/Users/${admin.id}`, token: adminToken })).statusCode).toBe(
      409,
    );
    await createUser(db(), { organisationId: organisation, isAdmin: true });
    const done = await scim(test.app, { method: 'PATCH', path: `/Users/${admin.id}`, token: adminToken, body });
    expect(done.statusCode).toBe(200);
  });

  it('deletes by deactivating and hiding the user from SCIM (404 afterwards); the same userName brings them back', async () => {
    const { id, userName } = await createScimUser();
    const deleted = await scim(test.app, { method: 'DELETE', path: `/Users/${id}`, token });
    expect(deleted.statusCode).toBe(204);
    expect((await scim(test.app, { path: `/Users/${id}`, token })).statusCode).toBe(404);
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row?.deactivatedAt).not.toBeNull();
    const again = await scim(test.app, { method: 'POST', path: '/Users', token, body: { userName } });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id, active: true });
  });
});

describe('SCIM discovery', () => {
  it('describes the service, its resource types and schemas', async () => {
    const config = await scim(test.app, { path: '/ServiceProviderConfig', token });
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim(test.app, { path: '/ResourceTypes', token });
    expect(types.json()).toMatchObject({
      totalResults: 2,
      Resources: [{ id: 'User', endpoint: '/Users' }, { id: 'Group' }],
    });
    const schemas = await scim(test.app, { path: '/Schemas', token });
    expect(schemas.json<{ Resources: { id: string }[] }>().Resources.map((schema) => schema.id)).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
    const unknown = await scim(test.app, { path: '/Bulk', token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: '404' });
  });
});
