export { seedFitOutreachDemo } from './fit-demo';
export { qualityFitRoutes } from './quality-fit.routes';
