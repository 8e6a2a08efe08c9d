export { flagsRoutes } from './flags.routes';
export { type StreamTicketHolder, type StreamTickets, createSignedTickets } from './stream-tickets';
