export { flagsRoutes } from './flags.routes';
export { type StreamTicketHolder, type StreamTickets, createSignedTickets } from './stream-tickets';
export { evaluateFlagsFor, setOrganisationFlagValue } from './flags.service';
export { listFlags as listOrganisationFlagRows } from './flags.repository';
