import {
  getGroupPractices as getGroupPracticesEndpoint,
  getOrganisationSettings as getSettingsEndpoint,
  listOrganisationClinics as listClinicsEndpoint,
  listOrganisationDepartments as listDepartmentsEndpoint,
  listOrganisationProviders as listProvidersEndpoint,
  revertOrganisationClinicField as revertClinicEndpoint,
  revertOrganisationDepartmentField as revertDepartmentEndpoint,
  revertOrganisationProviderField as revertProviderEndpoint,
  saveOrganisationClinic as saveClinicEndpoint,
  saveOrganisationDepartment as saveDepartmentEndpoint,
  saveOrganisationProvider as saveProviderEndpoint,
  updateOrganisationSettings as updateSettingsEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import {
  getGroupPractices,
  listOrganisationClinics,
  listOrganisationDepartments,
  listOrganisationProviders,
  saveOrganisationClinic,
  saveOrganisationDepartment,
  saveOrganisationProvider,
} from './organisation-hierarchy.service';
import {
  revertOrganisationClinicField,
  revertOrganisationDepartmentField,
  revertOrganisationProviderField,
} from './organisation-hierarchy-revert.service';
import {
  getOrganisationSettings,
  updateOrganisationSettings,
  type OrganisationAdminDeps,
} from './organisation-settings.service';

/** The admin tool's Organisation section (issue 17 item 2) and getGroupPractices (spec §7). */
export function organisationAdminRoutes(app: FastifyInstance): void {
  const deps = (): OrganisationAdminDeps => ({ db: app.database.db, bus: app.eventBus });
  const db = () => app.database.db;
  route(app, getSettingsEndpoint, async ({ auth }) => ({ result: await getOrganisationSettings(deps(), auth) }));
  route(app, updateSettingsEndpoint, async ({ auth, body, request }) => ({
    result: await updateOrganisationSettings(deps(), { auth, clientAddress: request.ip }, body),
  }));
  route(app, listClinicsEndpoint, async ({ auth, body }) => ({
    result: await listOrganisationClinics(db(), auth, body),
  }));
  route(app, listDepartmentsEndpoint, async ({ auth, body }) => ({
    result: await listOrganisationDepartments(db(), auth, body),
  }));
  route(app, listProvidersEndpoint, async ({ auth, body }) => ({
    result: await listOrganisationProviders(db(), auth, body),
  }));
  route(app, saveClinicEndpoint, async ({ auth, body, request }) => ({
    result: await saveOrganisationClinic(db(), { auth, clientAddress: request.ip }, body),
  }));
  route(app, saveDepartmentEndpoint, async ({ auth, body, request }) => ({
    result: await saveOrganisationDepartment(db(), { auth, clientAddress: request.ip }, body),
  }));
  route(app, saveProviderEndpoint, async ({ auth, body, request }) => ({
    result: await saveOrganisationProvider(db(), { auth, clientAddress: request.ip }, body),
  }));
  route(app, revertClinicEndpoint, async ({ auth, body, request }) => ({
    result: await revertOrganisationClinicField(db(), { auth, clientAddress: request.ip }, body),
  }));
  route(app, revertDepartmentEndpoint, async ({ auth, body, request }) => ({
    result: await revertOrganisationDepartmentField(db(), { auth, clientAddress: request.ip }, body),
  }));
  route(app, revertProviderEndpoint, async ({ auth, body, request }) => ({
    result: await revertOrganisationProviderField(db(), { auth, clientAddress: request.ip }, body),
  }));
  route(app, getGroupPracticesEndpoint, async ({ auth }) => ({ result: await getGroupPractices(db(), auth) }));
}
