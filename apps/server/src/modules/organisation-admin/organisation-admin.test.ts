import {
  getFeatureFlags,
  getGroupPractices,
  getOrganisationSettings,
  isValidNpi,
  listOrganisationClinics,
  listOrganisationDepartments,
  listOrganisationProviders,
  saveOrganisationClinic,
  saveOrganisationDepartment,
  saveOrganisationProvider,
  setFeatureFlag,
  updateOrganisationSettings,
} from '@cairn/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { call, callForResult, callWithAnyBody, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createCareTeam, linkUserToProvider, type CareTeam } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';

let test: TestApp;
let organisationId: string;
let admin: SignedInUser;
let manager: SignedInUser;
let riverside: CareTeam;
let hillside: CareTeam;
let otherTeam: CareTeam;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db())).id;
  admin = await tokenFor(test.app, { organisationId, isAdmin: true });
  manager = await tokenFor(test.app, { organisationId, permissions: ['admin_tool'] });
  riverside = await createCareTeam(db(), {
    organisationId,
    clinicName: 'Riverside Clinic',
    providerLastName: 'Rivera',
  });
  hillside = await createCareTeam(db(), { organisationId, clinicName: 'Hillside Clinic', providerLastName: 'Hill' });
  const otherOrganisation = (await createOrganisation(db(), 'Elsewhere Health')).id;
  otherTeam = await createCareTeam(db(), { organisationId: otherOrganisation, clinicName: 'Elsewhere Clinic' });
});
afterAll(async () => {
  await test.app.close();
});

const db = () => test.app.database.db;

