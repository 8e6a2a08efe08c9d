import {
  getAppointmentDetails,
  getAppointmentDetailsByNid,
  getPatientDemographics,
  getPatientLookup,
  getPatients,
} from '@cairn/contracts';
import type { PatientDemographics, PatientListItem } from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverages, encounters, patientAnalyses } from '../../db/clinical-schema';
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
import { markPatientsChanged } from '../analysis';

let test: TestApp;
let organisationId: string;
let team: CareTeam;
let otherTeam: CareTeam;
let coderToken: string;

const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db())).id;
  team = await createCareTeam(db(), { organisationId });
  otherTeam = await createCareTeam(db(), { organisationId, providerLastName: 'Okafor', clinicName: 'Hillside' });
  coderToken = (await tokenFor(test.app, { organisationId, view: 'Coder' })).token;
});
afterAll(async () => {
  await test.app.close();
});

function futureDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function auditRows(userId: string) {
  return db().select().from(auditLog).where(eq(auditLog.userId, userId));
}

describe('getPatientLookup', () => {
  let lookupOrg: string;
  let token: string;
  beforeAll(async () => {
    lookupOrg = (await createOrganisation(db(), 'Lookup Clinic')).id;
    token = (await tokenFor(test.app, { organisationId: lookupOrg, view: 'Coder' })).token;
    const care = await createCareTeam(db(), { organisationId: lookupOrg });
    const ada = await createPatient(db(), {
      organisationId: lookupOrg,
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthDate: '1950-12-10',
      mrn: 'MRN-100',
      primaryProviderId: care.provider.id,
    });
    await createPatient(db(), {
      organisationId: lookupOrg,
      firstName: 'Alan',
      lastName: 'Lovell',
      birthDate: '1912-06-23',
    });
    await createPatient(db(), {
      organisationId: lookupOrg,
      firstName: 'Grace',
      lastName: 'Hopper',
      birthDate: '1950-12-10',
    });
    await createPatient(db(), {
      organisationId: lookupOrg,
      firstName: 'Percy',
      lastName: '100%_Smith',
      birthDate: '1980-01-01',
    });
    await createAppointment(db(), { organisationId: lookupOrg, patientId: ada.id, at: `${futureDay(3)}T09:00` });
    await createAppointment(db(), {
      organisationId: lookupOrg,
      patientId: ada.id,
      at: `${futureDay(1)}T09:00`,
      status: 'cancelled',
    });
  });

  const names = async (searchText: string) => {
    const response = await call(test.app, getPatientLookup, { token, body: { searchText } });
    expect(response.statusCode).toBe(200);
    return (response.json().result as { lastName: string }[]).map((patient) => patient.lastName);
  };

  it('finds patients by a last-name prefix, in any case, ordered by name', async () => {
    expect(await names('LOV')).toEqual(['Lovelace', 'Lovell']);
  });

  it('reads "first last" and "last, first" with prefixes', async () => {
    expect(await names('ada love')).toEqual(['Lovelace']);
    expect(await names('Lovelace, A')).toEqual(['Lovelace']);
    expect(await names('Lovell, Ada')).toEqual([]);
  });

  it('finds by date of birth in both formats, and by exact MRN', async () => {
    expect(await names('12/10/1950')).toEqual(['Hopper', 'Lovelace']);
    expect(await names('1950-12-10')).toEqual(['Hopper', 'Lovelace']);
    expect(await names('MRN-100')).toEqual(['Lovelace']);
    expect(await names('MRN-10')).toEqual([]);
  });

  it('treats % and _ as themselves', async () => {
    expect(await names('100%')).toEqual(['100%_Smith']);
    expect(await names('%')).toEqual([]);
  });

  it('answers each patient with their primary provider and next usable visit', async () => {
    const [ada] = (await call(test.app, getPatientLookup, { token, body: { searchText: 'Lovelace' } })).json<{
      result: PatientListItem[];
    }>().result;
    expect(ada).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1950-12-10',
      gender: 'female',
      mrn: 'MRN-100',
      primaryProviderName: 'Maya Rivera',
    });
    expect(ada?.nextVisit?.startAt.slice(0, 10)).toBe(futureDay(3));
  });

  it('never answers another organisation’s patients', async () => {
    await createPatient(db(), { organisationId, firstName: 'Ada', lastName: 'Lovelace', mrn: 'MRN-100' });
    const result = (await call(test.app, getPatientLookup, { token, body: { searchText: 'MRN-100' } })).json().result;
    expect(result).toHaveLength(1);
  });

  it('audits one patient.search entry without the search text', async () => {
    const { user, token: own } = await tokenFor(test.app, { organisationId: lookupOrg, view: 'Coder' });
    await call(test.app, getPatientLookup, { token: own, body: { searchText: 'Lovelace' } });
    const rows = await auditRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.action).toBe('patient.search');
    expect(JSON.stringify(rows[0]?.details)).not.toContain('Lovelace');
    expect(rows[0]?.details).toMatchObject({ searchedBy: 'name' });
  });

  it('answers 422 naming searchText when it is empty, and 401 without a token', async () => {
    const response = await call(test.app, getPatientLookup, { token, body: { searchText: ' ' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('searchText');
    expect((await call(test.app, getPatientLookup, { body: { searchText: 'a' } })).statusCode).toBe(401);
  });
});

describe('getPatients', () => {
  it('pages through the patients in scope with the total', async () => {
    const org = (await createOrganisation(db(), 'Paging Clinic')).id;
    const { token } = await tokenFor(test.app, { organisationId: org, view: 'Coder' });
    for (const lastName of ['Able', 'Baker', 'Carter', 'Dalton', 'Evans']) {
      await createPatient(db(), { organisationId: org, lastName });
    }
    const response = await call(test.app, getPatients, { token, body: { page: 2, pageSize: 2 } });
    expect(response.statusCode).toBe(200);
    const { patients, total } = response.json<{ result: { patients: PatientListItem[]; total: number } }>().result;
    expect(total).toBe(5);
    expect(patients.map((patient) => patient.lastName)).toEqual(['Carter', 'Dalton']);
    const searched = (
      await call(test.app, getPatients, { token, body: { searchText: 'b', page: 1, pageSize: 20 } })
    ).json().result;
    expect(searched.total).toBe(1);
  });

  it('answers 422 naming pageSize when it is too large', async () => {
    const response = await call(test.app, getPatients, { token: coderToken, body: { page: 1, pageSize: 1000 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('pageSize');
  });
});

describe('getPatientDemographics', () => {
  it('answers the banner: age, coverage, provider, pending risk score, visits', async () => {
    const patient = await createPatient(db(), {
      organisationId,
      birthDate: '1950-01-01',
      primaryProviderId: team.provider.id,
    });
    await db()
      .insert(coverages)
      .values([
        {
          organisationId,
          patientId: patient.id,
          payer: 'Medicare',
          plan: 'Part B',
          source: 'EHR',
          sourceId: `c-${patient.id}`,
        },
        {
          organisationId,
          patientId: patient.id,
          payer: 'Old Payer',
          status: 'cancelled',
          source: 'EHR',
          sourceId: `c2-${patient.id}`,
        },
      ]);
    const visit = await createAppointment(db(), { organisationId, patientId: patient.id, at: `${futureDay(2)}T10:00` });
    const response = await call(test.app, getPatientDemographics, {
      token: coderToken,
      body: { cairnPatientId: patient.id },
    });
    expect(response.statusCode).toBe(200);
    const banner = response.json<{ result: PatientDemographics }>().result;
    const expectedAge = new Date().getUTCFullYear() - 1950;
    expect(banner).toMatchObject({
      cairnPatientId: patient.id,
      age: expectedAge,
      isDeceased: false,
      gender: 'female',
      dateOfBirth: '1950-01-01',
      coverages: [{ payer: 'Medicare', plan: 'Part B' }],
      primaryProviderName: 'Maya Rivera',
      riskScore: { status: 'pending' },
      counts: null,
      recentVisits: [],
    });
    expect(banner.upcomingVisits.map((item) => item.sid)).toEqual([visit.id]);
  });

  it('gives a deceased patient’s age at death', async () => {
    const patient = await createPatient(db(), { organisationId, birthDate: '1940-06-15', deceasedDate: '2020-06-14' });
    const banner = (
      await call(test.app, getPatientDemographics, { token: coderToken, body: { cairnPatientId: patient.id } })
    ).json().result;
    expect(banner).toMatchObject({ age: 79, isDeceased: true, deceasedDate: '2020-06-14' });
  });

  it('answers 404 for another organisation’s patient, an unknown id, and a provider’s patient outside their scope', async () => {
    const otherOrg = (await createOrganisation(db(), 'Elsewhere')).id;
    const stranger = await createPatient(db(), { organisationId: otherOrg });
    expect(
      (await call(test.app, getPatientDemographics, { token: coderToken, body: { cairnPatientId: stranger.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(test.app, getPatientDemographics, { token: coderToken, body: { cairnPatientId: 'nope' } }))
        .statusCode,
    ).toBe(404);
    const { user, token } = await tokenFor(test.app, { organisationId, view: 'Provider' });
    await linkUserToProvider(db(), user.id, team.provider.id);
    const theirs = await createPatient(db(), { organisationId, primaryProviderId: team.provider.id });
    const notTheirs = await createPatient(db(), { organisationId, primaryProviderId: otherTeam.provider.id });
    expect(
      (await call(test.app, getPatientDemographics, { token, body: { cairnPatientId: theirs.id } })).statusCode,
    ).toBe(200);
    expect(
      (await call(test.app, getPatientDemographics, { token, body: { cairnPatientId: notTheirs.id } })).statusCode,
    ).toBe(404);
  });

  it('writes a patient.read audit entry', async () => {
    const { user, token } = await tokenFor(test.app, { organisationId, view: 'Coder' });
    const patient = await createPatient(db(), { organisationId });
    await call(test.app, getPatientDemographics, { token, body: { cairnPatientId: patient.id } });
    const rows = await auditRows(user.id);
    expect(rows.map((row) => [row.action, row.patientId])).toEqual([['patient.read', patient.id]]);
  });

  it('answers 422 naming cairnPatientId when it is missing', async () => {
    const response = await callWithAnyBody(test.app, getPatientDemographics, { token: coderToken, body: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('cairnPatientId');
  });
});

describe('getAppointmentDetails', () => {
  async function visitFor(options: { status?: string; deceasedDate?: string } = {}) {
    const patient = await createPatient(db(), {
      organisationId,
      primaryProviderId: team.provider.id,
      ...(options.deceasedDate ? { deceasedDate: options.deceasedDate } : {}),
    });
    const [encounter] = await db()
      .insert(encounters)
      .values({
        organisationId,
        patientId: patient.id,
        startDate: futureDay(0),
        source: 'EHR',
        sourceId: `enc-${patient.id}`,
      })
      .returning();
    const appointment = await createAppointment(db(), {
      organisationId,
      patientId: patient.id,
      providerId: team.provider.id,
      departmentId: team.department.id,
      encounterId: encounter?.id,
      at: `${futureDay(0)}T09:30`,
      reason: 'Diabetes follow-up',
      status: options.status ?? 'booked',
    });
    return { patient, appointment };
  }

  it('answers the visit and its patient’s banner, by summary id and by nid, on v2 too', async () => {
    const { patient, appointment } = await visitFor();
    const response = await call(test.app, getAppointmentDetails, {
      token: coderToken,
      body: { summaryId: appointment.id },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result.appointment).toMatchObject({
      sid: appointment.id,
      nid: appointment.sourceId,
      status: 'booked',
      visitType: 'Follow-up',
      reason: 'Diabetes follow-up',
      providerName: 'Maya Rivera',
      departmentName: 'Family Medicine',
      clinicName: 'Riverside Clinic',
      encounterId: `enc-${patient.id}`,
    });
    expect(result.patient.cairnPatientId).toBe(patient.id);
    const byNid = await call(test.app, getAppointmentDetailsByNid, {
      token: coderToken,
      body: { nid: appointment.sourceId },
    });
    expect(byNid.json().result.appointment.sid).toBe(appointment.id);
    const v2 = await call(test.app, getAppointmentDetails, {
      token: coderToken,
      body: { summaryId: appointment.id },
      isV2: true,
    });
    expect(v2.statusCode).toBe(200);
  });

  it('refuses cancelled, entered-in-error and no-show visits and deceased patients with 404', async () => {
    for (const status of ['cancelled', 'entered-in-error', 'noshow']) {
      const { appointment } = await visitFor({ status });
      const response = await call(test.app, getAppointmentDetails, {
        token: coderToken,
        body: { summaryId: appointment.id },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.details).toEqual({ reason: status });
    }
    const { appointment } = await visitFor({ deceasedDate: '2024-01-01' });
    const response = await call(test.app, getAppointmentDetails, {
      token: coderToken,
      body: { summaryId: appointment.id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe("This visit's patient is deceased.");
  });

  it('skips validation for an admin who asks, and ignores the request from anyone else', async () => {
    const { appointment } = await visitFor({ status: 'cancelled' });
    const { token: adminToken } = await tokenFor(test.app, { organisationId, isAdmin: true });
    const payload = { summaryId: appointment.id, skipValidation: true };
    expect((await call(test.app, getAppointmentDetails, { token: adminToken, body: payload })).statusCode).toBe(200);
    expect((await call(test.app, getAppointmentDetails, { token: coderToken, body: payload })).statusCode).toBe(404);
    expect(
      (await call(test.app, getAppointmentDetails, { token: adminToken, body: { summaryId: appointment.id } }))
        .statusCode,
    ).toBe(404);
  });

  it('never answers from the cache with data older than the patient’s', async () => {
    const { patient, appointment } = await visitFor();
    const payload = { summaryId: appointment.id, useCache: true };
    const before = (await call(test.app, getAppointmentDetails, { token: coderToken, body: payload })).json().result;
    expect(before.patient.coverages).toEqual([]);
    await db().transaction(async (transaction) => {
      await transaction.insert(coverages).values({
        organisationId,
        patientId: patient.id,
        payer: 'Aetna',
        source: 'EHR',
        sourceId: `cache-${patient.id}`,
      });
      await markPatientsChanged(transaction, organisationId, [patient.id]);
    });
    const after = (await call(test.app, getAppointmentDetails, { token: coderToken, body: payload })).json().result;
    expect(after.patient.coverages).toEqual([{ payer: 'Aetna', plan: null }]);
  });

  it('shows the risk score once the analysis of the current data is stored', async () => {
    const { patient, appointment } = await visitFor();
    const payload = { summaryId: appointment.id, useCache: true };
    expect(
      (await call(test.app, getAppointmentDetails, { token: coderToken, body: payload })).json().result.patient
        .riskScore,
    ).toEqual({
      status: 'pending',
    });
    await db()
      .insert(patientAnalyses)
      .values({
        patientId: patient.id,
        organisationId,
        dataVersion: 1,
        asOf: futureDay(0),
        suggestions: [],
        careGaps: [],
        riskScore: { model: 'v28', current: 1.2345, potential: 2.5 },
        openSuggestions: 3,
        hccCount: 2,
        openCareGaps: 1,
      });
    const banner = (await call(test.app, getAppointmentDetails, { token: coderToken, body: payload })).json().result
      .patient;
    expect(banner.riskScore).toEqual({ status: 'current', current: 1.2345, potential: 2.5 });
    expect(banner.counts).toEqual({ openSuggestions: 3, hccCount: 2, openCareGaps: 1 });
  });

  it('shows Pending again once the data changes after the analysis', async () => {
    const { patient, appointment } = await visitFor();
    await db()
      .insert(patientAnalyses)
      .values({
        patientId: patient.id,
        organisationId,
        dataVersion: 1,
        asOf: futureDay(0),
        suggestions: [],
        careGaps: [],
        riskScore: { model: 'v28', current: 0.9, potential: 1 },
        openSuggestions: 0,
        hccCount: 0,
        openCareGaps: 0,
      });
    const payload = { summaryId: appointment.id, useCache: true };
    expect(
      (await call(test.app, getAppointmentDetails, { token: coderToken, body: payload })).json().result.patient
        .riskScore.status,
    ).toBe('current');
    await markPatientsChanged(db(), organisationId, [patient.id]);
    expect(
      (await call(test.app, getAppointmentDetails, { token: coderToken, body: payload })).json().result.patient
        .riskScore,
    ).toEqual({
      status: 'pending',
    });
  });

  it('lists the latest past visits first and the next upcoming visits in order', async () => {
    const { patient, appointment } = await visitFor();
    const past = await createAppointment(db(), { organisationId, patientId: patient.id, at: '2024-03-01T09:00' });
    const older = await createAppointment(db(), { organisationId, patientId: patient.id, at: '2023-03-01T09:00' });
    const later = await createAppointment(db(), {
      organisationId,
      patientId: patient.id,
      at: `${futureDay(30)}T09:00`,
    });
    await createAppointment(db(), {
      organisationId,
      patientId: patient.id,
      at: `${futureDay(31)}T09:00`,
      status: 'entered-in-error',
    });
    const banner = (
      await call(test.app, getPatientDemographics, { token: coderToken, body: { cairnPatientId: patient.id } })
    ).json<{
      result: PatientDemographics;
    }>().result;
    // The visit of today counts as upcoming until it starts.
    const isTodayAhead = appointment.startAt >= new Date();
    expect(banner.recentVisits.map((visit) => visit.sid)).toEqual(
      isTodayAhead ? [past.id, older.id] : [appointment.id, past.id, older.id],
    );
    expect(banner.upcomingVisits.map((visit) => visit.sid)).toEqual(
      isTodayAhead ? [appointment.id, later.id] : [later.id],
    );
    const details = (
      await call(test.app, getAppointmentDetails, { token: coderToken, body: { summaryId: appointment.id } })
    ).json<{
      result: { patient: PatientDemographics };
    }>().result;
    expect(details.patient.recentVisits).toEqual(banner.recentVisits);
    expect(details.patient.upcomingVisits).toEqual(banner.upcomingVisits);
    const { user, token: providerToken } = await tokenFor(test.app, { organisationId, view: 'Provider' });
    await linkUserToProvider(db(), user.id, team.provider.id);
    const asProvider = (
      await call(test.app, getAppointmentDetails, { token: providerToken, body: { summaryId: appointment.id } })
    ).json<{
      result: { patient: PatientDemographics };
    }>().result;
    // The provider sees their own visit; the others (no provider) are their patient's, so in scope too.
    expect(asProvider.patient.recentVisits).toEqual(banner.recentVisits);
  });

  it('answers 404 for another organisation’s visit and a provider’s visit outside their scope', async () => {
    const otherOrg = (await createOrganisation(db(), 'Far Away')).id;
    const stranger = await createPatient(db(), { organisationId: otherOrg });
    const theirVisit = await createAppointment(db(), {
      organisationId: otherOrg,
      patientId: stranger.id,
      at: '2026-01-01T09:00',
    });
    expect(
      (await call(test.app, getAppointmentDetails, { token: coderToken, body: { summaryId: theirVisit.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(test.app, getAppointmentDetailsByNid, { token: coderToken, body: { nid: theirVisit.sourceId } }))
        .statusCode,
    ).toBe(404);
    const { user, token } = await tokenFor(test.app, { organisationId, view: 'Provider' });
    await linkUserToProvider(db(), user.id, otherTeam.provider.id);
    const { appointment } = await visitFor();
    expect(
      (await call(test.app, getAppointmentDetails, { token, body: { summaryId: appointment.id } })).statusCode,
    ).toBe(404);
  });

  it('writes a patient.read audit entry naming the visit', async () => {
    const { user, token } = await tokenFor(test.app, { organisationId, view: 'Coder' });
    const { patient, appointment } = await visitFor();
    await call(test.app, getAppointmentDetails, { token, body: { summaryId: appointment.id } });
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'patient.read')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      patientId: patient.id,
      details: { what: 'appointment-details', sid: appointment.id },
    });
  });

  it('answers 422 naming the field for a bad payload', async () => {
    const response = await callWithAnyBody(test.app, getAppointmentDetails, {
      token: coderToken,
      body: { summaryId: 'x', useCache: 'yes' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain('useCache');
    expect(
      (await callWithAnyBody(test.app, getAppointmentDetailsByNid, { token: coderToken, body: {} })).json().error
        .message,
    ).toContain('nid');
  });
});
