export { ScheduleOverview } from './components/schedule-overview';
