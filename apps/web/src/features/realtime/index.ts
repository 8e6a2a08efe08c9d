export { useVisitEvents, useInvalidateOnVisitEvents } from './use-visit-events';
