import type { ScheduleFilters, ScheduleSummary } from '@cairn/contracts';
import { SUMMARIES_CACHE_TTL_MS } from '../../../config/constants';
import { decodeToken } from '../../../lib/jwt';
import { session } from '../../../lib/session';
import { readWithTtl, SESSION_STORAGE_KEYS, writeJson, writeWithTtl } from '../../../lib/storage-keys';

/** What the schedule asks for: a day, a selection in the clinics hierarchy, a patient lookup. */
export interface SummariesQuery {
  isoDate: string;
  filters: ScheduleFilters;
  patientLookup: string;
}

/** The one cached entry (spec §3 "Session storage: summaries_list with ttl, filter and summaries"). */
interface SummariesCacheEntry {
  /**
   * Whose list it is (the token's `sub`): the tab may be signed in as someone else an hour later, and
   * another user must never see patients outside their own scope from the cache.
   */
  user: string;
  [SESSION_STORAGE_KEYS.filter]: string;
  [SESSION_STORAGE_KEYS.summaries]: ScheduleSummary[];
}

/** The query as one stable string: the same selection in any order is the same query. */
export function serializeQuery(query: SummariesQuery): string {
  const sorted = (ids: readonly string[] | undefined) => [...(ids ?? [])].sort();
  return JSON.stringify({
    isoDate: query.isoDate,
    clinicIds: sorted(query.filters.clinicIds),
    departmentIds: sorted(query.filters.departmentIds),
    providerIds: sorted(query.filters.providerIds),
    patientLookup: query.patientLookup.trim().toLowerCase(),
  });
}

/** The cached summaries of this very query, while the hour lasts (spec §4). */
export function readCachedSummaries(query: SummariesQuery, now = Date.now()): ScheduleSummary[] | undefined {
  const entry = readOwnEntry(now);
  if (!entry || entry[SESSION_STORAGE_KEYS.filter] !== serializeQuery(query)) return undefined;
  return entry[SESSION_STORAGE_KEYS.summaries];
}

/** Keeps one entry: the newest query replaces the previous one. */
export function writeCachedSummaries(query: SummariesQuery, summaries: ScheduleSummary[], now = Date.now()): void {
  const user = currentUser();
  if (!user) return;
  const entry: SummariesCacheEntry = {
    user,
    [SESSION_STORAGE_KEYS.filter]: serializeQuery(query),
    [SESSION_STORAGE_KEYS.summaries]: summaries,
  };
  try {
    writeWithTtl(sessionStorage, SESSION_STORAGE_KEYS.summariesList, entry, SUMMARIES_CACHE_TTL_MS, now);
  } catch {
    // A full or disabled session storage only costs the cache.
  }
}

/** The query of the cached entry, so that coming back to the schedule shows the same day and selection. */
export function readCachedQuery(now = Date.now()): SummariesQuery | undefined {
  const entry = readOwnEntry(now);
  if (!entry) return undefined;
  try {
    const parsed = JSON.parse(entry[SESSION_STORAGE_KEYS.filter]) as Record<string, unknown>;
    const ids = (value: unknown) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);
    if (typeof parsed.isoDate !== 'string') return undefined;
    return {
      isoDate: parsed.isoDate,
      filters: {
        clinicIds: ids(parsed.clinicIds),
        departmentIds: ids(parsed.departmentIds),
        providerIds: ids(parsed.providerIds),
      },
      patientLookup: typeof parsed.patientLookup === 'string' ? parsed.patientLookup : '',
    };
  } catch {
    return undefined;
  }
}

/**
 * The schedule's current query under `filter` (spec §3), which the portrait reads so that its previous
 * and next patient follow the same list.
 */
export function rememberScheduleQuery(query: SummariesQuery): void {
  try {
    writeJson(sessionStorage, SESSION_STORAGE_KEYS.filter, query);
  } catch {
    // Without session storage the portrait's previous and next follow the unfiltered day.
  }
}

function readOwnEntry(now: number): SummariesCacheEntry | undefined {
  const entry = readWithTtl<SummariesCacheEntry>(sessionStorage, SESSION_STORAGE_KEYS.summariesList, now);
  const user = currentUser();
  return entry && user !== undefined && entry.user === user ? entry : undefined;
}

function currentUser(): string | undefined {
  const token = session.getToken();
  if (!token) return undefined;
  try {
    return decodeToken<{ sub?: string }>(token).sub;
  } catch {
    return undefined;
  }
}
