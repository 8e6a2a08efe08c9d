import type {
  AdminClinic,
  AdminDepartment,
  AdminProvider,
  EndpointBody,
  revertOrganisationClinicField as revertClinicEndpoint,
  revertOrganisationDepartmentField as revertDepartmentEndpoint,
  revertOrganisationProviderField as revertProviderEndpoint,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { whyNotRevertible } from './hierarchy-edits';
import { findClinic, findDepartment, findProvider, revertToSourceValue } from './organisation-admin.repository';
import { auditHierarchy, clinicOut, departmentOut, notFound, providerOut } from './organisation-hierarchy.service';
import type { AdminCaller } from './organisation-settings.service';

/**
 * "Use the EHR's value": an administrator gives a field edited in Cairn back to the sync. The field
 * takes the EHR's latest value at once and follows the EHR at every later sync. A field that was not
 * edited, or a row added by hand, is a 409 naming `field`.
 */

function assertRevertible(row: Parameters<typeof whyNotRevertible>[0], field: string): void {
  const reason = whyNotRevertible(row, field);
  if (reason) throw new AppError('CONFLICT', reason, { field: 'field' });
}

export async function revertOrganisationClinicField(
  db: Db,
  caller: AdminCaller,
  input: EndpointBody<typeof revertClinicEndpoint>,
): Promise<AdminClinic> {
  const { organisationId } = caller.auth;
  const { clinicId, field } = input;
  const before = await findClinic(db, organisationId, clinicId);
  if (!before) throw notFound('Clinic', 'clinicId');
  assertRevertible(before, field);
  await revertToSourceValue(db, { table: 'clinics', organisationId, id: clinicId, field });
  await auditHierarchy(db, caller, { clinicId, operation: 'revert-clinic-field', field });
  const row = await findClinic(db, organisationId, clinicId);
  if (!row) throw notFound('Clinic', 'clinicId');
  return clinicOut(row);
}

export async function revertOrganisationDepartmentField(
  db: Db,
  caller: AdminCaller,
  input: EndpointBody<typeof revertDepartmentEndpoint>,
): Promise<AdminDepartment> {
  const { organisationId } = caller.auth;
  const { departmentId, field } = input;
  const before = await findDepartment(db, organisationId, departmentId);
  if (!before) throw notFound('Department', 'departmentId');
  assertRevertible(before, field);
  const ehrClinicId = before.ehrValues?.clinicId;
  if (field === 'clinicId' && !(ehrClinicId && (await findClinic(db, organisationId, ehrClinicId)))) {
    throw new AppError('CONFLICT', "The EHR's clinic of this department is not in Cairn.", { field: 'field' });
  }
  await revertToSourceValue(db, { table: 'departments', organisationId, id: departmentId, field });
  await auditHierarchy(db, caller, { departmentId, operation: 'revert-department-field', field });
  const row = await findDepartment(db, organisationId, departmentId);
  if (!row) throw notFound('Department', 'departmentId');
  return departmentOut(row);
}

export async function revertOrganisationProviderField(
  db: Db,
  caller: AdminCaller,
  input: EndpointBody<typeof revertProviderEndpoint>,
): Promise<AdminProvider> {
  const { organisationId } = caller.auth;
  const { providerId, field } = input;
  const before = await findProvider(db, organisationId, providerId);
  if (!before) throw notFound('Provider', 'providerId');
  assertRevertible(before, field);
  await revertToSourceValue(db, { table: 'providers', organisationId, id: providerId, field });
  await auditHierarchy(db, caller, { providerId, operation: 'revert-provider-field', field });
  const row = await findProvider(db, organisationId, providerId);
  if (!row) throw notFound('Provider', 'providerId');
  return providerOut(row);
}
