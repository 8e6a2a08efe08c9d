export { summaryNotesRoutes } from './summary-notes.routes';
