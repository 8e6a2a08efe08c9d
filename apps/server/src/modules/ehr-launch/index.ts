export { ehrRoutes } from './ehr.routes';
export { ehrClientForUser } from './ehr-session.service';
export { clientAuthOf } from './ehr-launch.service';
export { generateClientKey, publicJwk } from './client-keys';
