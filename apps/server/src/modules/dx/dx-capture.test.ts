import {
  addSummaryInsightActions,
  type DxCaptureData,
  type DxItem,
  getDxCaptureData,
  type InsightAction,
  updateOrganisationSettings,
} from '@cairn/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDiagnoses, conditions, documents, patients } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { call, callForResult, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { storeAnalysis, suggestionOf } from './dx-test-support';

let test: TestApp;
let organisationId: string;
let patientId: string;
let providerId: string;
let provider: SignedInUser;
let coder: SignedInUser;
let sid: string;
let documentId: string;

const db = () => test.app.database.db;
const VISIT_DAY = '2026-06-15';

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db())).id;
  providerId = (await createCareTeam(db(), { organisationId })).provider.id;
  patientId = (await createPatient(db(), { organisationId, primaryProviderId: providerId, birthDate: '1950-12-10' }))
    .id;
  provider = await tokenFor(test.app, { organisationId, view: 'Provider', firstName: 'Maya', lastName: 'Rivera' });
  coder = await tokenFor(test.app, { organisationId, view: 'Coder', firstName: 'Cora', lastName: 'Coder' });
  const [document] = await db()
    .insert(documents)
    .values({
      organisationId,
      patientId,
      title: 'Podiatry note',
      documentDate: '2026-05-02',
      contentType: 'text/plain',
      text: 'Diabetic peripheral neuropathy, monofilament reduced.',
      source: 'HIE',
      sourceId: 'doc-77',
    })
    .returning();
  documentId = document?.id ?? '';
  await db()
    .insert(conditions)
    .values([
      condition('I5032', '2026-02-01'),
      condition('I10', '2026-03-01'),
      // Last year's: not addressed this year.
      condition('E785', '2025-03-01'),
    ]);
  await db().insert(claimDiagnoses).values({
    organisationId,
    patientId,
    claimType: 'Claim',
    sequence: 1,
    icdCode: 'E669',
    serviceDate: '2026-04-10',
    source: 'EHR',
    sourceId: 'claim-1',
  });
  await storeAnalysis(db(), {
    organisationId,
    patientId,
    asOf: VISIT_DAY,
    suggestions: [
      suggestionOf('E1122', {
        category: 'Recapture',
        evidence: [{ resourceType: 'Claim', date: '2025-03-04', source: 'EHR', code: 'E1122' }],
      }),
      suggestionOf('E1140', {
        suspectKind: 'documented-elsewhere',
        explanationGroup: 'partner-organisation-notes',
        evidence: [
          { resourceType: 'DocumentReference', resourceId: documentId, source: 'HIE', text: 'peripheral neuropathy' },
        ],
      }),
      suggestionOf('N184', {
        explanationGroup: 'new-hcc-mid-year',
        evidence: [
          { resourceType: 'Observation', code: '33914-3', value: 24, unit: 'mL/min/1.73m2', date: '2026-01-10' },
          { resourceType: 'Observation', code: '33914-3', value: 22, unit: 'mL/min/1.73m2', date: '2026-05-10' },
        ],
      }),
      suggestionOf('E785', {
        explanationGroup: 'no-hcc',
        evidence: [{ resourceType: 'MedicationRequest', code: '36567', text: 'Simvastatin 20 mg' }],
      }),
      suggestionOf('J449', { explanationGroup: 'existing-hcc' }),
      suggestionOf('I5022', { explanationGroup: 'existing-hcc' }),
    ],
  });
  // At an earlier visit: the provider rejected COPD, the coder rejected heart failure for good.
  const earlier = (await createAppointment(db(), { organisationId, patientId, providerId, at: '2026-02-01T09:00' })).id;
  sid = (await createAppointment(db(), { organisationId, patientId, providerId, at: `${VISIT_DAY}T09:00` })).id;
  const decide = (user: SignedInUser, visit: string, actions: InsightAction[]) =>
    call(test.app, addSummaryInsightActions, { token: user.token, body: { sid: visit, actions } });
  await decide(provider, earlier, [
    { icdCode: 'J449', action: 'reject', reason: 'condition-resolved', expectedVersion: 0 },
  ]);
  await decide(coder, earlier, [
    { icdCode: 'I5022', action: 'reject', reason: 'already-addressed', stopShowing: true, expectedVersion: 0 },
  ]);
  await decide(provider, sid, [
    { icdCode: 'E1122', action: 'accept', expectedVersion: 0 },
    { icdCode: 'Z79.4', action: 'add', expectedVersion: 0 },
  ]);
});
afterAll(async () => {
  await test.app.close();
});

