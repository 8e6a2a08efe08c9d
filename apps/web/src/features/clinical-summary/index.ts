export { ClinicalSummaryTab } from './components/clinical-summary-tab';
export { LabTrendModal } from './components/lab-trend-modal';
