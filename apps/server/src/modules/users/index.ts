export { usersRoutes } from './users.routes';
export { createOrganisationWithAdmin, type NewOrganisation } from './first-admin.service';
