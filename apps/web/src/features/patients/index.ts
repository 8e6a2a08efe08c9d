export { PatientCard } from './components/patient-card';
export { PatientSearch } from './components/patient-search';
