export { auditAdminRoutes } from './audit-admin.routes';
