/**
 * Every key Cairn keeps in the browser (spec §3 "Client-side storage"), in one place. Per-user keys
 * are prefixed with the user's token `sub`.
 */
export const LOCAL_STORAGE_KEYS = {
  nextUrl: 'cairn.nextUrl',
  authToken: 'cairn.authToken',
  refreshToken: 'cairn.refreshToken',
  userMetadata: 'cairn.userMetadata',
  emrUsername: 'emrUsername',
  email: 'cairn.email',
  unityEncounterId: 'cairn.unityEncounterId',
  ssoToken: 'cairn.ssoToken',
  ssoTokenExpiry: 'cairn.ssoTokenExpiry',
  redirectPath: 'cairn.redirectPath',
  /** SMART configuration of the launching EHR: token endpoint, audience, authorization endpoint, iss. */
  smartConfig: 'cairn.smartConfig',
  /** The EHR connection a SMART launch started with: its name and id (the launch's `dataSourceId`). */
  ehrConnectionName: 'cairn.ehrConnectionName',
  ehrDataSourceId: 'cairn.ehrDataSourceId',
  timingMarks: 'cairn.timingMarks',
} as const;

export const SESSION_STORAGE_KEYS = {
  /** The day's summaries list with its expiry (one entry). */
  summariesList: 'summaries_list',
  /** The schedule filter as a serialized query. */
  filter: 'filter',
  summaries: 'summaries',
  /** Why the EHR launch could not refresh the patient from the EHR: shown once by the overlay. */
  ehrSyncWarning: 'cairn.ehrSyncWarning',
  /** The visit an EHR launch opened, whose patient the overlay reads from the EHR once it shows (issue 16). */
  ehrReadDue: 'cairn.ehrReadDue',
  /** The random value binding an SSO sign-in in flight to this browser tab (login CSRF). */
  ssoBrowserBinding: 'cairn.ssoBrowserBinding',
  /** What an administrator's Test sign-in received (JSON), for the admin tool's Single sign-on section. */
  ssoTestResult: 'cairn.ssoTestResult',
} as const;

/** The user's configuration, kept per user. */
export function userConfigKey(sub: string): string {
  return `${sub}.UserConfig`;
}

export interface SmartConfig {
  tokenEndpoint: string;
  audience: string;
  authorizationEndpoint: string;
  iss: string;
}

/** Reads a JSON value; a missing or corrupted entry reads as `undefined`. */
export function readJson<T>(storage: Storage, key: string): T | undefined {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/** A value that reads as absent once `ttlMs` has passed (the summaries cache, spec §4). */
export function writeWithTtl(storage: Storage, key: string, value: unknown, ttlMs: number, now = Date.now()): void {
  writeJson(storage, key, { value, expiresAt: now + ttlMs } satisfies Expiring<unknown>);
}

export function readWithTtl<T>(storage: Storage, key: string, now = Date.now()): T | undefined {
  const entry = readJson<Expiring<T>>(storage, key);
  if (!entry || typeof entry.expiresAt !== 'number' || entry.expiresAt <= now) {
    storage.removeItem(key);
    return undefined;
  }
  return entry.value;
}
