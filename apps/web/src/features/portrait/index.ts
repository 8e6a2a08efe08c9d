export { PatientBanner } from './components/patient-banner';
export { PortraitTabBar } from './components/portrait-tab-bar';
export { AdjacentPatients } from './components/adjacent-patients';
export { PORTRAIT_TABS, type PortraitTab } from './tabs';
