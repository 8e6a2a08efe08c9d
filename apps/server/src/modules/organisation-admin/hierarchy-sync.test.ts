import {
  listOrganisationDepartments,
  listOrganisationProviders,
  revertOrganisationClinicField,
  revertOrganisationDepartmentField,
  revertOrganisationProviderField,
  saveOrganisationClinic,
  saveOrganisationDepartment,
  saveOrganisationProvider,
  type AdminDepartment,
  type AdminProvider,
} from '@cairn/contracts';
import type { Location, Organization, Practitioner } from '@medplum/fhirtypes';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ehrConnections } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { createFhirClient } from '../../integrations/fhir/fhir-client';
import { startTestFhirServer, type TestFhirServer } from '../../integrations/fhir/fhir-test-server';
import { call, callForResult, callWithAnyBody, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createCareTeam, type CareTeam } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { syncPatientFromEhr } from '../ehr-sync';

// An administrator's edits of clinics, departments and providers synced from the EHR (issue 17 item 2),
// through the real patient sync against a FHIR server started by the test.

let test: TestApp;
let ehr: TestFhirServer;
let organisationId: string;
let connectionId: string;
let manager: SignedInUser;
let patientFhirId: string;
let practitioner: Practitioner;
let clinic: Organization;
let location: Location;
let otherTeam: CareTeam;

const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  ehr = await startTestFhirServer();
  organisationId = (await createOrganisation(db())).id;
  manager = await tokenFor(test.app, { organisationId, permissions: ['admin_tool'] });
  const [connection] = await db()
    .insert(ehrConnections)
    .values({ organisationId, name: 'Sandbox', fhirBaseUrl: ehr.baseUrl, clientId: 'cairn' })
    .returning();
  connectionId = connection?.id ?? '';
  clinic = await ehr.repo.createResource<Organization>({ resourceType: 'Organization', name: 'Riverside Clinic' });
  location = await ehr.repo.createResource<Location>({
    resourceType: 'Location',
    name: 'Cardiology',
    managingOrganization: { reference: `Organization/${clinic.id ?? ''}` },
  });
  practitioner = await ehr.repo.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ use: 'official', family: 'Rivera', given: ['Maya'], suffix: ['MD'] }],
    identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' }],
  });
  const patient = await ehr.repo.createResource({
    resourceType: 'Patient',
    name: [{ family: 'Sync', given: ['Pat'] }],
    birthDate: '1950-02-03',
    gender: 'female',
    generalPractitioner: [{ reference: `Practitioner/${practitioner.id ?? ''}` }],
  });
  patientFhirId = patient.id;
  await ehr.repo.createResource({
    resourceType: 'Appointment',
    status: 'booked',
    start: '2026-03-02T09:00:00Z',
    participant: [
      { actor: { reference: `Patient/${patientFhirId}` }, status: 'accepted' },
      { actor: { reference: `Practitioner/${practitioner.id ?? ''}` }, status: 'accepted' },
      { actor: { reference: `Location/${location.id ?? ''}` }, status: 'accepted' },
    ],
  });
  otherTeam = await createCareTeam(db(), { organisationId: (await createOrganisation(db(), 'Elsewhere')).id });
});
afterAll(async () => {
  await test.app.close();
  await ehr.close();
});

async function sync(): Promise<void> {
  const client = createFhirClient({ baseUrl: ehr.baseUrl, getAccessToken: () => Promise.resolve('token') });
  const result = await syncPatientFromEhr(db(), { organisationId, connectionId, client, patientFhirId });
  expect(result.rejected).toEqual([]);
}

async function syncedProvider(): Promise<AdminProvider> {
  const { providers } = await callForResult(test.app, listOrganisationProviders, {
    token: manager.token,
    body: { search: '1234567893' },
  });
  const found = providers.find((row) => row.sourceId === practitioner.id);
  if (!found) throw new Error('the practitioner was not synced');
  return found;
}

async function syncedDepartment(): Promise<AdminDepartment> {
  const { departments } = await callForResult(test.app, listOrganisationDepartments, { token: manager.token });
  const found = departments.find((row) => row.sourceId === location.id);
  if (!found) throw new Error('the location was not synced');
  return found;
}

async function updatePractitioner(name: { family: string; given: string[] }): Promise<void> {
  practitioner = await ehr.repo.updateResource<Practitioner>({
    ...practitioner,
    name: [{ use: 'official', ...name, suffix: ['MD'] }],
  });
}

