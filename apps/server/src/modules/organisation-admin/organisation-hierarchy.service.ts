import {
  CLINIC_SYNCED_FIELDS,
  DEPARTMENT_SYNCED_FIELDS,
  isValidNpi,
  PROVIDER_SYNCED_FIELDS,
  type AdminClinic,
  type AdminDepartment,
  type AdminProvider,
  type EndpointBody,
  type saveOrganisationDepartment as saveDepartmentEndpoint,
  type saveOrganisationProvider as saveProviderEndpoint,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { loadCareScope, writeAudit, type AuthContext } from '../../access';
import { editedFieldsOf, editStateAfterSave } from './hierarchy-edits';
import {
  findClinic,
  findDepartment,
  findProvider,
  HAND_ADDED_SOURCE,
  insertClinic,
  insertDepartment,
  insertProvider,
  listClinics,
  listDepartments,
  listGroupPractices,
  listProviders,
  lockHierarchyRow,
  updateClinic,
  updateDepartment,
  updateProvider,
  type ClinicRow,
  type DepartmentRow,
  type Page,
  type ProviderRow,
} from './organisation-admin.repository';
import type { AdminCaller } from './organisation-settings.service';

/**
 * Clinics, departments and providers as the EHR sync wrote them, edited by hand. An edit keeps the row's
 * source and source id, so a later sync still matches it, and marks each synced field it changes as
 * edited in Cairn: the sync leaves an edited field as it is and records the EHR's value beside it, until
 * the administrator gives the field back to the EHR (organisation-hierarchy-revert.service.ts). Rows added
 * here have the source CAIRN and no sync touches them.
 */

export interface ListQuery {
  search?: string | undefined;
  page: number;
  pageSize: number;
}

const pageOf = (query: ListQuery): Page => ({
  search: query.search === '' ? undefined : query.search,
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});
const sourceOf = (row: { source: string; sourceId: string; updatedAt: Date; syncedAt: Date | null }) => ({
  source: row.source,
  sourceId: row.sourceId,
  isFromEhr: row.source === 'EHR',
  isHandAdded: row.source === HAND_ADDED_SOURCE,
  updatedAt: row.updatedAt.toISOString(),
  syncedAt: row.syncedAt?.toISOString() ?? null,
});
export const clinicOut = (row: ClinicRow): AdminClinic => ({
  id: row.id,
  name: row.name,
  departmentCount: row.departmentCount,
  ...sourceOf(row),
  editedFields: editedFieldsOf(row, CLINIC_SYNCED_FIELDS),
});
export const departmentOut = (row: DepartmentRow): AdminDepartment => ({
  id: row.id,
  name: row.name,
  clinicId: row.clinicId,
  clinicName: row.clinicName,
  providerCount: row.providerCount,
  ...sourceOf(row),
  editedFields: editedFieldsOf(row, DEPARTMENT_SYNCED_FIELDS, (field, value) =>
    field === 'clinicId' ? row.ehrClinicName : value,
  ),
});
export const providerOut = (row: ProviderRow): AdminProvider => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  suffix: row.suffix,
  npi: row.npi,
  departmentId: row.departmentId,
  departmentName: row.departmentName,
  clinicName: row.clinicName,
  ...sourceOf(row),
  editedFields: editedFieldsOf(row, PROVIDER_SYNCED_FIELDS),
});

export async function auditHierarchy(db: Db, caller: AdminCaller, details: Record<string, unknown>): Promise<void> {
  await writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action: 'organisation.hierarchy.update',
    clientAddress: caller.clientAddress,
    details,
  });
}

export async function listOrganisationClinics(db: Db, auth: AuthContext, query: ListQuery) {
  const { rows, total } = await listClinics(db, auth.organisationId, pageOf(query));
  return { clinics: rows.map(clinicOut), total };
}

export async function listOrganisationDepartments(
  db: Db,
  auth: AuthContext,
  query: ListQuery & { clinicId?: string | undefined },
) {
  const { rows, total } = await listDepartments(db, {
    organisationId: auth.organisationId,
    clinicId: query.clinicId,
    page: pageOf(query),
  });
  return { departments: rows.map(departmentOut), total };
}

export async function listOrganisationProviders(
  db: Db,
  auth: AuthContext,
  query: ListQuery & { departmentId?: string | undefined },
) {
  const { rows, total } = await listProviders(db, {
    organisationId: auth.organisationId,
    departmentId: query.departmentId,
    page: pageOf(query),
  });
  return { providers: rows.map(providerOut), total };
}

/** Another organisation's row is not found (404), with the field that named it. */
export const notFound = (what: string, field: string) => new AppError('NOT_FOUND', `${what} not found.`, { field });

