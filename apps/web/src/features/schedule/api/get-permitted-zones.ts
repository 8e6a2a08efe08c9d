import { getPermittedZones, type ScheduleSummary } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { readCachedSummaries, serializeQuery, writeCachedSummaries, type SummariesQuery } from './summaries-cache';

/** A newer summaries-list request cancels the older one still pending (spec §4). */
export const SUMMARIES_CANCEL_KEY = 'summariesList';
/** While an analysis is pending the list is asked again this often, until every count is current. */
export const PENDING_REFETCH_MS = 5000;

export function hasPendingAnalysis(summaries: readonly ScheduleSummary[] | undefined): boolean {
  return summaries?.some((summary) => summary.analysis.status === 'pending') ?? false;
}

/**
 * The day's summaries: from the session cache when this same query was answered within the hour and
 * every analysis in it was current (a cache hit skips the call); otherwise from the server, and the
 * answer becomes the one cached entry.
 */
export async function fetchSummaries(query: SummariesQuery): Promise<ScheduleSummary[]> {
  const cached = readCachedSummaries(query);
  if (cached && !hasPendingAnalysis(cached)) return cached;
  const { result } = await api.call(
    getPermittedZones,
    {
      isoDate: query.isoDate,
      filters: query.filters,
      ...(query.patientLookup.trim() ? { patientLookup: query.patientLookup.trim() } : {}),
    },
    { cancelKey: SUMMARIES_CANCEL_KEY },
  );
  writeCachedSummaries(query, result);
  return result;
}

export const summariesQuery = (query: SummariesQuery) =>
  queryOptions({
    queryKey: ['schedule', 'summaries', serializeQuery(query)],
    queryFn: () => fetchSummaries(query),
    // A request cancelled by a newer one is not a failure worth retrying.
    retry: (failures, error) => !(isApiError(error) && error.isCanceled) && failures < 1,
    refetchInterval: (current) => (hasPendingAnalysis(current.state.data) ? PENDING_REFETCH_MS : false),
  });

export function useSummaries(query: SummariesQuery, options: { enabled: boolean }) {
  return useQuery({ ...summariesQuery(query), enabled: options.enabled, placeholderData: keepPreviousData });
}