async function lastAudit() {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, manager.user.id), eq(auditLog.organisationId, organisationId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const providerBody = (provider: AdminProvider) => ({
  providerId: provider.id,
  firstName: provider.firstName,
  lastName: provider.lastName,
  suffix: provider.suffix,
  npi: provider.npi,
  departmentId: provider.departmentId,
});

describe("the EHR sync and an administrator's edits", () => {
  it("reads the practitioner, location and organization a patient's record names, with its EHR id and sync time", async () => {
    await sync();
    const provider = await syncedProvider();
    expect(provider).toMatchObject({
      firstName: 'Maya',
      lastName: 'Rivera',
      suffix: 'MD',
      source: 'EHR',
      isHandAdded: false,
      editedFields: [],
    });
    expect(Date.parse(provider.syncedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await syncedDepartment()).toMatchObject({ name: 'Cardiology', clinicName: 'Riverside Clinic' });
  });

  it("keeps a provider's edited name at the next sync, shows the EHR's, and follows the EHR on the fields nobody edited", async () => {
    const before = await syncedProvider();
    const edited = await callForResult(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: { ...providerBody(before), lastName: 'Rivera-Stone' },
    });
    expect(edited.editedFields).toEqual([{ field: 'lastName', ehrValue: 'Rivera', ehrDisplay: 'Rivera' }]);
    expect(await lastAudit()).toMatchObject({
      action: 'organisation.hierarchy.update',
      details: { operation: 'edit-provider', changed: ['lastName'], edited: ['lastName'] },
    });

    await updatePractitioner({ family: 'Rivera-Lopez', given: ['Maia'] });
    await sync();
    const after = await syncedProvider();
    expect(after).toMatchObject({ lastName: 'Rivera-Stone', firstName: 'Maia', suffix: 'MD' });
    expect(after.editedFields).toEqual([{ field: 'lastName', ehrValue: 'Rivera-Lopez', ehrDisplay: 'Rivera-Lopez' }]);
    expect(Date.parse(after.syncedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(before.syncedAt ?? ''));
  });

  it("uses the EHR's value again on revert, audited, and follows the EHR from then on", async () => {
    const provider = await syncedProvider();
    const reverted = await callForResult(test.app, revertOrganisationProviderField, {
      token: manager.token,
      body: { providerId: provider.id, field: 'lastName' },
    });
    expect(reverted).toMatchObject({ lastName: 'Rivera-Lopez', editedFields: [] });
    expect(await lastAudit()).toMatchObject({
      action: 'organisation.hierarchy.update',
      details: { providerId: provider.id, operation: 'revert-provider-field', field: 'lastName' },
    });
    await updatePractitioner({ family: 'Rivera', given: ['Maya'] });
    await sync();
    expect(await syncedProvider()).toMatchObject({ firstName: 'Maya', lastName: 'Rivera', editedFields: [] });
  });

  it("gives a field back to the EHR when the administrator sets it to the EHR's value", async () => {
    const provider = await syncedProvider();
    await callForResult(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: { ...providerBody(provider), suffix: 'DO' },
    });
    const back = await callForResult(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: { ...providerBody(provider), suffix: 'MD' },
    });
    expect(back.editedFields).toEqual([]);
    expect(await lastAudit()).toMatchObject({ details: { edited: [], released: ['suffix'] } });
  });

  it("keeps a department's edited name and clinic at the next sync, naming the EHR's clinic, until reverted", async () => {
    const department = await syncedDepartment();
    const lakeside = await callForResult(test.app, saveOrganisationClinic, {
      token: manager.token,
      body: { name: 'Lakeside Clinic' },
    });
    await callForResult(test.app, saveOrganisationDepartment, {
      token: manager.token,
      body: { departmentId: department.id, clinicId: lakeside.id, name: 'Heart Center' },
    });
    await sync();
    const kept = await syncedDepartment();
    expect(kept).toMatchObject({ name: 'Heart Center', clinicName: 'Lakeside Clinic' });
    expect(kept.editedFields).toEqual([
      { field: 'name', ehrValue: 'Cardiology', ehrDisplay: 'Cardiology' },
      { field: 'clinicId', ehrValue: department.clinicId, ehrDisplay: 'Riverside Clinic' },
    ]);
    const reverted = await callForResult(test.app, revertOrganisationDepartmentField, {
      token: manager.token,
      body: { departmentId: department.id, field: 'clinicId' },
    });
    expect(reverted).toMatchObject({ name: 'Heart Center', clinicName: 'Riverside Clinic' });
    expect(reverted.editedFields.map((edit) => edit.field)).toEqual(['name']);
  });

  it("keeps a clinic's edited name at the next sync, and reverts it", async () => {
    const department = await syncedDepartment();
    const renamed = await callForResult(test.app, saveOrganisationClinic, {
      token: manager.token,
      body: { clinicId: department.clinicId, name: 'Riverside Family Clinic' },
    });
    expect(renamed.editedFields).toEqual([
      { field: 'name', ehrValue: 'Riverside Clinic', ehrDisplay: 'Riverside Clinic' },
    ]);
    await sync();
    expect((await syncedDepartment()).clinicName).toBe('Riverside Family Clinic');
    const reverted = await callForResult(test.app, revertOrganisationClinicField, {
      token: manager.token,
      body: { clinicId: department.clinicId, field: 'name' },
    });
    expect(reverted).toMatchObject({ name: 'Riverside Clinic', editedFields: [] });
    expect(await lastAudit()).toMatchObject({ details: { operation: 'revert-clinic-field', field: 'name' } });
  });

  it('keeps an NPI the EHR gave that fails the check digit when a name is edited, and refuses a new one that fails it', async () => {
    practitioner = await ehr.repo.updateResource<Practitioner>({
      ...practitioner,
      identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1020261121' }],
    });
    await sync();
    const { providers } = await callForResult(test.app, listOrganisationProviders, {
      token: manager.token,
      body: { search: '1020261121' },
    });
    const provider = providers[0];
    if (!provider) throw new Error('the practitioner was not synced');
    const renamed = await callForResult(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: { ...providerBody(provider), firstName: 'Maia' },
    });
    expect(renamed).toMatchObject({ firstName: 'Maia', npi: '1020261121' });
    const refused = await callWithAnyBody(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: { ...providerBody(provider), npi: '1020261122' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { details: { issues: [{ field: 'npi' }] } } });
    practitioner = await ehr.repo.updateResource<Practitioner>({
      ...practitioner,
      identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' }],
    });
    await callForResult(test.app, revertOrganisationProviderField, {
      token: manager.token,
      body: { providerId: provider.id, field: 'firstName' },
    });
    await sync();
  });

  it('leaves a provider added by hand as it is, with no EHR id or sync time', async () => {
    const added = await callForResult(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: { firstName: 'Maya', lastName: 'Handmade', suffix: 'NP', npi: '1234567893' },
    });
    expect(added).toMatchObject({ source: 'CAIRN', isHandAdded: true, syncedAt: null, editedFields: [] });
    await sync();
    const { providers } = await callForResult(test.app, listOrganisationProviders, {
      token: manager.token,
      body: { search: 'Handmade' },
    });
    expect(providers).toEqual([added]);
    const refused = await call(test.app, revertOrganisationProviderField, {
      token: manager.token,
      body: { providerId: added.id, field: 'lastName' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'CONFLICT', details: { field: 'field' } } });
  });
});