export async function saveOrganisationClinic(
  db: Db,
  caller: AdminCaller,
  input: { clinicId?: string | undefined; name: string },
): Promise<AdminClinic> {
  const { organisationId } = caller.auth;
  let clinicId = input.clinicId;
  if (clinicId) {
    const id = clinicId;
    const { before, edits } = await db.transaction(async (tx) => {
      await lockHierarchyRow(tx, 'clinics', organisationId, id);
      const found = await findClinic(tx, organisationId, id);
      if (!found) throw notFound('Clinic', 'clinicId');
      const state = editStateAfterSave({ fields: CLINIC_SYNCED_FIELDS, before: found, after: { name: input.name } });
      await updateClinic(tx, { organisationId, clinicId: id }, { name: input.name, ...state.state });
      return { before: found, edits: state };
    });
    const details = { clinicId, operation: 'rename-clinic', from: before.name, to: input.name };
    await auditHierarchy(db, caller, { ...details, edited: edits.edited, released: edits.released });
  } else {
    clinicId = await insertClinic(db, organisationId, input.name);
    await auditHierarchy(db, caller, { clinicId, operation: 'add-clinic', name: input.name });
  }
  const row = await findClinic(db, organisationId, clinicId);
  if (!row) throw notFound('Clinic', 'clinicId');
  return clinicOut(row);
}

export async function saveOrganisationDepartment(
  db: Db,
  caller: AdminCaller,
  input: EndpointBody<typeof saveDepartmentEndpoint>,
): Promise<AdminDepartment> {
  const { organisationId } = caller.auth;
  if (!(await findClinic(db, organisationId, input.clinicId))) throw notFound('Clinic', 'clinicId');
  let departmentId = input.departmentId;
  if (departmentId) {
    const id = departmentId;
    const { before, edits } = await db.transaction(async (tx) => {
      await lockHierarchyRow(tx, 'departments', organisationId, id);
      const found = await findDepartment(tx, organisationId, id);
      if (!found) throw notFound('Department', 'departmentId');
      const after = { clinicId: input.clinicId, name: input.name };
      const state = editStateAfterSave({ fields: DEPARTMENT_SYNCED_FIELDS, before: found, after });
      await updateDepartment(tx, { organisationId, departmentId: id, ...after, ...state.state });
      return { before: found, edits: state };
    });
    const details = { departmentId, operation: 'edit-department', from: before.name, to: input.name };
    await auditHierarchy(db, caller, {
      ...details,
      clinicId: input.clinicId,
      edited: edits.edited,
      released: edits.released,
    });
  } else {
    departmentId = await insertDepartment(db, { organisationId, clinicId: input.clinicId, name: input.name });
    await auditHierarchy(db, caller, {
      departmentId,
      operation: 'add-department',
      clinicId: input.clinicId,
      name: input.name,
    });
  }
  const row = await findDepartment(db, organisationId, departmentId);
  if (!row) throw notFound('Department', 'departmentId');
  return departmentOut(row);
}

/**
 * A new or changed NPI must pass the NPI check digit; one the EHR gave (the provider's as it stands, or
 * the EHR's latest) is accepted as it is, so that an EHR whose NPIs fail the check does not stop an
 * administrator editing a provider's name.
 */
function assertNpiAccepted(npi: string | null, before: ProviderRow | undefined): void {
  if (npi === null || npi === before?.npi || npi === before?.ehrValues?.npi || isValidNpi(npi)) return;
  const message = /^\d{10}$/.test(npi) ? 'Not a valid NPI (check digit)' : 'Ten digits';
  throw AppError.validation([{ field: 'npi', message }]);
}

export async function saveOrganisationProvider(
  db: Db,
  caller: AdminCaller,
  input: EndpointBody<typeof saveProviderEndpoint>,
): Promise<AdminProvider> {
  const { organisationId } = caller.auth;
  const { providerId: givenId, ...fields } = input;
  const cleaned = { ...fields, suffix: fields.suffix || null, npi: fields.npi || null };
  const before = givenId ? await findProvider(db, organisationId, givenId) : undefined;
  if (givenId && !before) throw notFound('Provider', 'providerId');
  assertNpiAccepted(cleaned.npi, before);
  if (cleaned.departmentId && !(await findDepartment(db, organisationId, cleaned.departmentId))) {
    throw notFound('Department', 'departmentId');
  }
  let providerId = givenId;
  if (providerId && before) {
    const id = providerId;
    const edits = await db.transaction(async (tx) => {
      await lockHierarchyRow(tx, 'providers', organisationId, id);
      // Read again under the lock: the edit state may have changed since the checks above.
      const current = (await findProvider(tx, organisationId, id)) ?? before;
      const state = editStateAfterSave({ fields: PROVIDER_SYNCED_FIELDS, before: current, after: cleaned });
      await updateProvider(tx, { organisationId, providerId: id }, { ...cleaned, ...state.state });
      return state;
    });
    const changed = (['firstName', 'lastName', 'suffix', 'npi', 'departmentId'] as const).filter(
      (key) => before[key] !== cleaned[key],
    );
    const outcome = { edited: edits.edited, released: edits.released };
    await auditHierarchy(db, caller, { providerId, operation: 'edit-provider', changed, ...outcome });
  } else {
    providerId = await insertProvider(db, organisationId, cleaned);
    await auditHierarchy(db, caller, { providerId, operation: 'add-provider' });
  }
  const row = await findProvider(db, organisationId, providerId);
  if (!row) throw notFound('Provider', 'providerId');
  return providerOut(row);
}

/** The group practices (clinics) in the caller's care scope (spec §7 getGroupPractices). */
export async function getGroupPractices(db: Db, auth: AuthContext) {
  const scope = await loadCareScope(db, auth);
  const groupPractices = await listGroupPractices(db, {
    organisationId: auth.organisationId,
    providerIds: scope.providerIds,
  });
  return { groupPractices };
}
