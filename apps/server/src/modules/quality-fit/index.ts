export { qualityFitRoutes } from './quality-fit.routes';
