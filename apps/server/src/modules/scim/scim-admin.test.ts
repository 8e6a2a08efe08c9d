import {
  createScimToken,
  listScimGroups,
  listScimTokens,
  revokeScimToken,
  setScimGroupMapping,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scimTokens, users } from '../../db/schema';
import { call, callForResult, callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { scim, scimTokenFor } from '../../testing/scim';

let test: TestApp;
let organisationId: string;
let adminToken: string;
let adminId: string;
const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db(), 'Riverside Family Medicine')).id;
  const admin = await tokenFor(test.app, { organisationId, permissions: ['admin_tool'] });
  adminToken = admin.token;
  adminId = admin.user.id;
});
afterAll(async () => {
  await test.app.close();
});

describe('SCIM tokens in the admin tool', () => {
  it('creates a token shown once, stored hashed, that SCIM accepts; lists it without the secret; audited', async () => {
    const created = await callForResult(test.app, createScimToken, {
      token: adminToken,
      body: { label: 'Okta production' },
    });
    expect(created.secret).toMatch(/^cairn_scim_[\w-]{43}$/);
    expect(created.token).toMatchObject({ label: 'Okta production', lastUsedAt: null, revokedAt: null });
    const [row] = await db().select().from(scimTokens).where(eq(scimTokens.id, created.token.id));
    expect(row?.tokenHash).not.toContain(created.secret);
    expect(row?.createdBy).toBe(adminId);

    expect((await scim(test.app, { path: '/Users', token: created.secret })).statusCode).toBe(200);
    const listed = await callForResult(test.app, listScimTokens, { token: adminToken, isV2: true });
    expect(listed.tokens.find((token) => token.id === created.token.id)?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scim.token_created'), eq(auditLog.userId, adminId)));
    expect(entry?.details).toEqual({ scimTokenId: created.token.id });
  });

  it('revokes a token: SCIM refuses it from the next request', async () => {
    const created = await callForResult(test.app, createScimToken, { token: adminToken, body: { label: 'Entra' } });
    const revoked = await callForResult(test.app, revokeScimToken, {
      token: adminToken,
      body: { tokenId: created.token.id },
    });
    expect(revoked.revokedAt).not.toBeNull();
    expect((await scim(test.app, { path: '/Users', token: created.secret })).statusCode).toBe(401);
  });

  it("answers 404 for another organisation's token, and 403 to a user without admin_tool", async () => {
    const elsewhere = (await createOrganisation(db(), 'Lakeside Clinic')).id;
    const otherAdmin = await tokenFor(test.app, { organisationId: elsewhere, permissions: ['admin_tool'] });
    const created = await callForResult(test.app, createScimToken, { token: adminToken, body: { label: 'Okta' } });
    const response = await call(test.app, revokeScimToken, {
      token: otherAdmin.token,
      body: { tokenId: created.token.id },
    });
    expect(response.statusCode).toBe(404);
    const clinician = await tokenFor(test.app, { organisationId, permissions: [] });
    expect((await call(test.app, listScimTokens, { token: clinician.token })).statusCode).toBe(403);
  });

  it('refuses an empty label with 422 naming it', async () => {
    const response = await callWithAnyBody(test.app, createScimToken, { token: adminToken, body: { label: ' ' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('label');
  });
});

describe('SCIM groups in the admin tool', () => {
  it("lists the groups with member counts and sets a group's view and permissions on its members at once", async () => {
    const scimToken = await scimTokenFor(test.app, organisationId);
    const member = (
      await scim(test.app, {
        method: 'POST',
        path: '/Users',
        token: scimToken,
        body: { userName: 'coder@riverside.example' },
      })
    ).json();
    const group = (
      await scim(test.app, {
        method: 'POST',
        path: '/Groups',
        token: scimToken,
        body: { displayName: 'Coders', members: [{ value: member.id }] },
      })
    ).json();
    const listed = await callForResult(test.app, listScimGroups, { token: adminToken });
    expect(listed.groups).toContainEqual(
      expect.objectContaining({ id: group.id, displayName: 'Coders', memberCount: 1, view: null, permissions: [] }),
    );

    const mapped = await callForResult(test.app, setScimGroupMapping, {
      token: adminToken,
      body: { groupId: group.id, view: 'Coder', permissions: ['hcc_dashboard'] },
    });
    expect(mapped).toMatchObject({ view: 'Coder', permissions: ['hcc_dashboard'], memberCount: 1 });
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ view: 'Coder', permissions: ['hcc_dashboard'] });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'scim.group_mapping_set'));
    expect(entry?.details).toMatchObject({ groupId: group.id, view: 'Coder', permissions: ['hcc_dashboard'] });
  });

  it('refuses an unknown view or permission with 422 naming the field', async () => {
    const response = await callWithAnyBody(test.app, setScimGroupMapping, {
      token: adminToken,
      body: { groupId: '00000000-0000-4000-8000-000000000000', view: 'Nurse', permissions: [] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('view');
  });
});
