export { scimRoutes } from './scim.routes';
export { scimAdminRoutes } from './scim-admin.routes';
export { hashScimToken } from './scim-auth';
export { applySignInGroups } from './sign-in-groups';
