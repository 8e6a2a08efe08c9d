import {
  addSummaryInsightActions,
  draftAssessmentNote,
  type EndpointInput,
  getEpicICDFromSID,
  getICDData,
  getICDsFromUnityApi,
  getNoteTemplates,
  getSnomedFromICD,
  type IcdSearchResult,
} from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditions, encounters } from '../../db/clinical-schema';
import { call, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { storeAnalysis, suggestionOf } from './dx-test-support';

let test: TestApp;
let organisationId: string;
let patientId: string;
let provider: SignedInUser;
let sid: string;

const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db())).id;
  const providerId = (await createCareTeam(db(), { organisationId })).provider.id;
  patientId = (
    await createPatient(db(), {
      organisationId,
      primaryProviderId: providerId,
      gender: 'female',
      birthDate: '1950-12-10',
    })
  ).id;
  provider = await tokenFor(test.app, { organisationId, view: 'Provider' });
  const [encounter] = await db()
    .insert(encounters)
    .values({ organisationId, patientId, startDate: '2026-06-15', source: 'EHR', sourceId: 'enc-1' })
    .returning();
  sid = (
    await createAppointment(db(), {
      organisationId,
      patientId,
      providerId,
      at: '2026-06-15T09:00',
      encounterId: encounter?.id,
    })
  ).id;
  await db().insert(conditions).values({
    organisationId,
    patientId,
    encounterId: encounter?.id,
    icdCode: 'I10',
    display: 'Essential hypertension',
    category: 'encounter-diagnosis',
    recordedDate: '2026-06-15',
    source: 'EHR',
    sourceId: 'cond-1',
  });
  await storeAnalysis(db(), {
    organisationId,
    patientId,
    asOf: '2026-06-15',
    suggestions: [
      suggestionOf('E1122', {
        category: 'Recapture',
        evidence: [
          { resourceType: 'Condition', date: '2025-02-01', text: 'Type 2 diabetes with CKD' },
          { resourceType: 'Observation', code: '4548-4', text: 'HbA1c', value: 8.1, unit: '%', date: '2026-05-01' },
          { resourceType: 'MedicationRequest', text: 'Metformin 500 mg' },
        ],
      }),
    ],
  });
  await call(test.app, addSummaryInsightActions, {
    token: provider.token,
    body: {
      sid,
      actions: [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }],
    },
  });
});
afterAll(async () => {
  await test.app.close();
});

async function search(payload: Omit<EndpointInput<typeof getICDData>, 'sid'>): Promise<IcdSearchResult[]> {
  const response = await call(test.app, getICDData, { token: provider.token, body: { sid, ...payload } });
  expect(response.statusCode).toBe(200);
  return response.json<{ result: IcdSearchResult[] }>().result;
}

