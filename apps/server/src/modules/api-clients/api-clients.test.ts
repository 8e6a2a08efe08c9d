import {
  createApiClientToken,
  listApiClientTokens,
  revokeApiClientToken,
  type ApiClientTokenSummary,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientTokens, auditLog } from '../../db/schema';
import { call, callForResult, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { createHypertensivePatient, getCareGaps, storeMeasureReports } from '../../testing/care-gaps-fhir';

let test: TestApp;
let organisationId: string;
let otherOrganisationId: string;
let adminToken: string;
let patientId: string;

beforeAll(async () => {
  test = await buildTestApp();
  const db = test.app.database.db;
  organisationId = (await createOrganisation(db)).id;
  otherOrganisationId = (await createOrganisation(db, 'Hillcrest Clinic')).id;
  adminToken = (await tokenFor(test.app, { organisationId, isAdmin: true })).token;
  patientId = (await createHypertensivePatient(db, { organisationId, bloodPressure: [150, 95] })).id;
  await storeMeasureReports(db, { organisationId, patientIds: [patientId], measures: ['CMS165'] });
}, 180_000);
afterAll(async () => {
  await test.app.close();
});

const createToken = (label: string, token = adminToken) =>
  callForResult(test.app, createApiClientToken, { token, body: { label } });

const readGaps = (secret: string, subject = `Patient/${patientId}`) =>
  getCareGaps(test.app, {
    query: `periodStart=2025-01-01&periodEnd=2025-12-31&subject=${subject}&status=open-gap`,
    headers: { authorization: `Bearer ${secret}` },
  });

describe('API client tokens (admin tool)', () => {
  it('creates a token shown once, scoped to reading care gaps, kept as its SHA-256 only', async () => {
    const { token, secret } = await createToken('Acme Health Plan');
    expect(secret).toMatch(/^cairn_api_[\w-]{43}$/);
    expect(token).toMatchObject({ label: 'Acme Health Plan', scopes: ['quality-gaps.read'], revokedAt: null });
    const [row] = await test.app.database.db.select().from(apiClientTokens).where(eq(apiClientTokens.id, token.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    const { tokens } = await callForResult(test.app, listApiClientTokens, { token: adminToken });
    expect(tokens.map((listed: ApiClientTokenSummary) => listed.id)).toContain(token.id);
    expect(JSON.stringify(tokens)).not.toContain(secret);
  });

  it('lets the token read the organisation’s care gaps as FHIR, audited as the client, until it is revoked', async () => {
    const { token, secret } = await createToken('Acme Health Plan');
    const response = await readGaps(secret);
    expect(response.statusCode).toBe(200);
    expect(response.json().parameter).toHaveLength(1);
    const [audit] = await test.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, patientId), eq(auditLog.action, 'patient.read')));
    expect(audit).toMatchObject({
      organisationId,
      userId: null,
      details: { what: 'Measure/$care-gaps', apiClientTokenId: token.id },
    });
    const revoked = await callForResult(test.app, revokeApiClientToken, {
      token: adminToken,
      body: { tokenId: token.id },
    });
    expect(revoked.revokedAt).not.toBeNull();
    const refused = await readGaps(secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().resourceType).toBe('OperationOutcome');
  });

  it("reads only its own organisation: another organisation's token does not find this patient", async () => {
    const otherAdmin = await tokenFor(test.app, { organisationId: otherOrganisationId, isAdmin: true });
    const { secret } = await createToken('Elsewhere', otherAdmin.token);
    expect((await readGaps(secret)).statusCode).toBe(404);
    const organization = await getCareGaps(test.app, {
      query: `periodStart=2025-01-01&periodEnd=2025-12-31&organization=Organization/${organisationId}&status=open-gap`,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(organization.statusCode).toBe(404);
  });

  it('refuses an unknown token like a revoked one, and does not let it call the product API', async () => {
    expect((await readGaps('cairn_api_not-a-token')).statusCode).toBe(401);
    const { secret } = await createToken('Acme Health Plan');
    const product = await call(test.app, listApiClientTokens, { token: secret });
    expect(product.statusCode).toBe(401);
  });

  it('audits creation and revocation; another organisation’s token is not found; only admins manage tokens', async () => {
    const { token } = await createToken('Audited');
    await callForResult(test.app, revokeApiClientToken, { token: adminToken, body: { tokenId: token.id } });
    const actions = await test.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.organisationId, organisationId));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['api_client.token_created', 'api_client.token_revoked']),
    );
    const otherAdmin = await tokenFor(test.app, { organisationId: otherOrganisationId, isAdmin: true });
    const foreign = await call(test.app, revokeApiClientToken, {
      token: otherAdmin.token,
      body: { tokenId: token.id },
    });
    expect(foreign.statusCode).toBe(404);
    const lead = await tokenFor(test.app, { organisationId, permissions: ['quality_tool'] });
    expect((await call(test.app, createApiClientToken, { token: lead.token, body: { label: 'x' } })).statusCode).toBe(
      403,
    );
  });
});
