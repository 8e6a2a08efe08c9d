import { LOG_LEVELS, type LogEntry, type LogLevelName } from '@cairn/contracts';

export interface Logger {
  error(message: string, extras?: Record<string, unknown>): void;
  warn(message: string, extras?: Record<string, unknown>): void;
  info(message: string, extras?: Record<string, unknown>): void;
  log(message: string, extras?: Record<string, unknown>): void;
  debug(message: string, extras?: Record<string, unknown>): void;
  trace(message: string, extras?: Record<string, unknown>): void;
  /** An analytics or diagnostic event (`{event_type, error, info}`). */
  event(eventType: string, info?: Record<string, unknown>, error?: string): void;
}

export interface LoggerOptions {
  /** The most verbose level written to the console: 0 error … 5 trace (spec §9). */
  level: number;
  /** Lines at this level or more severe also go to the server's log endpoint. */
  serverLevel?: number;
  getUsername(): string | undefined;
  send(entry: LogEntry): void;
  console?: Pick<Console, 'error' | 'warn' | 'info' | 'log' | 'debug' | 'trace'>;
}

/**
 * The application logger with the levels of spec §9. Callers never pass patient data: messages and
 * extras describe what happened in the app, not whom it happened to.
 */
export function createLogger(options: LoggerOptions): Logger {
  const out = options.console ?? console;
  const serverLevel = options.serverLevel ?? 1;
  const write = (levelName: LogLevelName) => (message: string, extras?: Record<string, unknown>) => {
    const logLevel = LOG_LEVELS.indexOf(levelName);
    if (logLevel <= options.level) out[levelName](message, ...(extras ? [extras] : []));
    if (logLevel <= serverLevel) options.send({ message, extras, username: options.getUsername(), logLevel });
  };
  return {
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    log: write('log'),
    debug: write('debug'),
    trace: write('trace'),
    event: (eventType, info, error) => options.send({ event_type: eventType, info, error }),
  };
}

/** Posts a log entry to `/api/log`; it survives the page unloading and never throws. */
export function sendToServer(entry: LogEntry): void {
  void fetch('/api/log', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(entry),
    keepalive: true,
  }).catch(() => undefined);
}
