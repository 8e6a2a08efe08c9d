export type { VisitEventInput } from './realtime-publisher';
export { realtimeRoutes, registerRealtime } from './realtime.routes';
export { TEST_REDIS_URL, isRedisReachable } from './redis-probe.testing';
export {
  publishCareGapsChanged,
  publishSuggestionsChanged,
  registerSuggestionEvents,
  relaySuggestionEvent,
} from './suggestion-events';
