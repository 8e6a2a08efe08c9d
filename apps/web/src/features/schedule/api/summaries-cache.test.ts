import type { ScheduleSummary } from '@cairn/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUMMARIES_CACHE_TTL_MS } from '../../../config/constants';
import { sessionStore } from '../../../lib/session';
import { readJson, SESSION_STORAGE_KEYS } from '../../../lib/storage-keys';
import {
  readCachedQuery,
  readCachedSummaries,
  rememberScheduleQuery,
  writeCachedSummaries,
  type SummariesQuery,
} from './summaries-cache';
import { fakeToken } from '../../../testing/session';

const QUERY: SummariesQuery = {
  isoDate: '2026-03-02',
  filters: { providerIds: ['b', 'a'] },
  patientLookup: '',
};
const SUMMARIES = [{ sid: 's1' }] as unknown as ScheduleSummary[];

beforeEach(() => {
  sessionStore.setState({ token: fakeToken({ sub: 'user-1' }) });
});
afterEach(() => {
  sessionStore.setState({ token: undefined });
});

describe('summaries cache', () => {
  it('answers the summaries of the same query, whatever the order of the selected ids', () => {
    writeCachedSummaries(QUERY, SUMMARIES, 1000);
    expect(readCachedSummaries({ ...QUERY, filters: { providerIds: ['a', 'b'] } }, 2000)).toEqual(SUMMARIES);
  });

  it('misses for another day and keeps one entry only', () => {
    writeCachedSummaries(QUERY, SUMMARIES, 1000);
    expect(readCachedSummaries({ ...QUERY, isoDate: '2026-03-03' }, 2000)).toBeUndefined();
    writeCachedSummaries({ ...QUERY, isoDate: '2026-03-03' }, [], 1000);
    expect(readCachedSummaries(QUERY, 2000)).toBeUndefined();
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.summariesList)).toContain('"filter"');
  });

  it('forgets the entry after one hour', () => {
    writeCachedSummaries(QUERY, SUMMARIES, 1000);
    expect(readCachedSummaries(QUERY, 1000 + SUMMARIES_CACHE_TTL_MS - 1)).toEqual(SUMMARIES);
    expect(readCachedSummaries(QUERY, 1000 + SUMMARIES_CACHE_TTL_MS)).toBeUndefined();
  });

  it("never answers another user's list, nor anyone's when signed out", () => {
    writeCachedSummaries(QUERY, SUMMARIES, 1000);
    sessionStore.setState({ token: fakeToken({ sub: 'user-2' }) });
    expect(readCachedSummaries(QUERY, 2000)).toBeUndefined();
    expect(readCachedQuery(2000)).toBeUndefined();
    sessionStore.setState({ token: undefined });
    expect(readCachedSummaries(QUERY, 2000)).toBeUndefined();
  });

  it('keeps the current query under filter for the portrait', () => {
    rememberScheduleQuery(QUERY);
    expect(readJson(sessionStorage, SESSION_STORAGE_KEYS.filter)).toEqual(QUERY);
  });

  it('restores the last query for the page to show again', () => {
    writeCachedSummaries(QUERY, SUMMARIES, 1000);
    expect(readCachedQuery(2000)).toEqual({
      isoDate: '2026-03-02',
      filters: { clinicIds: [], departmentIds: [], providerIds: ['a', 'b'] },
      patientLookup: '',
    });
  });
});
