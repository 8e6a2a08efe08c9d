import { LOG_LEVELS, type LogEntry } from '@cairn/contracts';
import type { FastifyBaseLogger } from 'fastify';

const PINO_LEVEL = { error: 'error', warn: 'warn', info: 'info', log: 'info', debug: 'debug', trace: 'trace' } as const;

/**
 * Writes a browser's log line or event to the server log, tagged as coming from the client. The web
 * client never puts patient data in these (spec §7 "POST log"); the server does not add any.
 */
export function recordClientLog(log: FastifyBaseLogger, entry: LogEntry): boolean {
  if ('event_type' in entry) {
    log.info({ client: { eventType: entry.event_type, error: entry.error, info: entry.info } }, 'client event');
    return true;
  }
  const level = LOG_LEVELS[entry.logLevel] ?? 'log';
  log[PINO_LEVEL[level]]({ client: { username: entry.username, extras: entry.extras } }, entry.message);
  return true;
}
