export { qualityRoutes } from './quality.routes';
export { clock, openWorkspace } from './quality.service';
