export { scheduleRoutes } from './schedule.routes';
