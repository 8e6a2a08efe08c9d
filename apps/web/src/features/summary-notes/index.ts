export { ReadyPostVisitsButton } from './components/ready-post-visits-button';
export { SummaryNotesButton } from './components/summary-notes-button';
export { SummaryNotifications } from './components/summary-notifications';
