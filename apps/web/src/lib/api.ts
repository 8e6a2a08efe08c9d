import { env } from '../config/env';
import { createApiClient } from './api-client';
import { session, sessionStore } from './session';

/**
 * The app's API client. Session renewal belongs to sign-in; until a session can be renewed a 401
 * signs the user out.
 */
export const api = createApiClient({
  baseUrl: env.apiUrl,
  getToken: session.getToken,
  isSaml: session.getIsSAML,
  refreshSession: async () => undefined,
  onSessionExpired: () => sessionStore.reset(),
  trackFailure: (failure) => {
    console.warn('API call failed', failure);
  },
});
