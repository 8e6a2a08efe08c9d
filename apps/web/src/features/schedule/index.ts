export { ScheduleOverview } from './components/schedule-overview';
export { HierarchyFilter, type HierarchyFilterProps } from './components/hierarchy-filter';
export { useUserClinicsHierarchy } from './api/get-user-clinics-hierarchy';
