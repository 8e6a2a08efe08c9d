import {
  createFitBatch,
  createFitTemplate,
  getFitCandidates,
  getFitLetters,
  importFitResults,
  listFitBatches,
  listFitKits,
  listFitTemplates,
  previewFitLetter,
  updateFitKit,
  updateFitTemplate,
  type Endpoint,
} from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callForResult, callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { linkUserToProvider } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import {
  A_LETTER_BODY,
  createFitBatchRow,
  createFitPractice,
  fitQualityLead,
  turnOrganisationQualityOn,
  type FitPractice,
} from '../../testing/fit-factories';

let test: TestApp;
let practice: FitPractice;
const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  practice = await createFitPractice(test.app);
  await createFitBatchRow(db(), {
    organisationId: practice.organisationId,
    patientIds: [practice.patients.adams.id, practice.patients.diaz.id],
  });
});
afterAll(async () => {
  await test.app.close();
});

const ENDPOINTS: Endpoint[] = [
  listFitTemplates,
  createFitTemplate,
  updateFitTemplate,
  previewFitLetter,
  getFitCandidates,
  createFitBatch,
  listFitBatches,
  getFitLetters,
  listFitKits,
  updateFitKit,
  importFitResults,
];

/** Each call's status for this caller, with a body the contract refuses only past the access checks. */
async function statusesFor(token: string, options: { isV2?: boolean } = {}): Promise<number[]> {
  return Promise.all(
    ENDPOINTS.map(
      async (endpoint) => (await callWithAnyBody(test.app, endpoint, { token, body: {}, ...options })).statusCode,
    ),
  );
}
const reads = (status: number) => [status, 422, 422, 422, status, 422, status, 422, status, 422, 422];

describe('who may use FIT outreach (spec §6, as the Quality Workspace)', () => {
  it('refuses a user without quality_tool, whatever the configuration', async () => {
    const coder = await tokenFor(test.app, { organisationId: practice.organisationId, view: 'Coder', permissions: [] });
    expect(await statusesFor(coder.token)).toEqual(ENDPOINTS.map(() => 403));
  });

  it('refuses quality_tool alone while the organisation has not turned OrganizationQuality on', async () => {
    const { id: organisationId } = await createOrganisation(db());
    const lead = await fitQualityLead(test.app, organisationId);
    const [templates, , , , candidates] = await statusesFor(lead.token);
    expect([templates, candidates]).toEqual([403, 403]);
    await turnOrganisationQualityOn(db(), organisationId);
    expect(await statusesFor(lead.token)).toEqual(reads(200));
  });

  it('serves an admin without the configuration, and SSO users on the /api/v2 twins', async () => {
    const { id: organisationId } = await createOrganisation(db());
    const admin = await tokenFor(test.app, { organisationId, isAdmin: true, permissions: [] });
    expect(await statusesFor(admin.token)).toEqual(reads(200));
    expect(await statusesFor(practice.lead.token, { isV2: true })).toEqual(reads(200));
  });

  it('refuses a view-only quality lead every change to patient data', async () => {
    const viewer = await fitQualityLead(test.app, practice.organisationId, {
      permissions: ['quality_tool', 'view_only'],
    });
    const [kits] = (await callForResult(test.app, listFitKits, { token: viewer.token, body: {} })).rows;
    const answer = await call(test.app, updateFitKit, {
      token: viewer.token,
      body: { kitId: kits?.id ?? '', status: 'lost' },
    });
    expect(answer.statusCode).toBe(403);
    const imported = await call(test.app, importFitResults, { token: viewer.token, body: { csv: 'MRN\r\n1' } });
    expect(imported.statusCode).toBe(403);
  });

  it("never shows another organisation's kits, batches or patients, nor lets it change a kit", async () => {
    const { id: organisationId } = await createOrganisation(db());
    await turnOrganisationQualityOn(db(), organisationId);
    const stranger = await fitQualityLead(test.app, organisationId);
    const mine = await callForResult(test.app, listFitKits, { token: practice.lead.token, body: {} });
    expect(mine.total).toBe(2);
    expect(await callForResult(test.app, listFitKits, { token: stranger.token, body: {} })).toMatchObject({ total: 0 });
    expect(await callForResult(test.app, listFitBatches, { token: stranger.token })).toEqual([]);
    expect(await callForResult(test.app, getFitCandidates, { token: stranger.token, body: {} })).toMatchObject({
      total: 0,
    });
    const kitId = mine.rows[0]?.id ?? '';
    expect(
      (await call(test.app, updateFitKit, { token: stranger.token, body: { kitId, status: 'lost' } })).statusCode,
    ).toBe(404);
    const batchId = (await callForResult(test.app, listFitBatches, { token: practice.lead.token }))[0]?.id ?? '';
    expect((await call(test.app, getFitLetters, { token: stranger.token, body: { batchId } })).statusCode).toBe(404);
    const template = await callForResult(test.app, createFitTemplate, {
      token: practice.lead.token,
      body: { name: 'Ours', language: 'en', body: A_LETTER_BODY, returnByDays: 21 },
    });
    const batch = await call(test.app, createFitBatch, {
      token: stranger.token,
      body: { templateId: template.id, cairnPatientIds: [practice.patients.baker.id] },
    });
    expect(batch.statusCode).toBe(422);
  });

  it("keeps a provider linked to providers to their own patients' kits", async () => {
    const provider = await tokenFor(test.app, {
      organisationId: practice.organisationId,
      view: 'Provider',
      permissions: ['quality_tool'],
    });
    await linkUserToProvider(db(), provider.user.id, practice.hillcrest.provider.id);
    const kits = await callForResult(test.app, listFitKits, { token: provider.token, body: {} });
    expect(kits.rows.map((row) => row.patient.lastName)).toEqual(['Diaz']);
    const candidates = await callForResult(test.app, getFitCandidates, {
      token: provider.token,
      body: { filters: { isWithoutKitOut: false } },
    });
    expect(candidates.rows.map((row) => row.patient.lastName)).toEqual(['Diaz']);
  });
});
