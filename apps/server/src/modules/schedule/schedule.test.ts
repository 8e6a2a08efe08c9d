import {
  getAdjacentAppointments,
  getClinicsDepartmentsProviders,
  getPermittedZones,
  getScheduleAppointments,
  getUserClinicsHierarchy,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientAnalyses, patients } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { call, callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import {
  createAppointment,
  createCareTeam,
  createPatient,
  linkUserToProvider,
  type CareTeam,
} from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';

const DAY = '2026-03-02';

let test: TestApp;
let organisationId: string;
let riverside: CareTeam;
let hillside: CareTeam;
let coderToken: string;
let providerToken: string;
let providerUserId: string;
/** Visits of DAY in time order: 08:00 Ada (Riverside), 09:00 Grace (Hillside), 10:00 Alan (Riverside). */
const sids: Record<'ada' | 'grace' | 'alan' | 'cancelled' | 'tomorrow' | 'foreign', string> = {
  ada: '',
  grace: '',
  alan: '',
  cancelled: '',
  tomorrow: '',
  foreign: '',
};
const patientIds: Record<'ada' | 'grace' | 'alan', string> = { ada: '', grace: '', alan: '' };

/** The sids of a summaries list, or of a page of it. */
function sidsOf(response: { json<T>(): T }): string[] {
  const { result } = response.json<{ result: { sid: string }[] | { appointments: { sid: string }[] } }>();
  return (Array.isArray(result) ? result : result.appointments).map((summary) => summary.sid);
}

async function analyse(patientId: string, counts: { openSuggestions: number; hccCount: number; openCareGaps: number }) {
  await test.app.database.db.insert(patientAnalyses).values({
    patientId,
    organisationId,
    dataVersion: 1,
    asOf: DAY,
    suggestions: [],
    careGaps: [],
    riskScore: { model: 'v28', current: 1, potential: 1.2 },
    ...counts,
  });
}

beforeAll(async () => {
  test = await buildTestApp();
  const db = test.app.database.db;
  organisationId = (await createOrganisation(db)).id;
  riverside = await createCareTeam(db, { organisationId, clinicName: 'Riverside Clinic', providerLastName: 'Rivera' });
  hillside = await createCareTeam(db, { organisationId, clinicName: 'Hillside Clinic', providerLastName: 'Hill' });
  const ada = await createPatient(db, { organisationId, firstName: 'Ada', lastName: 'Lovelace', mrn: 'MRN-ADA' });
  const grace = await createPatient(db, { organisationId, firstName: 'Grace', lastName: 'Hopper', mrn: 'MRN-GRACE' });
  const alan = await createPatient(db, { organisationId, firstName: 'Alan', lastName: 'Turing', mrn: 'MRN-ALAN' });
  Object.assign(patientIds, { ada: ada.id, grace: grace.id, alan: alan.id });
  const visit = (patientId: string, team: CareTeam, at: string, status = 'booked') =>
    createAppointment(db, { organisationId, patientId, providerId: team.provider.id, at, status }).then(
      (row) => row.id,
    );
  sids.alan = await visit(alan.id, riverside, `${DAY}T10:00`);
  sids.ada = await visit(ada.id, riverside, `${DAY}T08:00`);
  sids.grace = await visit(grace.id, hillside, `${DAY}T09:00`);
  sids.cancelled = await visit(alan.id, hillside, `${DAY}T11:00`, 'cancelled');
  sids.tomorrow = await visit(ada.id, riverside, '2026-03-03T08:00');
  await analyse(ada.id, { openSuggestions: 3, hccCount: 2, openCareGaps: 1 });
  await analyse(grace.id, { openSuggestions: 1, hccCount: 1, openCareGaps: 0 });
  // Alan's data changed after his analysis: his counts are stale and must not be shown.
  await analyse(alan.id, { openSuggestions: 9, hccCount: 9, openCareGaps: 9 });
  await db.update(patients).set({ dataVersion: 2 }).where(eq(patients.id, alan.id));

  const otherOrganisationId = (await createOrganisation(db, 'Elsewhere Health')).id;
  const elsewhere = await createCareTeam(db, { organisationId: otherOrganisationId });
  const stranger = await createPatient(db, { organisationId: otherOrganisationId, firstName: 'Otto' });
  sids.foreign = (
    await createAppointment(db, {
      organisationId: otherOrganisationId,
      patientId: stranger.id,
      providerId: elsewhere.provider.id,
      at: `${DAY}T08:30`,
    })
  ).id;

  coderToken = (await tokenFor(test.app, { organisationId, view: 'Coder' })).token;
  const provider = await tokenFor(test.app, { organisationId, view: 'Provider' });
  await linkUserToProvider(db, provider.user.id, riverside.provider.id);
  providerToken = provider.token;
  providerUserId = provider.user.id;
});
afterAll(async () => {
  await test.app.close();
});

describe('getPermittedZones', () => {
  it("answers the day's visits of the organisation in time order, with current counts or pending", async () => {
    const response = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: { isoDate: DAY, filters: {}, qaBranch: false },
    });
    expect(response.statusCode).toBe(200);
    const summaries = response.json().result as Record<string, unknown>[];
    expect(summaries.map((summary) => summary.sid)).toEqual([sids.ada, sids.grace, sids.alan]);
    expect(summaries[0]).toEqual({
      sid: sids.ada,
      cairnPatientId: patientIds.ada,
      cairnAppointmentId: sids.ada,
      startAt: `${DAY}T08:00:00.000Z`,
      patientName: 'Ada Lovelace',
      dateOfBirth: '1950-12-10',
      gender: 'female',
      mrn: 'MRN-ADA',
      visitType: 'Follow-up',
      status: 'booked',
      providerId: riverside.provider.id,
      providerName: 'Maya Rivera, MD',
      departmentName: 'Family Medicine',
      clinicName: 'Riverside Clinic',
      analysis: { status: 'current', openSuggestions: 3, hccCount: 2, openCareGaps: 1 },
    });
    expect(summaries[2]?.analysis).toEqual({ status: 'pending' });
  });

  it('narrows the list to the selected clinics, departments or providers', async () => {
    const byClinic = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: {
        isoDate: DAY,
        filters: { clinicIds: [hillside.clinic.id] },
      },
    });
    expect(sidsOf(byClinic)).toEqual([sids.grace]);
    const byProvider = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: {
        isoDate: DAY,
        filters: { providerIds: [riverside.provider.id] },
      },
    });
    expect(sidsOf(byProvider)).toEqual([sids.ada, sids.alan]);
    const byDepartment = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: {
        isoDate: DAY,
        filters: { departmentIds: [riverside.department.id], providerIds: [hillside.provider.id] },
      },
    });
    expect(byDepartment.json().result).toHaveLength(3);
  });

  it("narrows the list by the patient's name or MRN", async () => {
    const byName = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: { isoDate: DAY, patientLookup: 'hop' },
    });
    expect(sidsOf(byName)).toEqual([sids.grace]);
    const byFullName = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: { isoDate: DAY, patientLookup: 'turing alan' },
    });
    expect(sidsOf(byFullName)).toEqual([sids.alan]);
    const byMrn = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: { isoDate: DAY, patientLookup: 'mrn-ada' },
    });
    expect(sidsOf(byMrn)).toEqual([sids.ada]);
    const wildcard = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: { isoDate: DAY, patientLookup: '%' },
    });
    expect(wildcard.json().result).toEqual([]);
    // Separators alone name no word: only an MRN equal to the text could match.
    const separators = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: { isoDate: DAY, patientLookup: ', ,' },
    });
    expect(separators.json().result).toEqual([]);
  });

  it("shows a provider only their own visits, and never another organisation's", async () => {
    const response = await call(test.app, getPermittedZones, {
      token: providerToken,
      body: { isoDate: DAY, filters: {} },
    });
    expect(sidsOf(response)).toEqual([sids.ada, sids.alan]);
    const coder = await call(test.app, getPermittedZones, { token: coderToken, body: { isoDate: DAY } });
    expect(sidsOf(coder)).not.toContain(sids.foreign);
  });

  it("shows a provider their primary-care patients' visits with other providers too", async () => {
    const db = test.app.database.db;
    const otherDay = '2026-03-04';
    const mary = await createPatient(db, {
      organisationId,
      firstName: 'Mary',
      primaryProviderId: riverside.provider.id,
    });
    const withColleague = await createAppointment(db, {
      organisationId,
      patientId: mary.id,
      providerId: hillside.provider.id,
      at: `${otherDay}T09:00`,
    });
    const stranger = await createPatient(db, { organisationId, firstName: 'Sam' });
    await createAppointment(db, {
      organisationId,
      patientId: stranger.id,
      providerId: hillside.provider.id,
      at: `${otherDay}T10:00`,
    });
    const response = await call(test.app, getPermittedZones, { token: providerToken, body: { isoDate: otherDay } });
    expect(sidsOf(response)).toEqual([withColleague.id]);
    // The same scope when the filter names the colleague (a query that starts from the colleague's day).
    const filtered = await call(test.app, getPermittedZones, {
      token: providerToken,
      body: {
        isoDate: otherDay,
        filters: { providerIds: [hillside.provider.id] },
      },
    });
    expect(sidsOf(filtered)).toEqual([withColleague.id]);
    const own = await call(test.app, getPermittedZones, {
      token: providerToken,
      body: {
        isoDate: DAY,
        filters: { providerIds: [riverside.provider.id] },
      },
    });
    expect(sidsOf(own)).toEqual([sids.ada, sids.alan]);
  });

  it('writes one schedule.read audit entry with the day and the number of patients', async () => {
    const { user, token } = await tokenFor(test.app, { organisationId, view: 'Coder' });
    await call(test.app, getPermittedZones, { token, body: { isoDate: DAY } });
    const entries = await test.app.database.db.select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'schedule.read',
      patientId: null,
      details: { isoDate: DAY, patients: 3 },
    });
  });

  it('refuses a day that is not YYYY-MM-DD with 422 naming isoDate', async () => {
    const response = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: { isoDate: '03/02/2026', filters: {} },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.issues[0].field).toBe('isoDate');
    const impossible = await call(test.app, getPermittedZones, { token: coderToken, body: { isoDate: '2026-02-30' } });
    expect(impossible.statusCode).toBe(422);
  });

  it('refuses a filter id that is not a uuid with 422 naming the field', async () => {
    const response = await call(test.app, getPermittedZones, {
      token: coderToken,
      body: { isoDate: DAY, filters: { clinicIds: ['x'] } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.issues[0].field).toBe('filters.clinicIds.0');
  });

  it('refuses a caller who is not signed in with 401, on the v2 path too', async () => {
    expect((await call(test.app, getPermittedZones, { body: { isoDate: DAY } })).statusCode).toBe(401);
    expect((await call(test.app, getPermittedZones, { isV2: true, body: { isoDate: DAY } })).statusCode).toBe(401);
  });
});

