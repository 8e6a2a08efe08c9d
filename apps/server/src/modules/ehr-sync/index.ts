export { toEhrAppError } from './ehr-errors';

export { findEhrPatientId } from './ehr-sync.repository';
export { importEhrPatient, syncPatientFromEhr, type SyncPatientResult } from './ehr-sync.service';
export { type ScheduledSyncResult, syncScheduledPatients } from './scheduled-sync';