async function lastAudit(userId: string) {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.organisationId, organisationId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('NPI check digit', () => {
  it('accepts an NPI whose last digit is the Luhn digit over 80840 and the first nine, and no other', () => {
    expect(isValidNpi('1234567893')).toBe(true); // CMS's worked example
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
  });
});

describe('organisation settings', () => {
  it("answers CMS's published blend for each payment year when the organisation chose none", async () => {
    const settings = await callForResult(test.app, getOrganisationSettings, { token: manager.token });
    const byYear = new Map(settings.riskModels.map((model) => [model.paymentYear, model]));
    expect(byYear.get(2024)).toMatchObject({ v24Percent: 67, isCmsDefault: true });
    expect(byYear.get(2025)).toMatchObject({ v24Percent: 33, isCmsDefault: true });
    expect(byYear.get(2026)).toMatchObject({ v24Percent: 0, isCmsDefault: true });
    expect(settings).toMatchObject({
      organisation: { id: organisationId },
      frontendTabs: ['DxSummary', 'DocumentsList', 'ClinicalSummary', 'Quality', 'Ambient'],
      overlayOnlyView: false,
      organizationQuality: false,
    });
  });

  it("stores the organisation's risk model per payment year and audits it", async () => {
    const body = { riskModels: [{ paymentYear: 2026, v24Percent: 20 }] };
    const settings = await callForResult(test.app, updateOrganisationSettings, { token: manager.token, body });
    expect(settings.riskModels.find((model) => model.paymentYear === 2026)).toEqual({
      paymentYear: 2026,
      v24Percent: 20,
      isCmsDefault: false,
      cmsV24Percent: 0,
    });
    expect(await lastAudit(manager.user.id)).toMatchObject({
      action: 'organisation.settings.update',
      details: { setting: 'riskModels', riskModels: body.riskModels },
    });
    await callForResult(test.app, updateOrganisationSettings, { token: manager.token, body: { riskModels: [] } });
  });

  it('writes the tabs, overlay-only view and OrganizationQuality as flags, keeping their targeting rules', async () => {
    const rule = { clauses: [{ attribute: 'view', operator: 'in' as const, values: ['Coder'] }], value: ['DxSummary'] };
    await callForResult(test.app, setFeatureFlag, {
      token: admin.token,
      body: { key: 'configuration_FrontendTabs', defaultValue: ['DxSummary'], rules: [rule] },
    });
    const body = { frontendTabs: ['Quality', 'DxSummary'] as const, overlayOnlyView: true, organizationQuality: true };
    const settings = await callForResult(test.app, updateOrganisationSettings, {
      token: manager.token,
      body: { ...body, frontendTabs: [...body.frontendTabs] },
    });
    expect(settings).toMatchObject({ ...body, flagRuleCounts: { frontendTabs: 1 } });
    const provider = await tokenFor(test.app, { organisationId, view: 'Provider' });
    const flags = await callForResult(test.app, getFeatureFlags, { token: provider.token });
    expect(flags).toMatchObject({
      configuration_FrontendTabs: ['Quality', 'DxSummary'],
      configuration_OverlayOnlyView: true,
      configuration_OrganizationQuality: true,
    });
    const coder = await tokenFor(test.app, { organisationId, view: 'Coder' });
    expect((await callForResult(test.app, getFeatureFlags, { token: coder.token })).configuration_FrontendTabs).toEqual(
      ['DxSummary'],
    );
    expect(await lastAudit(manager.user.id)).toMatchObject({ action: 'flags.update' });
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const cases = [
      { body: { riskModels: [{ paymentYear: 2026, v24Percent: 120 }] }, field: 'riskModels.0.v24Percent' },
      { body: { frontendTabs: [] }, field: 'frontendTabs' },
      { body: { frontendTabs: ['Billing'] }, field: 'frontendTabs.0' },
      { body: { overlayOnlyView: 'yes' }, field: 'overlayOnlyView' },
    ];
    for (const { body, field } of cases) {
      const response = await callWithAnyBody(test.app, updateOrganisationSettings, { token: manager.token, body });
      expect(response.statusCode, field).toBe(422);
      const issues = response.json<{ error: { details: { issues: { field: string }[] } } }>().error.details.issues;
      expect(issues.map((issue) => issue.field)).toContain(field);
    }
  });

  it('is refused to a user without admin_tool', async () => {
    const provider = await tokenFor(test.app, { organisationId, view: 'Provider' });
    expect((await call(test.app, getOrganisationSettings, { token: provider.token })).statusCode).toBe(403);
    const body = { overlayOnlyView: true };
    expect((await call(test.app, updateOrganisationSettings, { token: provider.token, body })).statusCode).toBe(403);
  });
});

describe('clinics, departments and providers', () => {
  it("lists the organisation's clinics, searched and paged, saying which came from the EHR", async () => {
    const all = await callForResult(test.app, listOrganisationClinics, { token: manager.token });
    expect(all.clinics.map((clinic) => clinic.name)).toEqual(['Hillside Clinic', 'Riverside Clinic']);
    expect(all.clinics[0]).toMatchObject({ isFromEhr: true, source: 'EHR', departmentCount: 1 });
    const searched = await callForResult(test.app, listOrganisationClinics, {
      token: manager.token,
      body: { search: 'river', page: 1, pageSize: 1 },
    });
    expect(searched).toMatchObject({ total: 1, clinics: [{ id: riverside.clinic.id }] });
    const second = await callForResult(test.app, listOrganisationClinics, {
      token: manager.token,
      body: { page: 2, pageSize: 1 },
    });
    expect(second).toMatchObject({ total: 2, clinics: [{ id: riverside.clinic.id }] });
  });

  it('renames an EHR clinic, keeping its source and source id so that a later sync still matches it, and audits it', async () => {
    const renamed = await callForResult(test.app, saveOrganisationClinic, {
      token: manager.token,
      body: { clinicId: hillside.clinic.id, name: 'Hillside Family Clinic' },
    });
    expect(renamed).toMatchObject({
      name: 'Hillside Family Clinic',
      source: 'EHR',
      sourceId: hillside.clinic.sourceId,
    });
    expect(await lastAudit(manager.user.id)).toMatchObject({
      action: 'organisation.hierarchy.update',
      details: { operation: 'rename-clinic', from: 'Hillside Clinic', to: 'Hillside Family Clinic' },
    });
  });

  it('adds a clinic, a department and a provider by hand with the source CAIRN', async () => {
    const clinic = await callForResult(test.app, saveOrganisationClinic, {
      token: manager.token,
      body: { name: 'Lakeside Clinic' },
    });
    expect(clinic).toMatchObject({ source: 'CAIRN', isFromEhr: false, departmentCount: 0 });
    const department = await callForResult(test.app, saveOrganisationDepartment, {
      token: manager.token,
      body: { clinicId: clinic.id, name: 'Pediatrics' },
    });
    expect(department).toMatchObject({ clinicName: 'Lakeside Clinic', source: 'CAIRN' });
    const provider = await callForResult(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: { firstName: 'Lee', lastName: 'Lake', suffix: 'NP', npi: '1234567893', departmentId: department.id },
    });
    expect(provider).toMatchObject({
      firstName: 'Lee',
      lastName: 'Lake',
      suffix: 'NP',
      npi: '1234567893',
      departmentName: 'Pediatrics',
      clinicName: 'Lakeside Clinic',
      source: 'CAIRN',
    });
    const departments = await callForResult(test.app, listOrganisationDepartments, {
      token: manager.token,
      body: { clinicId: clinic.id },
    });
    expect(departments).toMatchObject({ total: 1, departments: [{ name: 'Pediatrics', providerCount: 1 }] });
    const found = await callForResult(test.app, listOrganisationProviders, {
      token: manager.token,
      body: { search: '1234567893' },
    });
    expect(found.providers.map((row) => row.id)).toEqual([provider.id]);
  });

  it("edits a provider's names, credentials and NPI and audits which fields changed", async () => {
    const edited = await callForResult(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: {
        providerId: riverside.provider.id,
        firstName: 'Maya',
        lastName: 'Rivera-Stone',
        suffix: 'DO',
        npi: '1234567893',
        departmentId: riverside.department.id,
      },
    });
    expect(edited).toMatchObject({ lastName: 'Rivera-Stone', suffix: 'DO', source: 'EHR' });
    expect(await lastAudit(manager.user.id)).toMatchObject({
      details: { operation: 'edit-provider', changed: ['lastName', 'suffix', 'npi'] },
    });
  });

  it('refuses an NPI whose check digit is wrong, naming the field', async () => {
    const response = await callWithAnyBody(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: { lastName: 'Wrong', npi: '1234567890' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { details: { issues: [{ field: 'npi' }] } } });
    const empty = await callWithAnyBody(test.app, saveOrganisationClinic, {
      token: manager.token,
      body: { name: ' ' },
    });
    expect(empty.json()).toMatchObject({ error: { details: { issues: [{ field: 'name' }] } } });
  });

  it("does not find another organisation's clinic, department or provider (404) and changes nothing", async () => {
    const clinic = await call(test.app, saveOrganisationClinic, {
      token: manager.token,
      body: { clinicId: otherTeam.clinic.id, name: 'Taken over' },
    });
    expect(clinic.statusCode).toBe(404);
    const department = await call(test.app, saveOrganisationDepartment, {
      token: manager.token,
      body: { clinicId: otherTeam.clinic.id, name: 'Moved' },
    });
    expect(department.json()).toMatchObject({ error: { code: 'NOT_FOUND', details: { field: 'clinicId' } } });
    const provider = await call(test.app, saveOrganisationProvider, {
      token: manager.token,
      body: { providerId: otherTeam.provider.id, lastName: 'Taken' },
    });
    expect(provider.statusCode).toBe(404);
    const [stored] = await db().select().from(clinics).where(eq(clinics.id, otherTeam.clinic.id));
    expect(stored?.name).toBe('Elsewhere Clinic');
  });

  it('is refused to a user without admin_tool', async () => {
    const coder = await tokenFor(test.app, { organisationId, view: 'Coder' });
    expect((await call(test.app, listOrganisationClinics, { token: coder.token })).statusCode).toBe(403);
    const body = { name: 'Nope' };
    expect((await call(test.app, saveOrganisationClinic, { token: coder.token, body })).statusCode).toBe(403);
  });
});

describe('getGroupPractices', () => {
  it("answers every clinic of the organisation to a coder, and never another organisation's", async () => {
    const coder = await tokenFor(test.app, { organisationId, view: 'Coder' });
    const { groupPractices } = await callForResult(test.app, getGroupPractices, { token: coder.token, isV2: true });
    const ids = groupPractices.map((practice) => practice.id);
    expect(ids).toEqual(expect.arrayContaining([riverside.clinic.id, hillside.clinic.id]));
    expect(ids).not.toContain(otherTeam.clinic.id);
  });

  it('answers a provider linked to providers only the clinics where they work', async () => {
    const provider = await tokenFor(test.app, { organisationId, view: 'Provider' });
    await linkUserToProvider(db(), provider.user.id, riverside.provider.id);
    const { groupPractices } = await callForResult(test.app, getGroupPractices, { token: provider.token });
    expect(groupPractices).toEqual([{ id: riverside.clinic.id, name: 'Riverside Clinic' }]);
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await call(test.app, getGroupPractices)).statusCode).toBe(401);
  });
});
