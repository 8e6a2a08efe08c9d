import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/** Log levels of spec §9: 0 error, 1 warn, 2 info, 3 log, 4 debug, 5 trace. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'log', 'debug', 'trace'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

const extras = z.record(z.string().max(100), z.unknown());

/** The application logger's shape (spec §7 "POST log"): `{message, extras, username, logLevel}`. */
export const appLogEntry = z.strictObject({
  message: z.string().min(1).max(4000),
  extras: extras.optional(),
  username: z.string().max(320).optional(),
  logLevel: z.int().min(0).max(5),
});

/** The event shape of spec §7 "POST log": `{event_type, error, info}`. */
export const eventLogEntry = z.strictObject({
  event_type: z.string().min(1).max(200),
  error: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional(),
  info: z.record(z.string(), z.unknown()).optional(),
});

export const logEntry = z.union([appLogEntry, eventLogEntry]);
export type LogEntry = z.infer<typeof logEntry>;

export const postLog = defineEndpoint({
  method: 'POST',
  path: '/log',
  summary: 'Record a client log line or event in the server log',
  tags: ['system'],
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 120, timeWindow: '1 minute' },
  body: logEntry,
  response: resultEnvelope(z.boolean()),
});

export const addonHealthPing = defineEndpoint({
  method: 'POST',
  path: '/addonHealthPing',
  summary: 'Tell an EHR add-on that Cairn is reachable (no token)',
  tags: ['system'],
  auth: 'public',
  writes: false,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ status: z.literal('ok'), time: z.string() })),
});
