export { usersRoutes } from './users.routes';
