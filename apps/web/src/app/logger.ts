import { createLogger, sendToServer } from '../lib/logger';
import { session } from '../lib/session';

/** The app's logger: warnings and errors reach the server log (spec §7 "POST log"). */
export const logger = createLogger({
  level: import.meta.env.DEV ? 4 : 1,
  getUsername: () => session.getEmail() || undefined,
  send: sendToServer,
});
