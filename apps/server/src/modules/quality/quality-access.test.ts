import {
  exportQualityWorklist,
  getQualityArchive,
  getQualityMeasures,
  getQualityPatients,
  getQualityWorklist,
  type Endpoint,
} from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callForResult, callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { linkUserToProvider } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import {
  createQualityPractice,
  patientReadsOf,
  qualityLead,
  setOrganisationQuality,
  type QualityPractice,
} from './quality-test-support';

let test: TestApp;
let practice: QualityPractice;
const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  practice = await createQualityPractice(db());
});
afterAll(async () => {
  await test.app.close();
});

const ENDPOINTS: Endpoint[] = [
  getQualityWorklist,
  exportQualityWorklist,
  getQualityMeasures,
  getQualityPatients,
  getQualityArchive,
];

async function statusesFor(token: string): Promise<number[]> {
  return Promise.all(
    ENDPOINTS.map(async (endpoint) => (await callWithAnyBody(test.app, endpoint, { token, body: {} })).statusCode),
  );
}

describe('who may use the Quality Workspace (spec §6)', () => {
  it('refuses a user without quality_tool, whatever the configuration', async () => {
    const coder = await tokenFor(test.app, { organisationId: practice.organisationId, view: 'Coder', permissions: [] });
    expect(await statusesFor(coder.token)).toEqual([403, 403, 403, 403, 403]);
  });

  it('refuses quality_tool alone while the organisation has not turned OrganizationQuality on', async () => {
    const { id: organisationId } = await createOrganisation(db());
    const lead = await qualityLead(test.app, organisationId);
    expect(await statusesFor(lead.token)).toEqual([403, 403, 403, 403, 403]);
    await setOrganisationQuality(db(), organisationId, true);
    expect(await statusesFor(lead.token)).toEqual([200, 200, 200, 200, 200]);
  });

  it('serves an admin without an explicit grant and without the configuration', async () => {
    const { id: organisationId } = await createOrganisation(db());
    const admin = await tokenFor(test.app, { organisationId, isAdmin: true, permissions: [] });
    expect(await statusesFor(admin.token)).toEqual([200, 200, 200, 200, 200]);
  });

  it("never shows another organisation's gaps or measures", async () => {
    const { id: organisationId } = await createOrganisation(db());
    await setOrganisationQuality(db(), organisationId, true);
    const stranger = await qualityLead(test.app, organisationId);
    const page = await callForResult(test.app, getQualityWorklist, { token: stranger.token, body: {} });
    expect(page).toMatchObject({ rows: [], total: 0 });
    expect(await callForResult(test.app, getQualityMeasures, { token: stranger.token })).toEqual([]);
    const archive = await callForResult(test.app, getQualityArchive, { token: stranger.token, body: {} });
    expect(archive.total).toBe(0);
    const patients = await callForResult(test.app, getQualityPatients, { token: stranger.token, body: {} });
    expect(patients.total).toBe(0);
  });

  it("keeps a provider linked to providers to their own patients' gaps, as every page of Cairn does", async () => {
    const provider = await tokenFor(test.app, {
      organisationId: practice.organisationId,
      view: 'Provider',
      permissions: ['quality_tool'],
    });
    await linkUserToProvider(db(), provider.user.id, practice.hillcrest.provider.id);
    const page = await callForResult(test.app, getQualityWorklist, { token: provider.token, body: {} });
    expect(page.rows.map((row) => row.patient.lastName)).toEqual(['Diaz']);
    const measures = await callForResult(test.app, getQualityMeasures, { token: provider.token });
    expect(measures.map((measure) => [measure.measureId, measure.open, measure.excluded])).toEqual([
      ['CMS125', 0, 1],
      ['CMS130', 1, 0],
    ]);
  });
});

describe('the audit of the Quality Workspace', () => {
  it('writes one patient.read per patient a page shows, and none for the counts of the measures', async () => {
    const lead = await qualityLead(test.app, practice.organisationId);
    const { adams, baker, cole, diaz } = practice.patients;
    await callForResult(test.app, getQualityWorklist, { token: lead.token, body: { pageSize: 2 } });
    await callForResult(test.app, getQualityMeasures, { token: lead.token });
    expect(await patientReadsOf(db(), lead)).toEqual([{ patientId: adams, what: 'quality-worklist' }]);
    await callForResult(test.app, exportQualityWorklist, { token: lead.token, body: {} });
    await callForResult(test.app, getQualityArchive, { token: lead.token, body: {} });
    const reads = await patientReadsOf(db(), lead);
    expect(
      reads
        .filter((read) => read.what === 'quality-worklist-export')
        .map((read) => read.patientId)
        .sort(),
    ).toEqual([adams, baker, cole, diaz].sort());
    expect(
      reads
        .filter((read) => read.what === 'quality-archive')
        .map((read) => read.patientId)
        .sort(),
    ).toEqual([cole, diaz].sort());
  });
});

describe('bad filters', () => {
  it('answers 422 naming the field', async () => {
    const lead = await qualityLead(test.app, practice.organisationId);
    const refused = async (endpoint: Endpoint, body: unknown) => {
      const response = await callWithAnyBody(test.app, endpoint, { token: lead.token, body });
      const { error } = response.json<{ error: { code: string; details: { issues: { field: string }[] } } }>();
      return {
        status: response.statusCode,
        code: error.code,
        fields: error.details.issues.map((issue) => issue.field),
      };
    };
    const failed = (field: string) => ({ status: 422, code: 'VALIDATION_FAILED', fields: [field] });
    expect(await refused(getQualityWorklist, { filters: { measureIds: ['colonoscopy'] } })).toEqual(
      failed('filters.measureIds.0'),
    );
    expect(await refused(getQualityWorklist, { filters: { dueAfter: '2026-12-01', dueBefore: '2026-11-01' } })).toEqual(
      failed('filters.dueBefore'),
    );
    expect(await refused(getQualityWorklist, { filters: { providerIds: ['dr-rivera'] } })).toEqual(
      failed('filters.providerIds.0'),
    );
    expect(await refused(getQualityWorklist, { sort: 'age' })).toEqual(failed('sort'));
    expect(await refused(getQualityWorklist, { pageSize: 1000 })).toEqual(failed('pageSize'));
    expect(await refused(exportQualityWorklist, { filters: { upcomingVisitWithinDays: -1 } })).toEqual(
      failed('filters.upcomingVisitWithinDays'),
    );
    expect(await refused(getQualityArchive, { filters: { statuses: ['open'] } })).toEqual(failed('filters.statuses.0'));
    expect(await refused(getQualityPatients, { searchText: '' })).toEqual(failed('searchText'));
  });

  it('answers 401 to a caller who is not signed in', async () => {
    expect((await call(test.app, getQualityMeasures)).statusCode).toBe(401);
  });
});