describe('searching a diagnosis to add', () => {
  it('finds codes with their HCC and coefficient for the patient, and says which are already chosen', async () => {
    const results = await search({ searchText: 'type 2 diabetes' });
    expect(results.length).toBeGreaterThan(5);
    expect(results.length).toBeLessThanOrEqual(50);
    const neuropathy = results.find((result) => result.icdCode === 'E1140');
    expect(neuropathy).toMatchObject({
      billable: true,
      hcc: 37,
      hccLabel: 'Diabetes with Chronic Complications',
      raf: expect.any(Number),
      warnings: [],
    });
    expect(neuropathy?.raf).toBeGreaterThan(0);
    expect(neuropathy?.nonBillableReason).toBeUndefined();
    expect(results.find((result) => result.icdCode === 'E1122')?.nonBillableReason).toBe('AlreadySelected');
    const coded = await search({ searchText: 'I10' });
    expect(coded.find((result) => result.icdCode === 'I10')?.nonBillableReason).toBe('AlreadySelected');
    const header = await search({ searchText: 'E11.2' });
    expect(header.find((result) => result.icdCode === 'E112')).toMatchObject({
      billable: false,
      nonBillableReason: 'NonBillable',
      raf: null,
    });
  });

  it('warns about codes invalid for the patient’s sex or age, from the record or as given', async () => {
    const forHer = await search({ searchText: 'benign prostatic hyperplasia' });
    const prostate = forHer.find((result) => result.icdCode.startsWith('N40'));
    expect(prostate?.warnings.join(' ')).toContain('female patient');
    const forHim = await search({ searchText: 'benign prostatic hyperplasia', gender: 'male' });
    expect(forHim.find((result) => result.icdCode === prostate?.icdCode)?.warnings).toEqual([]);
    const newborn = await search({ searchText: 'P07.3' });
    expect(newborn[0]?.warnings.join(' ')).toMatch(/patient aged 75/);
    const child = await search({ searchText: 'P07.3', date_of_birth: '2026-06-01' });
    expect(child[0]?.warnings).toEqual([]);
  });

  it('scores in the model asked for', async () => {
    const v24 = await search({ searchText: 'E11.40', riskModelConfiguration: { model: 'v24' } });
    expect(v24.find((result) => result.icdCode === 'E1140')).toMatchObject({
      hcc: 18,
      hccLabel: 'Diabetes with Chronic Complications',
    });
  });

  it('refuses a search of one letter, naming the field', async () => {
    const response = await call(test.app, getICDData, { token: provider.token, body: { sid, searchText: 'e' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('searchText');
  });
});

describe('codes for the EHR', () => {
  it('maps an ICD-10-CM code back to SNOMED CT concepts, or none', async () => {
    const snomedOf = (icdCode: string) =>
      call(test.app, getSnomedFromICD, { token: provider.token, body: { icdCode } });
    const obesity = await snomedOf('E66.9');
    expect(obesity.json().result).toContainEqual({
      snomedCode: '162864005',
      display: 'Body mass index 30+ - obesity (finding)',
    });
    expect((await snomedOf('Z99.89')).json().result).toEqual([]);
  });

  it("answers the encounter's diagnoses Cairn holds for a partner encounter id, null without one", async () => {
    const unityDiagnoses = (unityEncounterId?: string) =>
      call(test.app, getICDsFromUnityApi, {
        token: provider.token,
        body: { sid, ...(unityEncounterId ? { unity_encounter_id: unityEncounterId } : {}) },
      });
    expect((await unityDiagnoses()).json().result).toBeNull();
    expect((await unityDiagnoses('U-1')).json().result).toEqual([
      { icdCode: 'I10', description: 'Essential hypertension' },
    ]);
  });

  it('answers no EHR diagnoses without an EHR session (spec §8: an empty list)', async () => {
    const response = await call(test.app, getEpicICDFromSID, { token: provider.token, body: { sid } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual([]);
  });
});

describe('note templates and the note wizard', () => {
  it('lists the built-in templates', async () => {
    const response = await call(test.app, getNoteTemplates, { token: provider.token, body: {} });
    expect(response.json<{ result: { name: string }[] }>().result.map((template) => template.name)).toEqual([
      'Assessment and plan (MEAT)',
      'Problem-oriented assessment',
    ]);
  });

  it('drafts the assessment with each diagnosis’s evidence as monitor, evaluate, assess and treat', async () => {
    const response = await call(test.app, draftAssessmentNote, {
      token: provider.token,
      body: {
        sid,
        templateId: 'assessment-plan-meat',
        icdCodes: ['E11.22', 'I10'],
      },
    });
    expect(response.statusCode).toBe(200);
    const draft = response.json<{ result: { text: string; diagnoses: { icdCode: string; meat: object }[] } }>().result;
    expect(draft.diagnoses[0]).toEqual({
      icdCode: 'E1122',
      description: 'Type 2 diabetes mellitus with diabetic chronic kidney disease',
      meat: {
        monitor: 'Follow up at the next visit.',
        evaluate: 'HbA1c 8.1% on 2026-05-01',
        assess: 'Documented on 2025-02-01: "Type 2 diabetes with CKD"',
        treat: 'Continue Metformin 500 mg',
      },
    });
    expect(draft.text).toBe(
      [
        'Assessment and Plan',
        '',
        'Type 2 diabetes mellitus with diabetic chronic kidney disease (E11.22)',
        '- Monitor: Follow up at the next visit.',
        '- Evaluate: HbA1c 8.1% on 2026-05-01',
        '- Assess: Documented on 2025-02-01: "Type 2 diabetes with CKD"',
        '- Treat: Continue Metformin 500 mg',
        '',
        'Essential (primary) hypertension (I10)',
        '- Monitor: Follow up at the next visit.',
        '- Assess: Documented on 2026-06-15: "Essential hypertension"',
      ].join('\n'),
    );
  });

  it('refuses an unknown template, naming the field', async () => {
    const response = await call(test.app, draftAssessmentNote, {
      token: provider.token,
      body: {
        sid,
        templateId: 'soap',
        icdCodes: ['I10'],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('templateId');
  });
});
