export { patientsRoutes } from './patients.routes';
export { parsePatientSearch, type PatientSearch } from './patient-search';
export { patientMatchesSearch, providerName, UNUSABLE_VISIT_STATUSES } from './patients.repository';
