export { patientsRoutes } from './patients.routes';
