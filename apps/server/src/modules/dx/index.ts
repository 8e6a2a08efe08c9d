export { dxRoutes } from './dx.routes';
