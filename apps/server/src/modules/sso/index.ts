export { ssoRoutes } from './sso.routes';
