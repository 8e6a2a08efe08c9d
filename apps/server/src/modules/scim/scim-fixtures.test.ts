import { readFileSync } from 'node:fs';
import { getUserMetadata } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { call, signInAsNewUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { scim, scimTokenFor } from '../../testing/scim';

/**
 * The requests Okta and Entra ID publish (fixtures/README.md), sent as they are: each is accepted and
 * does what it says.
 */
let test: TestApp;
let token: string;
let organisationId: string;
const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db(), 'Riverside Family Medicine')).id;
  token = await scimTokenFor(test.app, organisationId);
});
afterAll(async () => {
  await test.app.close();
});

/** A resource as answered: its id, and whatever else the test compares. */
type ScimBody = { id: string } & Record<string, unknown>;

/** A fixture with its `{{name}}` placeholders replaced by the ids Cairn gave. */
function fixture(name: string, ids: Record<string, string> = {}): unknown {
  const text = readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');
  return JSON.parse(text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => ids[key] ?? ''));
}

const send = (method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) =>
  scim(test.app, { method, path, token, body });

async function okta(
  name: string,
  path: string,
  ids?: Record<string, string>,
  method: 'POST' | 'PUT' | 'PATCH' = 'PATCH',
) {
  const response = await send(method, path, fixture(`okta-${name}`, ids));
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<ScimBody>();
}

async function entra(
  name: string,
  path: string,
  ids?: Record<string, string>,
  method: 'POST' | 'PUT' | 'PATCH' = 'PATCH',
) {
  const response = await send(method, path, fixture(`entra-${name}`, ids));
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<ScimBody>();
}

describe("Okta's SCIM 2.0 requests", () => {
  it('creates, finds by userName, updates with PUT and deactivates a user', async () => {
    const created = await okta('create-user', '/Users', {}, 'POST');
    expect(created).toMatchObject({
      userName: 'test.user@okta.local',
      externalId: '00ujl29u0le5T6Aj10h7',
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ value: 'test.user@okta.local' }],
      active: true,
    });
    const [row] = await db().select().from(users).where(eq(users.id, created.id));
    expect(row?.passwordHash).toBeNull();

    const filter = encodeURIComponent('userName eq "test.user@okta.local"');
    const found = await scim(test.app, { path: `/Users?filter=${filter}&startIndex=1&count=100`, token });
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: created.id }] });

    const replaced = await okta('update-user-put', `/Users/${created.id}`, { id: created.id }, 'PUT');
    expect(replaced).toMatchObject({ name: { givenName: 'Another', familyName: 'User' }, active: true });

    const deactivated = await okta('deactivate-user', `/Users/${created.id}`);
    expect(deactivated).toMatchObject({ active: false });
  });

  it('creates a group, renames it, adds, removes and replaces its members', async () => {
    const user = (
      await scim(test.app, { method: 'POST', path: '/Users', token, body: { userName: 'okta-member@okta.local' } })
    ).json<ScimBody>();
    const userId = user.id;
    const group = await okta('create-group', '/Groups', {}, 'POST');
    expect(group).toMatchObject({ displayName: 'Test SCIMv2', members: [] });
    const groupPath = `/Groups/${group.id}`;
    expect(await okta('rename-group', groupPath, { groupId: group.id })).toMatchObject({
      displayName: 'Test SCIMv2 renamed',
    });
    expect(await okta('add-group-members', groupPath, { userId })).toMatchObject({ members: [{ value: userId }] });
    expect(await okta('remove-group-member', groupPath, { userId })).toMatchObject({ members: [] });
    expect(await okta('replace-group-members', groupPath, { userId })).toMatchObject({ members: [{ value: userId }] });
  });
});

describe("Microsoft Entra ID's SCIM requests", () => {
  it('creates a user with the enterprise extension and changes it in the forms Entra ID sends', async () => {
    const created = await entra('create-user', '/Users', {}, 'POST');
    expect(created).toMatchObject({
      userName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      emails: [{ value: 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com' }],
      name: { givenName: 'givenName', familyName: 'familyName' },
    });
    const path = `/Users/${created.id}`;
    expect(await entra('update-user-multivalued', path)).toMatchObject({
      emails: [{ value: 'updatedEmail@microsoft.com' }],
      name: { familyName: 'updatedFamilyName' },
    });
    expect(await entra('update-user-single-valued', path)).toMatchObject({
      userName: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com',
    });
    expect(await entra('add-attributes', path)).toMatchObject({
      emails: [{ value: 'added.work@testuser.com' }],
      name: { givenName: 'Added' },
      externalId: 'e9e30dba-f08f-4109-8486-d5c6a331660a',
    });
    expect(await entra('disable-user', path)).toMatchObject({ active: false });
  });

  it('disables a signed-in user with the string "False", and their session ends', async () => {
    const signedIn = await signInAsNewUser(test.app, { organisationId });
    const disabled = await entra('disable-user-string-boolean', `/Users/${signedIn.user.id}`);
    expect(disabled).toMatchObject({ active: false });
    expect((await call(test.app, getUserMetadata, { token: signedIn.token })).statusCode).toBe(401);
  });

  it('creates a group, finds it by displayName, renames it, and adds and removes members both ways', async () => {
    const user = await scim(test.app, {
      method: 'POST',
      path: '/Users',
      token,
      body: { userName: 'entra-member@testuser.com' },
    });
    const userId = user.json<ScimBody>().id;
    const group = await entra('create-group', '/Groups', {}, 'POST');
    expect(group).toMatchObject({ displayName: 'displayName', externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159' });
    const filter = encodeURIComponent('displayName eq "displayName"');
    const found = await scim(test.app, { path: `/Groups?excludedAttributes=members&filter=${filter}`, token });
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });

    const groupPath = `/Groups/${group.id}`;
    expect(await entra('update-group-name', groupPath)).toMatchObject({
      displayName: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName',
    });
    expect(await entra('add-group-member', groupPath, { userId })).toMatchObject({ members: [{ value: userId }] });
    expect(await entra('remove-group-member', groupPath, { userId })).toMatchObject({ members: [] });
    await entra('add-group-member', groupPath, { userId });
    expect(await entra('remove-group-member-by-filter', groupPath, { userId })).toMatchObject({ members: [] });
  });
});
