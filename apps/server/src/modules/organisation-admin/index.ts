export { organisationAdminRoutes } from './organisation-admin.routes';
export { v24PercentFor } from './organisation-settings.service';