describe('getScheduleAppointments', () => {
  it('answers one page of the day with the total', async () => {
    const first = await call(test.app, getScheduleAppointments, {
      token: coderToken,
      body: { isoDate: DAY, pageSize: 2 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(sidsOf(first)).toEqual([sids.ada, sids.grace]);
    const second = await call(test.app, getScheduleAppointments, {
      token: coderToken,
      body: { isoDate: DAY, page: 2, pageSize: 2 },
    });
    expect(sidsOf(second)).toEqual([sids.alan]);
    expect(second.json().result.appointments[0].analysis).toEqual({ status: 'pending' });
    const beyond = await call(test.app, getScheduleAppointments, {
      token: coderToken,
      body: { isoDate: DAY, page: 5, pageSize: 2 },
    });
    expect(beyond.json().result).toMatchObject({ appointments: [], total: 3 });
  });

  it('pages 20 visits by default, within the provider scope', async () => {
    const response = await call(test.app, getScheduleAppointments, {
      token: providerToken,
      body: { isoDate: DAY, filters: {} },
    });
    expect(response.json().result).toMatchObject({ total: 2, page: 1, pageSize: 20 });
  });

  it('refuses a bad isoDate with 422 and an anonymous caller with 401', async () => {
    const bad = await call(test.app, getScheduleAppointments, { token: coderToken, body: { isoDate: 'today' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.issues[0].field).toBe('isoDate');
    expect((await call(test.app, getScheduleAppointments, { body: { isoDate: DAY } })).statusCode).toBe(401);
  });
});

describe('getAdjacentAppointments', () => {
  it('answers the previous and next visit of the same day', async () => {
    const response = await call(test.app, getAdjacentAppointments, { token: coderToken, body: { sid: sids.grace } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({
      previous: {
        sid: sids.ada,
        cairnPatientId: patientIds.ada,
        patientName: 'Ada Lovelace',
        startAt: `${DAY}T08:00:00.000Z`,
      },
      next: {
        sid: sids.alan,
        cairnPatientId: patientIds.alan,
        patientName: 'Alan Turing',
        startAt: `${DAY}T10:00:00.000Z`,
      },
    });
  });

  it('answers null at the ends of the day (the cancelled visit and the next day do not count)', async () => {
    const first = await call(test.app, getAdjacentAppointments, { token: coderToken, body: { sid: sids.ada } });
    expect(first.json().result.previous).toBeNull();
    const last = await call(test.app, getAdjacentAppointments, { token: coderToken, body: { sid: sids.alan } });
    expect(last.json().result.next).toBeNull();
  });

  it("follows the caller's filters and scope", async () => {
    const filtered = await call(test.app, getAdjacentAppointments, {
      token: coderToken,
      body: {
        sid: sids.ada,
        filters: { providerIds: [riverside.provider.id] },
      },
    });
    expect(filtered.json().result.next.sid).toBe(sids.alan);
    const asProvider = await call(test.app, getAdjacentAppointments, {
      token: providerToken,
      body: { sid: sids.alan },
    });
    expect(asProvider.json().result.previous.sid).toBe(sids.ada);
  });

  it('audits the neighbours it reveals as patient reads', async () => {
    await call(test.app, getAdjacentAppointments, { token: providerToken, body: { sid: sids.ada } });
    const entries = await test.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, providerUserId), eq(auditLog.patientId, patientIds.alan)));
    expect(entries.at(-1)).toMatchObject({ action: 'patient.read', details: { what: 'schedule-adjacent' } });
  });

  it("answers 404 for a visit outside the provider's scope or of another organisation", async () => {
    expect(
      (await call(test.app, getAdjacentAppointments, { token: providerToken, body: { sid: sids.grace } })).statusCode,
    ).toBe(404);
    expect(
      (await call(test.app, getAdjacentAppointments, { token: coderToken, body: { sid: sids.foreign } })).statusCode,
    ).toBe(404);
  });

  it('refuses a malformed sid with 422 and an anonymous caller with 401', async () => {
    const bad = await call(test.app, getAdjacentAppointments, { token: coderToken, body: { sid: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.issues[0].field).toBe('sid');
    expect((await call(test.app, getAdjacentAppointments, { body: { sid: sids.ada } })).statusCode).toBe(401);
  });
});

describe('clinics hierarchy', () => {
  it("answers the organisation's clinics, departments and providers", async () => {
    const response = await call(test.app, getClinicsDepartmentsProviders, { token: providerToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({
      clinics: [
        {
          id: hillside.clinic.id,
          name: 'Hillside Clinic',
          departments: [
            {
              id: hillside.department.id,
              name: 'Family Medicine',
              providers: [{ id: hillside.provider.id, name: 'Maya Hill, MD' }],
            },
          ],
        },
        {
          id: riverside.clinic.id,
          name: 'Riverside Clinic',
          departments: [
            {
              id: riverside.department.id,
              name: 'Family Medicine',
              providers: [{ id: riverside.provider.id, name: 'Maya Rivera, MD' }],
            },
          ],
        },
      ],
    });
  });

  it("reduces the tree to a linked provider's own, with their providers as the default filter", async () => {
    const response = await call(test.app, getUserClinicsHierarchy, { token: providerToken });
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect((result as { clinics: { id: string }[] }).clinics.map((clinic) => clinic.id)).toEqual([riverside.clinic.id]);
    expect(result.defaultFilter).toEqual({ providerIds: [riverside.provider.id] });
    const coder = await call(test.app, getUserClinicsHierarchy, { token: coderToken });
    expect(coder.json().result.clinics).toHaveLength(2);
    expect(coder.json().result.defaultFilter).toEqual({ providerIds: [] });
  });

  it('refuses an anonymous caller with 401 and a body with unknown fields with 422', async () => {
    expect((await call(test.app, getClinicsDepartmentsProviders)).statusCode).toBe(401);
    expect((await call(test.app, getUserClinicsHierarchy)).statusCode).toBe(401);
    expect(
      (await callWithAnyBody(test.app, getUserClinicsHierarchy, { token: coderToken, body: { extra: 1 } })).statusCode,
    ).toBe(422);
  });
});