function condition(icdCode: string, recordedDate: string) {
  return {
    organisationId,
    patientId,
    icdCode,
    display: icdCode,
    category: 'encounter-diagnosis',
    recordedDate,
    source: 'EHR',
    sourceId: `condition-${icdCode}`,
  };
}

async function captureData(user: SignedInUser, isGroupingOn = true): Promise<DxCaptureData> {
  const response = await call(test.app, getDxCaptureData, { token: user.token, body: { sid, isGroupingOn } });
  expect(response.statusCode).toBe(200);
  return response.json<{ result: DxCaptureData }>().result;
}

const itemsOf = (data: DxCaptureData): DxItem[] => data.groups.flatMap((group) => group.items);
const itemOf = (data: DxCaptureData, icdCode: string) => itemsOf(data).find((item) => item.icdCode === icdCode);

describe('the Diagnosis Summary tab', () => {
  it('groups the suggestions by HCC with its label, codes without an HCC last', async () => {
    const data = await captureData(provider);
    expect(data).toMatchObject({ sid, patientId, role: 'provider', isAnalysed: true, scrub: null, pushedAt: null });
    expect(data.groups.map((group) => [group.label, group.items.map((item) => item.icdCode)])).toEqual([
      ['HCC 37 Diabetes with Chronic Complications', ['E1140', 'E1122']],
      [
        'HCC 280 Chronic Obstructive Pulmonary Disease, Interstitial Lung Disorders, and Other Chronic Lung Disorders',
        ['J449'],
      ],
      ['HCC 327 Chronic Kidney Disease, Severe (Stage 4)', ['N184']],
      ['No HCC', ['E785']],
    ]);
    const ungrouped = await captureData(provider, false);
    expect(ungrouped.groups).toHaveLength(1);
    expect(ungrouped.groups[0]).toMatchObject({ hcc: null, label: 'Suggestions' });
  });

  it('explains each suggestion with its facts, and shows the earlier rejection', async () => {
    const data = await captureData(provider);
    expect(itemOf(data, 'J449')).toMatchObject({ explanationGroup: 'provider-rejected', saveState: 'None' });
    expect(itemOf(data, 'J449')?.explanation).toMatch(/^Rejected by Maya Rivera \(provider\) on \d{4}-\d\d-\d\d/);
    // Rejected by the coder with StopShowing at the earlier visit: hidden.
    expect(itemOf(data, 'I5022')).toBeUndefined();
    expect(itemOf(data, 'E1140')).toMatchObject({
      explanationGroup: 'partner-organisation-notes',
      category: 'Suspect',
      suspectKind: 'documented-elsewhere',
      listKind: 'Document',
    });
    expect(itemOf(data, 'E1140')?.explanation).toContain('partner organisation (HIE): notes');
    expect(itemOf(data, 'N184')).toMatchObject({ explanationGroup: 'new-hcc-mid-year', listKind: 'Collection' });
    expect(itemOf(data, 'N184')?.explanation).toBe(
      'New in 2026: results dated this year point to HCC "Chronic Kidney Disease, Severe (Stage 4)", never coded before.',
    );
    expect(itemOf(data, 'E785')).toMatchObject({ explanationGroup: 'no-hcc', listKind: 'Single', hcc: null });
    expect(itemOf(data, 'E1122')).toMatchObject({ explanationGroup: 'cart-for-provider', saveState: 'Saved' });
    const coderView = await captureData(coder);
    expect(itemOf(coderView, 'E1122')?.explanationGroup).toBe('cart-for-coder');
  });

  it('links a document to Cairn’s copy at the snippet, and a lab to its trend', async () => {
    const data = await captureData(provider);
    expect(itemOf(data, 'E1140')?.evidence[0]?.link).toEqual({
      kind: 'document',
      documentId,
      highlight: 'peripheral neuropathy',
    });
    expect(itemOf(data, 'N184')?.evidence.map((item) => item.link)).toEqual([
      { kind: 'lab', code: '33914-3', system: 'http://loinc.org' },
      { kind: 'lab', code: '33914-3', system: 'http://loinc.org' },
    ]);
    expect(itemOf(data, 'E785')?.evidence[0]?.link).toEqual({ kind: 'none' });
  });

  it("lists this year's coded diagnoses as addressed, and the cart with who chose each code", async () => {
    const data = await captureData(coder);
    expect(data.addressed).toEqual([
      { icdCode: 'E669', description: 'Obesity, unspecified', hcc: null, lastCodedOn: '2026-04-10', source: 'Claim' },
      {
        icdCode: 'I10',
        description: 'Essential (primary) hypertension',
        hcc: null,
        lastCodedOn: '2026-03-01',
        source: 'EHR',
      },
      {
        icdCode: 'I5032',
        description: 'Chronic diastolic (congestive) heart failure',
        hcc: 226,
        lastCodedOn: '2026-02-01',
        source: 'EHR',
      },
    ]);
    expect(data.cart).toEqual([
      expect.objectContaining({
        icdCode: 'E1122',
        hcc: 37,
        isAdded: false,
        decidedBy: { name: 'Maya Rivera', role: 'provider' },
      }),
      expect.objectContaining({ icdCode: 'Z794', isAdded: true }),
    ]);
    expect(data.cart[0]?.push).toBeUndefined();
  });

  it('estimates the risk score now and with the cart: the HCC it adds and the interaction it triggers', async () => {
    const { risk } = await captureData(provider);
    expect(risk).toMatchObject({ model: 'v28', paymentYear: 2027 });
    expect(risk.current).toBeGreaterThan(0);
    expect(risk.increments).toEqual([
      { hcc: 37, label: 'Diabetes with Chronic Complications', raf: expect.any(Number), icdCodes: ['E1122'] },
    ]);
    expect(risk.interactions.map((term) => term.name)).toContain('DIABETES_HF_V28');
    const added = risk.increments.reduce((sum, increment) => sum + increment.raf, 0);
    const interactions = risk.interactions.reduce((sum, term) => sum + term.raf, 0);
    expect(risk.ifPushed).toBeGreaterThanOrEqual(risk.current + added);
    expect(risk.ifPushed).toBeLessThanOrEqual(risk.current + added + interactions + 1e-9);
  });

  it("scores with the organisation's risk model for the payment year, set in the admin tool", async () => {
    const admin = await tokenFor(test.app, { organisationId, isAdmin: true });
    const setBlend = (riskModels: { paymentYear: number; v24Percent: number }[]) =>
      callForResult(test.app, updateOrganisationSettings, { token: admin.token, body: { riskModels } });
    const v28 = (await captureData(provider)).risk;
    await setBlend([{ paymentYear: 2027, v24Percent: 50 }]);
    try {
      const blended = (await captureData(provider)).risk;
      expect(blended.model).toBe('v24 50% / v28 50%');
      expect(blended.current).not.toBe(v28.current);
      expect(blended.increments.map((increment) => increment.label)).toEqual([
        expect.stringMatching(/\(V24\)$/),
        'Diabetes with Chronic Complications (V28)',
      ]);
      const added = [...blended.increments, ...blended.interactions].reduce((sum, term) => sum + term.raf, 0);
      expect(blended.ifPushed).toBeCloseTo(blended.current + added, 3);
    } finally {
      await setBlend([]);
    }
    expect((await captureData(provider)).risk).toEqual(v28);
  });

  it('shows no suggestions while the analysis of newer data is pending', async () => {
    await db()
      .update(patients)
      .set({ dataVersion: sql`${patients.dataVersion} + 1` })
      .where(eq(patients.id, patientId));
    try {
      const data = await captureData(provider);
      expect(data.isAnalysed).toBe(false);
      expect(data.groups).toEqual([]);
      expect(data.cart).toHaveLength(2);
    } finally {
      await db()
        .update(patients)
        .set({ dataVersion: sql`${patients.dataVersion} - 1` })
        .where(eq(patients.id, patientId));
    }
  });

  it('writes a patient.read audit entry', async () => {
    const reader = await tokenFor(test.app, { organisationId, view: 'Coder' });
    await captureData(reader);
    const rows = await db().select().from(auditLog).where(eq(auditLog.userId, reader.user.id));
    expect(rows).toEqual([
      expect.objectContaining({ action: 'patient.read', patientId, details: { what: 'dx-summary', sid } }),
    ]);
  });
});
