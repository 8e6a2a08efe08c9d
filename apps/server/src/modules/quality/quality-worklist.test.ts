import { exportQualityWorklist, getQualityWorklist, type EndpointInput } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/clinical-schema';
import { callForResult, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createQualityPractice, qualityLead, type QualityPractice } from './quality-test-support';

let test: TestApp;
let practice: QualityPractice;
let lead: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp();
  practice = await createQualityPractice(test.app.database.db);
  lead = await qualityLead(test.app, practice.organisationId);
});
afterAll(async () => {
  await test.app.close();
});

type WorklistInput = EndpointInput<typeof getQualityWorklist>;

const worklist = (body: WorklistInput = {}) => callForResult(test.app, getQualityWorklist, { token: lead.token, body });

/** The page's gaps as "Lastname CMSnnn". */
async function gapsOf(body: WorklistInput = {}): Promise<string[]> {
  const { rows } = await worklist(body);
  return rows.map((row) => `${row.patient.lastName} ${row.measureId}`);
}

describe('the quality worklist', () => {
  it("lists the organisation's open gaps, by due date and then name", async () => {
    const page = await worklist();
    expect(page.total).toBe(5);
    expect(page.rows.map((row) => `${row.patient.lastName} ${row.measureId} ${row.status}`)).toEqual([
      'Adams CMS125 open',
      'Adams CMS130 open',
      'Baker CMS130 open',
      'Cole CMS165 open',
      'Diaz CMS130 open',
    ]);
  });

  it("shows each gap's patient, primary provider with department and clinic, next visit and reason", async () => {
    const [row] = (await worklist({ filters: { measureIds: ['CMS125'] } })).rows;
    expect(row).toMatchObject({
      patient: { cairnPatientId: practice.patients.adams, lastName: 'Adams', dateOfBirth: '1950-12-10' },
      measureId: 'CMS125',
      measureVersion: 'CMS125v14',
      measureTitle: 'Breast Cancer Screening',
      dueDate: '2026-06-30',
      reason: 'No colorectal cancer screening on record',
      primaryProvider: { id: practice.riverside.provider.id, name: 'Maya Rivera' },
      departmentName: 'Family Medicine',
      clinicName: 'Riverside Clinic',
      nextVisit: { providerName: 'Maya Rivera' },
    });
    expect(Date.parse(row?.nextVisit?.startAt ?? '')).toBeGreaterThan(Date.now());
    const [cole] = (await worklist({ filters: { measureIds: ['CMS165'] } })).rows;
    expect(cole?.nextVisit).toBeNull();
  });

  it('filters by measure, status and due date', async () => {
    expect(await gapsOf({ filters: { measureIds: ['CMS130', 'CMS165'], statuses: ['open'] } })).toEqual([
      'Adams CMS130',
      'Baker CMS130',
      'Cole CMS165',
      'Diaz CMS130',
    ]);
    expect(await gapsOf({ filters: { dueBefore: '2026-07-01' } })).toEqual(['Adams CMS125']);
    expect(await gapsOf({ filters: { dueAfter: '2026-07-01', measureIds: ['CMS165'] } })).toEqual(['Cole CMS165']);
  });

  it("filters by the patient's primary provider, that provider's department or clinic", async () => {
    const { riverside, hillcrest } = practice;
    expect(await gapsOf({ filters: { providerIds: [hillcrest.provider.id] } })).toEqual(['Diaz CMS130']);
    expect(await gapsOf({ filters: { departmentIds: [hillcrest.department.id] } })).toEqual(['Diaz CMS130']);
    expect(await gapsOf({ filters: { clinicIds: [riverside.clinic.id], measureIds: ['CMS130'] } })).toEqual([
      'Adams CMS130',
      'Baker CMS130',
    ]);
    // Empty lists choose nothing in particular, as the schedule's filter.
    expect(
      await gapsOf({ filters: { providerIds: [], clinicIds: [], departmentIds: [], measureIds: [] } }),
    ).toHaveLength(5);
    // A clinic and a provider of another clinic: both.
    const both = { clinicIds: [hillcrest.clinic.id], providerIds: [riverside.provider.id], measureIds: ['CMS130'] };
    expect(await gapsOf({ filters: both })).toEqual(['Adams CMS130', 'Baker CMS130', 'Diaz CMS130']);
  });

  it('keeps the patients with a visit booked within the next days', async () => {
    expect(await gapsOf({ filters: { upcomingVisitWithinDays: 5 } })).toEqual([
      'Adams CMS125',
      'Adams CMS130',
      'Diaz CMS130',
    ]);
    expect(await gapsOf({ filters: { upcomingVisitWithinDays: 30, measureIds: ['CMS130'] } })).toEqual([
      'Adams CMS130',
      'Baker CMS130',
      'Diaz CMS130',
    ]);
  });

  it('sorts by patient name, measure and next visit, either way', async () => {
    expect(await gapsOf({ sort: 'patientName', direction: 'descending' })).toEqual([
      'Diaz CMS130',
      'Cole CMS165',
      'Baker CMS130',
      'Adams CMS130',
      'Adams CMS125',
    ]);
    expect(await gapsOf({ sort: 'measure' })).toEqual([
      'Adams CMS125',
      'Adams CMS130',
      'Baker CMS130',
      'Diaz CMS130',
      'Cole CMS165',
    ]);
    // Soonest visit first; patients without an upcoming visit last, by name.
    expect(await gapsOf({ sort: 'nextVisit' })).toEqual([
      'Diaz CMS130',
      'Adams CMS125',
      'Adams CMS130',
      'Baker CMS130',
      'Cole CMS165',
    ]);
    expect(await gapsOf({ sort: 'nextVisit', direction: 'descending' })).toEqual([
      'Baker CMS130',
      'Adams CMS130',
      'Adams CMS125',
      'Diaz CMS130',
      'Cole CMS165',
    ]);
    expect(await gapsOf({ sort: 'dueDate', direction: 'descending' })).toEqual([
      'Diaz CMS130',
      'Cole CMS165',
      'Baker CMS130',
      'Adams CMS130',
      'Adams CMS125',
    ]);
  });

  it('pages through every gap once in each order, with the total on every page', async () => {
    for (const sort of ['dueDate', 'patientName', 'measure', 'nextVisit'] as const) {
      const whole = await gapsOf({ sort });
      const pages = await Promise.all([1, 2, 3].map((page) => worklist({ sort, page, pageSize: 2 })));
      expect(pages.map((page) => page.total)).toEqual([5, 5, 5]);
      const paged = pages.flatMap((page) => page.rows.map((row) => `${row.patient.lastName} ${row.measureId}`));
      expect({ sort, paged }).toEqual({ sort, paged: whole });
    }
    expect((await worklist({ page: 4, pageSize: 2 })).rows).toEqual([]);
  });

  it('follows a patient to another primary care provider at once, with no new analysis', async () => {
    const { riverside, hillcrest, patients: ids } = practice;
    const moveBaker = (providerId: string) =>
      test.app.database.db.update(patients).set({ primaryProviderId: providerId }).where(eq(patients.id, ids.baker));
    await moveBaker(hillcrest.provider.id);
    expect(await gapsOf({ filters: { clinicIds: [hillcrest.clinic.id] } })).toEqual(['Baker CMS130', 'Diaz CMS130']);
    await moveBaker(riverside.provider.id);
    expect(await gapsOf({ filters: { clinicIds: [hillcrest.clinic.id] } })).toEqual(['Diaz CMS130']);
  });

  it('exports every gap of the filtered worklist in its order', async () => {
    const exported = await callForResult(test.app, exportQualityWorklist, {
      token: lead.token,
      body: { filters: { measureIds: ['CMS130'] }, sort: 'patientName' },
    });
    expect(exported.total).toBe(3);
    expect(exported.isTruncated).toBe(false);
    expect(exported.rows.map((row) => row.patient.lastName)).toEqual(['Adams', 'Baker', 'Diaz']);
  });
});
