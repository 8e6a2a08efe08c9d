export { documentsRoutes } from './documents.routes';
