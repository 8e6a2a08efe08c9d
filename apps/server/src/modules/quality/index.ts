export { qualityRoutes } from './quality.routes';
