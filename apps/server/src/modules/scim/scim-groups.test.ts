import { getUserMetadata } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scimGroups, users } from '../../db/schema';
import { call, signInAsNewUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { scim, scimTokenFor } from '../../testing/scim';

let test: TestApp;
let organisationId: string;
let token: string;
let otherToken: string;

const db = () => test.app.database.db;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${String((counter += 1))}-${String(Date.now())}`;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db(), 'Riverside Family Medicine')).id;
  token = await scimTokenFor(test.app, organisationId);
  otherToken = await scimTokenFor(test.app, (await createOrganisation(db(), 'Lakeside Clinic')).id);
});
afterAll(async () => {
  await test.app.close();
});

async function createUserViaScim(): Promise<string> {
  const response = await scim(test.app, {
    method: 'POST',
    path: '/Users',
    token,
    body: { userName: unique('member') },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function createGroup(body: Record<string, unknown> = {}): Promise<{ id: string; displayName: string }> {
  const response = await scim(test.app, {
    method: 'POST',
    path: '/Groups',
    token,
    body: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: unique('Group'), ...body },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const patchGroup = (id: string, operations: unknown[], bearer = token) =>
  scim(test.app, {
    method: 'PATCH',
    path: `/Groups/${id}`,
    token: bearer,
    body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: operations },
  });

/** What an admin sets in the admin tool: the view and permissions the group gives its members. */
const mapGroup = (id: string, view: string | null, permissions: string[]) =>
  db().update(scimGroups).set({ view, permissions }).where(eq(scimGroups.id, id));

/** The ids of a group's members, as SCIM answered them. */
const memberIds = (response: { json: <T>() => T }) =>
  response.json<{ members: { value: string }[] }>().members.map((member) => member.value);

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe('SCIM groups', () => {
  it('creates a group with its members and shows them, with meta', async () => {
    const member = await createUserViaScim();
    const group = await createGroup({ members: [{ value: member }] });
    expect(group).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      members: [{ value: member }],
      meta: { resourceType: 'Group', location: `http://localhost:3000/scim/v2/Groups/${group.id}` },
    });
    const user = await scim(test.app, { path: `/Users/${member}`, token });
    expect(user.json()).toMatchObject({ groups: [{ value: group.id, display: group.displayName }] });
  });

  it('refuses a display name the organisation has, whatever its case, with 409 uniqueness', async () => {
    const { displayName } = await createGroup();
    const response = await scim(test.app, {
      method: 'POST',
      path: '/Groups',
      token,
      body: { displayName: displayName.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ scimType: 'uniqueness' });
    const elsewhere = await scim(test.app, {
      method: 'POST',
      path: '/Groups',
      token: otherToken,
      body: { displayName },
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('finds a group by displayName eq, without members when asked, and pages', async () => {
    const group = await createGroup({ members: [{ value: await createUserViaScim() }] });
    const filter = encodeURIComponent(`displayName eq "${group.displayName}"`);
    const found = await scim(test.app, { path: `/Groups?excludedAttributes=members&filter=${filter}`, token });
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });
    expect(found.json().Resources[0].members).toBeUndefined();
    const page = await scim(test.app, { path: '/Groups?startIndex=1&count=1', token });
    expect(page.json()).toMatchObject({ itemsPerPage: 1 });
    expect(page.json().totalResults).toBeGreaterThan(1);
  });

  it('refuses a member of another organisation, and hides its groups from it (404)', async () => {
    const group = await createGroup();
    const stranger = await scim(test.app, {
      method: 'POST',
      path: '/Users',
      token: otherToken,
      body: { userName: unique('stranger') },
    });
    const response = await patchGroup(group.id, [
      { op: 'add', path: 'members', value: [{ value: stranger.json().id }] },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ scimType: 'invalidValue' });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const body =
        method === 'PATCH' ? { Operations: [{ op: 'replace', path: 'displayName', value: 'x' }] } : undefined;
      const other = await scim(test.app, { method, path: `/Groups/${group.id}`, token: otherToken, body });
      expect(other.statusCode).toBe(404);
    }
  });

  it('adds, removes and replaces members, and replaces a group with PUT, audited by ids', async () => {
    const [first, second, third] = [await createUserViaScim(), await createUserViaScim(), await createUserViaScim()];
    const group = await createGroup();
    await patchGroup(group.id, [{ op: 'add', path: 'members', value: [{ value: first }, { value: second }] }]);
    let current = await patchGroup(group.id, [{ op: 'remove', path: `members[value eq "${first}"]` }]);
    expect(memberIds(current)).toEqual([second]);
    current = await patchGroup(group.id, [{ op: 'replace', path: 'members', value: [{ value: third }] }]);
    expect(memberIds(current)).toEqual([third]);
    current = await patchGroup(group.id, [{ op: 'remove', path: 'members' }]);
    expect(current.json().members).toEqual([]);
    const put = await scim(test.app, {
      method: 'PUT',
      path: `/Groups/${group.id}`,
      token,
      body: { displayName: `${group.displayName} renamed`, members: [{ value: first }] },
    });
    expect(put.json()).toMatchObject({ displayName: `${group.displayName} renamed`, members: [{ value: first }] });
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'scim.group_updated'));
    expect(entries.some((entry) => JSON.stringify(entry.details?.addedUserIds) === JSON.stringify([third]))).toBe(true);
  });

  it('deletes a group with 204', async () => {
    const group = await createGroup();
    expect((await scim(test.app, { method: 'DELETE', path: `/Groups/${group.id}`, token })).statusCode).toBe(204);
    expect((await scim(test.app, { path: `/Groups/${group.id}`, token })).statusCode).toBe(404);
  });
});

