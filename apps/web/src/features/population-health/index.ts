export { AdmissionsDashboard } from './components/admissions-dashboard';
export { CostDashboard } from './components/cost-dashboard';
export { DashboardNav, type DashboardName } from './components/population-page';
