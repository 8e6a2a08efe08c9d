import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

/** The configuration names of spec §3; `local` is the embedded default of `npm start`. */
export const CONFIGURATION_NAMES = [
  'test',
  'production',
  'staging',
  'development',
  'jsonServer',
  'local',
  'stagingQa',
  'amplify',
] as const;
export type ConfigurationName = (typeof CONFIGURATION_NAMES)[number];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

const envSchema = z.object({
  CAIRN_ENV: z.string().default('local'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  CAIRN_DATA_DIR: z.string().min(1).default('./var'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Redis for the real-time fan-out between server processes; absent uses the database's own. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  CAIRN_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  CAIRN_WEB_DIST: z.string().min(1).optional(),
  CAIRN_TOKEN_SECRET: z.string().min(32).optional(),
  /** 32 bytes, hex or base64, encrypting secrets at rest (IdP client secrets); generated when absent. */
  CAIRN_ENCRYPTION_KEY: z
    .string()
    .refine((value) => /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, 'base64').length === 32, {
      message: 'must be 32 bytes, as 64 hex digits or base64',
    })
    .optional(),
  /** Client addresses exempt from the per-address rate limits (a trusted monitor, the e2e runner). */
  CAIRN_RATE_LIMIT_ALLOW_LIST: z.string().default(''),
  /** Extra origins allowed to frame Cairn's overlay (EHRs), space separated. */
  CAIRN_FRAME_ANCESTORS: z.string().default(''),
  /** Demo organisation and accounts on first start: on by default for the embedded database only. */
  CAIRN_DEMO: z.enum(['0', '1']).optional(),
  /** The sandbox EHR at `/sandbox`, serving the demo organisation's data: on by default exactly when the demo is. */
  CAIRN_SANDBOX_EHR: z.enum(['0', '1']).optional(),
  /** After an EHR launch, read that day's other scheduled patients from the EHR in the background. */
  CAIRN_EHR_SCHEDULE_SYNC: z.enum(['0', '1']).default('1'),
  /** Where `/athena` and `/ecw` send the browser: the store page of each EHR's add-on (spec §2). */
  CAIRN_ATHENA_ADDON_URL: z
    .url({ protocol: /^https$/ })
    .default('https://chromewebstore.google.com/search/Cairn%20athenaOne'),
  CAIRN_ECW_ADDON_URL: z
    .url({ protocol: /^https$/ })
    .default('https://chromewebstore.google.com/search/Cairn%20eClinicalWorks'),
  /** Threads that analyse patients beside the one serving requests (PostgreSQL only; default: one per core but one). */
  CAIRN_ANALYSIS_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** With analysis threads, the quality pass's threads (CMS's CQL, one engine each; default 1). */
  CAIRN_QUALITY_THREADS: z.coerce.number().int().min(0).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Outgoing mail (password-recovery codes), `smtp://user:pass@host:port`; absent writes mail to the log. */
  CAIRN_SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  CAIRN_MAIL_FROM: z.string().min(3).default('Cairn <no-reply@cairn.localhost>'),
});

export interface Config {
  name: ConfigurationName;
  port: number;
  host: string;
  /** Where embedded data lives (PGlite under `<dataDir>/pglite`); absolute. */
  dataDir: string;
  /** A PostgreSQL server; absent means embedded PGlite. `memory://` keeps PGlite in memory (tests). */
  databaseUrl: string | undefined;
  /** Redis pub/sub carries real-time events between processes; absent means PostgreSQL LISTEN/NOTIFY (or one PGlite process). */
  redisUrl: string | undefined;
  /** The public address of the API, as browsers and EHRs reach it. */
  apiUrl: string;
  /** The built web app to serve at `/`; absent serves the API alone. */
  webDistDir: string | undefined;
  tokenSecret: string | undefined;
  encryptionKey: string | undefined;
  frameAncestors: string[];
  rateLimitAllowList: string[];
  /** Seed the demo organisation, its accounts and patients on first start. */
  demo: boolean;
  /** Mount the sandbox EHR at `/sandbox` with the demo organisation's data and connect the organisation to it. */
  sandboxEhr: boolean;
  /** After an EHR launch, read the day's other scheduled patients of the user's providers from the EHR. */
  ehrScheduleSync: boolean;
  /** The browser-store pages of the EHR add-ons, where `/athena` and `/ecw` redirect. */
  addOnUrls: { athena: string; ecw: string };
  /** Threads that work the analysis queue, each on its own core (PostgreSQL; PGlite analyses in the main thread). */
  analysisThreads: number;
  /** With analysis threads, the threads of the quality pass (care gaps by CMS's CQL), at a lower priority. */
  qualityThreads: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The SMTP server mail goes through; absent (the embedded default) writes each mail to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration once, at start. An empty or unknown configuration name is an error, and
 * production refuses a local API URL (spec §5).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`);
  }
  const values = parsed.data;
  const name = parseConfigurationName(values.CAIRN_ENV);
  const apiUrl = values.CAIRN_API_URL ?? `http://localhost:${values.PORT}/api`;
  if (name === 'production' && LOCAL_HOSTS.has(new URL(apiUrl).hostname)) {
    throw new ConfigError(`Production cannot use a local API URL (${apiUrl}); set CAIRN_API_URL`);
  }
  const demo = values.CAIRN_DEMO ? values.CAIRN_DEMO === '1' : values.DATABASE_URL === undefined;
  return {
    name,
    port: values.PORT,
    host: values.HOST,
    dataDir: resolve(values.CAIRN_DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    apiUrl,
    webDistDir: values.CAIRN_WEB_DIST ? resolve(values.CAIRN_WEB_DIST) : undefined,
    tokenSecret: values.CAIRN_TOKEN_SECRET,
    encryptionKey: values.CAIRN_ENCRYPTION_KEY,
    frameAncestors: values.CAIRN_FRAME_ANCESTORS.split(/\s+/).filter(Boolean),
    rateLimitAllowList: values.CAIRN_RATE_LIMIT_ALLOW_LIST.split(/\s+/).filter(Boolean),
    demo,
    sandboxEhr: values.CAIRN_SANDBOX_EHR ? values.CAIRN_SANDBOX_EHR === '1' : demo,
    ehrScheduleSync: values.CAIRN_EHR_SCHEDULE_SYNC === '1',
    addOnUrls: { athena: values.CAIRN_ATHENA_ADDON_URL, ecw: values.CAIRN_ECW_ADDON_URL },
    analysisThreads: values.CAIRN_ANALYSIS_THREADS ?? defaultAnalysisThreads(),
    qualityThreads: values.CAIRN_QUALITY_THREADS,
    logLevel: values.LOG_LEVEL,
    smtpUrl: values.CAIRN_SMTP_URL,
    mailFrom: values.CAIRN_MAIL_FROM,
  };
}

/**
 * One analysis thread per core but one, and at least one: the main thread stays free to answer
 * requests during a re-analysis, and the database (on this machine or not) gets its share.
 */
export function defaultAnalysisThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export function parseConfigurationName(value: string): ConfigurationName {
  if (value.trim() === '') throw new ConfigError('The configuration name (CAIRN_ENV) is empty');
  const name = CONFIGURATION_NAMES.find((candidate) => candidate === value);
  if (!name) {
    throw new ConfigError(`Unknown configuration name: ${value} (expected one of ${CONFIGURATION_NAMES.join(', ')})`);
  }
  return name;
}
