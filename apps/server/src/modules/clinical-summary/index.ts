export { clinicalSummaryRoutes } from './clinical-summary.routes';
