import { LOCAL_STORAGE_KEYS } from '../lib/storage-keys';
import { sessionStore, stateFromToken } from '../lib/session';
import { logger } from './logger';

/** Restores a stored session at start; an invalid stored token resets the auth store (spec §4). */
export function initializeSession(): void {
  const token = localStorage.getItem(LOCAL_STORAGE_KEYS.authToken);
  if (!token) {
    sessionStore.setState({ initializing: false });
    return;
  }
  try {
    sessionStore.setState({ ...stateFromToken(token, (message) => logger.warn(message)), initializing: false });
  } catch {
    sessionStore.reset();
  }
}
