import { getQualityArchive, getQualityMeasures, getQualityPatients, getQualityWorklist } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callForResult, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { aCareGap, storeCareGaps } from '../../testing/care-gap-factories';
import { createPatient } from '../../testing/clinical-factories';
import { colonoscopy, createQualityPractice, qualityLead, type QualityPractice } from './quality-test-support';

let test: TestApp;
let practice: QualityPractice;
let lead: SignedInUser;
const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  practice = await createQualityPractice(db());
  lead = await qualityLead(test.app, practice.organisationId);
});
afterAll(async () => {
  await test.app.close();
});

const patientsPage = (body: { searchText?: string; page?: number; pageSize?: number } = {}) =>
  callForResult(test.app, getQualityPatients, { token: lead.token, body });

describe('the patients of the Quality Workspace', () => {
  it('lists every patient in scope by name with their gaps counted per state', async () => {
    const { patients, total } = await patientsPage();
    expect(total).toBe(5);
    expect(patients.map((row) => [row.patient.lastName, row.open, row.closed, row.excluded])).toEqual([
      ['Adams', 2, 0, 0],
      ['Baker', 1, 0, 0],
      ['Cole', 1, 1, 0],
      ['Diaz', 1, 0, 1],
      ['Evans', 0, 0, 0],
    ]);
    expect(patients[0]).toMatchObject({ primaryProviderName: 'Maya Rivera', patient: { dateOfBirth: '1950-12-10' } });
  });

  it('finds patients by name, MRN or date of birth, a page at a time', async () => {
    expect((await patientsPage({ searchText: 'co' })).patients.map((row) => row.patient.lastName)).toEqual(['Cole']);
    const { mrn } = (await patientsPage({ searchText: 'diaz' })).patients[0]?.patient ?? {};
    expect((await patientsPage({ searchText: mrn ?? '' })).patients.map((row) => row.patient.lastName)).toEqual([
      'Diaz',
    ]);
    expect((await patientsPage({ searchText: '12/10/1950', page: 2, pageSize: 2 })).patients).toHaveLength(2);
  });
});

describe('the archive of closed and excluded gaps', () => {
  it('shows each closed or excluded gap with when and by what evidence, latest first', async () => {
    const { rows, total } = await callForResult(test.app, getQualityArchive, { token: lead.token, body: {} });
    expect(total).toBe(2);
    expect(rows.map((row) => [row.patient.lastName, row.measureId, row.status])).toEqual([
      ['Diaz', 'CMS125', 'excluded'],
      ['Cole', 'CMS130', 'closed'],
    ]);
    expect(rows[1]).toMatchObject({
      dueDate: '2027-12-31',
      evidence: [
        { resourceType: 'Procedure', date: '2026-03-02', code: '45378', description: 'Colonoscopy (CPT 45378)' },
      ],
    });
    expect(rows[0]?.evidence.map((evidence) => evidence.description)).toEqual(['Hospice care']);
    expect(Date.parse(rows[0]?.resolvedAt ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('filters by state, measure and when they closed', async () => {
    const archive = (filters: object) =>
      callForResult(test.app, getQualityArchive, { token: lead.token, body: { filters } });
    expect((await archive({ statuses: ['closed'] })).rows.map((row) => row.patient.lastName)).toEqual(['Cole']);
    expect((await archive({ measureIds: ['CMS125'] })).rows.map((row) => row.patient.lastName)).toEqual(['Diaz']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await archive({ resolvedAfter: today, resolvedBefore: today })).total).toBe(2);
    expect((await archive({ resolvedBefore: '2020-01-01' })).total).toBe(0);
  });

  it('moves a gap that closes from the worklist to the archive, with when it closed', async () => {
    const { organisationId } = practice;
    const { id: patientId } = await createPatient(db(), { organisationId, lastName: 'Fischer' });
    await storeCareGaps(db(), { organisationId, patientId, gaps: [aCareGap()], dataVersion: 1 });
    const inWorklist = async () =>
      (await callForResult(test.app, getQualityWorklist, { token: lead.token, body: {} })).rows.some(
        (row) => row.patient.cairnPatientId === patientId,
      );
    expect(await inWorklist()).toBe(true);

    const before = Date.now();
    await storeCareGaps(db(), {
      organisationId,
      patientId,
      gaps: [aCareGap({ status: 'closed', evidence: [colonoscopy] })],
      dataVersion: 2,
    });
    expect(await inWorklist()).toBe(false);
    const [latest] = (await callForResult(test.app, getQualityArchive, { token: lead.token, body: {} })).rows;
    expect(latest?.patient.lastName).toBe('Fischer');
    expect(Date.parse(latest?.resolvedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const measures = await callForResult(test.app, getQualityMeasures, { token: lead.token });
    expect(measures.find((measure) => measure.measureId === 'CMS130')).toMatchObject({ open: 3, closed: 2 });
  });
});