describe("using the EHR's value", () => {
  it('refuses a field that was not edited (409 naming it)', async () => {
    const provider = await syncedProvider();
    const response = await call(test.app, revertOrganisationProviderField, {
      token: manager.token,
      body: { providerId: provider.id, field: 'npi' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { details: { field: 'field' } } });
  });

  it('refuses a field the sync does not write, or no row, with a 422 naming the field', async () => {
    const provider = await syncedProvider();
    const cases = [
      { body: { providerId: provider.id, field: 'departmentId' }, field: 'field' },
      { body: { providerId: 'nope', field: 'lastName' }, field: 'providerId' },
      { body: { field: 'lastName' }, field: 'providerId' },
    ];
    for (const { body, field } of cases) {
      const response = await callWithAnyBody(test.app, revertOrganisationProviderField, {
        token: manager.token,
        body,
      });
      expect(response.statusCode, field).toBe(422);
      const issues = response.json<{ error: { details: { issues: { field: string }[] } } }>().error.details.issues;
      expect(issues.map((issue) => issue.field)).toContain(field);
    }
  });

  it("does not find another organisation's row (404)", async () => {
    const body = { providerId: otherTeam.provider.id, field: 'lastName' as const };
    const response = await call(test.app, revertOrganisationProviderField, { token: manager.token, body });
    expect(response.statusCode).toBe(404);
    const clinicResponse = await call(test.app, revertOrganisationClinicField, {
      token: manager.token,
      body: { clinicId: otherTeam.clinic.id, field: 'name' },
    });
    expect(clinicResponse.json()).toMatchObject({ error: { code: 'NOT_FOUND', details: { field: 'clinicId' } } });
  });

  it('is refused to a user without admin_tool', async () => {
    const coder = await tokenFor(test.app, { organisationId, view: 'Coder' });
    const provider = await syncedProvider();
    const body = { providerId: provider.id, field: 'lastName' as const };
    expect((await call(test.app, revertOrganisationProviderField, { token: coder.token, body })).statusCode).toBe(403);
  });
});
