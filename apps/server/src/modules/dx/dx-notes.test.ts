import { draftAssessmentNote } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medications, observations } from '../../db/clinical-schema';
import { call, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { meatOf } from './dx-notes.service';
import { storeAnalysis, suggestionOf } from './dx-test-support';

describe('the note draft writes values as a clinician writes them', () => {
  it('writes a result as reported, without float noise or a UCUM annotation', () => {
    const { evidence } = suggestionOf('E1165', {
      evidence: [
        { resourceType: 'Observation', code: '4548-4', text: 'HbA1c', value: 7.1 + 0.6, unit: '%', date: '2026-05-01' },
        {
          resourceType: 'Observation',
          code: '44261-6',
          text: 'PHQ-9 total',
          value: 18,
          unit: '{score}',
          date: '2026-05-01',
        },
      ],
    });
    expect(meatOf(evidence).evaluate).toBe('HbA1c 7.7% on 2026-05-01; PHQ-9 total 18 on 2026-05-01');
  });

  it('writes a result with the decimal places it was reported with (7.70%)', () => {
    const { evidence } = suggestionOf('E1165', {
      evidence: [
        {
          resourceType: 'Observation',
          code: '4548-4',
          text: 'HbA1c',
          value: 7.7,
          decimals: 2,
          unit: '%',
          date: '2026-05-01',
        },
      ],
    });
    expect(meatOf(evidence).evaluate).toBe('HbA1c 7.70% on 2026-05-01');
  });

  it('writes the code of a claim line dotted, with its title', () => {
    const { evidence } = suggestionOf('E119', {
      evidence: [{ resourceType: 'Claim', code: 'E119', text: 'E119', date: '2025-07-09' }],
    });
    expect(meatOf(evidence).assess).toBe(
      'Coded on a claim on 2025-07-09: E11.9 Type 2 diabetes mellitus without complications',
    );
  });
});

describe('meatOf', () => {
  it('never leaves a diagnosis empty: assessed at this visit and followed up when nothing is on record', () => {
    expect(meatOf([])).toEqual({ monitor: 'Follow up at the next visit.', assess: 'Assessed at this visit.' });
  });
});

describe('drafting the note for every code in the cart', () => {
  let test: TestApp;
  let organisationId: string;
  let provider: SignedInUser;
  let sid: string;
  const db = () => test.app.database.db;

  beforeAll(async () => {
    test = await buildTestApp();
    organisationId = (await createOrganisation(db())).id;
    const providerId = (await createCareTeam(db(), { organisationId })).provider.id;
    const patientId = (
      await createPatient(db(), { organisationId, primaryProviderId: providerId, birthDate: '1952-03-04' })
    ).id;
    provider = await tokenFor(test.app, { organisationId, view: 'Provider' });
    sid = (await createAppointment(db(), { organisationId, patientId, providerId, at: '2026-06-15T09:00' })).id;
    const row = { organisationId, patientId, source: 'EHR' } as const;
    const hba1c = (sourceId: string, effectiveDate: string, value: number) => ({
      ...row,
      sourceId,
      loinc: '4548-4',
      display: 'Hemoglobin A1c',
      category: 'laboratory',
      effectiveDate,
      value,
      unit: '%',
    });
    // The later result is after the visit day: a note for this visit cannot cite it.
    await db()
      .insert(observations)
      .values([hba1c('a1c-may', '2026-05-01', 8.2), hba1c('a1c-july', '2026-07-01', 9.9)]);
    await db()
      .insert(medications)
      .values({
        ...row,
        sourceId: 'metformin',
        kind: 'MedicationRequest',
        display: 'Metformin 500 MG',
        status: 'active',
        startDate: '2025-01-10',
      });
    // Cairn suggests CKD stage 3a only: metformin and one HbA1c suggest no diabetes code.
    await storeAnalysis(db(), {
      organisationId,
      patientId,
      asOf: '2026-06-15',
      suggestions: [
        suggestionOf('N1831', {
          evidence: [
            {
              resourceType: 'Observation',
              code: '33914-3',
              text: 'eGFR',
              value: 52,
              unit: 'mL/min/{1.73_m2}',
              date: '2026-04-01',
            },
          ],
        }),
      ],
    });
  });
  afterAll(async () => {
    await test.app.close();
  });

  async function draft(token: string, icdCodes: string[]) {
    return call(test.app, draftAssessmentNote, {
      token,
      body: { sid, templateId: 'assessment-plan-meat', icdCodes },
    });
  }

  it('drafts a suggested code and an added one, the added one from the results and drugs on record', async () => {
    const response = await draft(provider.token, ['N18.31', 'E11.65']);

    expect(response.statusCode).toBe(200);
    const { diagnoses, text } = response.json<{
      result: { text: string; diagnoses: { icdCode: string; meat: Record<string, string> }[] };
    }>().result;
    expect(diagnoses.map((diagnosis) => diagnosis.icdCode)).toEqual(['N1831', 'E1165']);
    expect(diagnoses[0]?.meat.evaluate).toBe('eGFR 52 mL/min/1.73 m² on 2026-04-01');
    expect(diagnoses[1]?.meat).toEqual({
      monitor: 'Follow up at the next visit.',
      evaluate: 'Hemoglobin A1c 8.2% on 2026-05-01',
      assess: 'Assessed at this visit.',
      treat: 'Continue Metformin 500 MG',
    });
    expect(text).toContain(
      [
        'Type 2 diabetes mellitus with hyperglycemia (E11.65)',
        '- Monitor: Follow up at the next visit.',
        '- Evaluate: Hemoglobin A1c 8.2% on 2026-05-01',
        '- Assess: Assessed at this visit.',
        '- Treat: Continue Metformin 500 MG',
      ].join('\n'),
    );
  });

  it('assesses and follows up a code with nothing on record', async () => {
    const response = await draft(provider.token, ['J44.9']);

    expect(response.statusCode).toBe(200);
    const { diagnoses, text } = response.json<{
      result: { text: string; diagnoses: { meat: Record<string, string> }[] };
    }>().result;
    expect(diagnoses[0]?.meat).toEqual({ monitor: 'Follow up at the next visit.', assess: 'Assessed at this visit.' });
    expect(text).toBe(
      [
        'Assessment and Plan',
        '',
        'Chronic obstructive pulmonary disease, unspecified (J44.9)',
        '- Monitor: Follow up at the next visit.',
        '- Assess: Assessed at this visit.',
      ].join('\n'),
    );
  });

  it("answers 404 for another organisation's visit, without drafting from its record", async () => {
    const elsewhere = (await createOrganisation(db(), 'Elsewhere')).id;
    const stranger = await tokenFor(test.app, { organisationId: elsewhere, view: 'Provider' });
    const response = await draft(stranger.token, ['E11.65']);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Metformin');
  });
});
