export { ehrRoutes } from './ehr.routes';
export { ehrClientForUser } from './ehr-session.service';
