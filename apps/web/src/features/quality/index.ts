export { QualityArchive } from './components/quality-archive';
export { PatientCell } from './components/patient-cell';
export { QualityPage } from './components/quality-page';
export { QualityPatients } from './components/quality-patients';
export { QualityRates } from './components/quality-rates';
export { QualityWorklist } from './components/quality-worklist';
