export { ehrConnectionsRoutes } from './ehr-connections.routes';
