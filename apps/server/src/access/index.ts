/**
 * The access layer: who is calling, which patients they may see, what they may do, and the audit log
 * of what they did. Every module reaches these through this file only.
 */
export { assertMayCall, assertPermission, hasPermission, isViewOnly, type AuthContext } from './caller';
export {
  appointmentInScope,
  appointmentOfCaller,
  auditPatientRead,
  isUuid,
  loadCareScope,
  patientInCallerScope,
  patientInScope,
  readPatientInScope,
  type CareScope,
  type PatientReadOptions,
  type PatientRow,
} from './care-scope';
export { writeAudit, type AuditEntry } from './audit';
export { shouldSkipValidation } from './permissions';