describe("groups' views and permissions", () => {
  it("gives a member the group's permissions on top of their own, and the group's view", async () => {
    const group = await createGroup();
    await mapGroup(group.id, 'Coder', ['hcc_dashboard', 'quality_tool']);
    const member = await createUserViaScim();
    await db()
      .update(users)
      .set({ permissions: ['files_manager'], view: 'Provider' })
      .where(eq(users.id, member));
    await patchGroup(group.id, [{ op: 'Add', path: 'members', value: [{ value: member }] }]);
    expect(await userRow(member)).toMatchObject({
      view: 'Coder',
      permissions: ['quality_tool', 'hcc_dashboard', 'files_manager'],
    });
    await patchGroup(group.id, [{ op: 'Remove', path: 'members', value: [{ value: member }] }]);
    expect(await userRow(member)).toMatchObject({ view: 'Coder', permissions: ['files_manager'] });
  });

  it('takes the Provider view over Coder over Classic when groups disagree, and keeps a permission another group gives', async () => {
    const coders = await createGroup();
    const providers = await createGroup();
    await mapGroup(coders.id, 'Coder', ['hcc_dashboard']);
    await mapGroup(providers.id, 'Provider', ['hcc_dashboard', 'quality_tool']);
    const member = await createUserViaScim();
    await patchGroup(coders.id, [{ op: 'add', path: 'members', value: [{ value: member }] }]);
    await patchGroup(providers.id, [{ op: 'add', path: 'members', value: [{ value: member }] }]);
    expect(await userRow(member)).toMatchObject({ view: 'Provider', permissions: ['quality_tool', 'hcc_dashboard'] });
    await scim(test.app, { method: 'DELETE', path: `/Groups/${providers.id}`, token });
    expect(await userRow(member)).toMatchObject({ view: 'Coder', permissions: ['hcc_dashboard'] });
  });

  it("ends a member's sessions when leaving a group takes a permission away", async () => {
    const group = await createGroup();
    await mapGroup(group.id, null, ['quality_tool']);
    const signedIn = await signInAsNewUser(test.app, { organisationId, username: unique('session') });
    await patchGroup(group.id, [{ op: 'add', path: 'members', value: [{ value: signedIn.user.id }] }]);
    // Gaining a permission applies at the next sign-in: the session goes on.
    expect((await call(test.app, getUserMetadata, { token: signedIn.token })).statusCode).toBe(200);
    await patchGroup(group.id, [{ op: 'remove', path: `members[value eq "${signedIn.user.id}"]` }]);
    expect((await call(test.app, getUserMetadata, { token: signedIn.token })).statusCode).toBe(401);
  });
});

describe('a group single sign-on named first', () => {
  it('is taken over by a SCIM push of the same name: same group, its mapping kept, SCIM members', async () => {
    const signedIn = await createUserViaScim();
    const pushed = await createUserViaScim();
    const [ssoGroup] = await db()
      .insert(scimGroups)
      .values({ organisationId, displayName: unique('Care team'), source: 'sso', view: 'Coder' })
      .returning();
    if (!ssoGroup) throw new Error('group not created');
    await patchGroup(ssoGroup.id, [{ op: 'add', path: 'members', value: [{ value: signedIn }] }]);
    const response = await createGroup({
      displayName: ssoGroup.displayName.toUpperCase(),
      externalId: 'okta-00g1',
      members: [{ value: pushed }],
    });
    expect(response.id).toBe(ssoGroup.id);
    expect(memberIds({ json: <T>() => response as T })).toEqual([pushed]);
    const [row] = await db().select().from(scimGroups).where(eq(scimGroups.id, ssoGroup.id));
    expect(row).toMatchObject({ source: 'scim', externalId: 'okta-00g1', view: 'Coder' });
    expect(await userRow(pushed)).toMatchObject({ view: 'Coder' });
  });
});
