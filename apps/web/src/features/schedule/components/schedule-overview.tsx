import type { ScheduleFilters, ScheduleSummary } from '@cairn/contracts';
import { Flex, Input } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api-error';
import { usePageTiming } from '../../../lib/page-timing';
import { useSummaries } from '../api/get-permitted-zones';
import { useUserClinicsHierarchy } from '../api/get-user-clinics-hierarchy';
import { readCachedQuery, rememberScheduleQuery, type SummariesQuery } from '../api/summaries-cache';
import { DayNavigation, todayIsoDate } from './day-navigation';
import { HierarchyFilter } from './hierarchy-filter';
import { ScheduleTable } from './schedule-table';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';

const LOOKUP_DEBOUNCE_MS = 300;

export interface ScheduleOverviewProps {
  /** Buttons of other features placed in the toolbar by the page. */
  toolbarExtra?: ReactNode;
  /** A pointer or the focus is on a visit's link: the page may start loading what its portrait shows. */
  onVisitIntent?: (summary: ScheduleSummary) => void;
}

/**
 * The Scheduling Overview: a day, a selection in the clinics hierarchy (the user's own providers by
 * default) and a patient lookup choose the summaries shown. Coming back to the page restores the last
 * query from the session cache, whose answer then shows without a call.
 */
export function ScheduleOverview({ toolbarExtra, onVisitIntent }: ScheduleOverviewProps) {
  const [restored] = useState(() => readCachedQuery());
  const [query, setQuery] = useState<SummariesQuery>(
    () => restored ?? { isoDate: todayIsoDate(), filters: {}, patientLookup: '' },
  );
  const [page, setPage] = useState(1);
  const [lookupText, setLookupText] = useState(query.patientLookup);
  const [isFilterSettled, setIsFilterSettled] = useState(restored !== undefined);
  const hierarchy = useUserClinicsHierarchy();

  // The default filter (the user's own providers) applies once, when the hierarchy first arrives.
  if (!isFilterSettled && (hierarchy.isSuccess || hierarchy.isError)) {
    setIsFilterSettled(true);
    if (hierarchy.data) setQuery((current) => ({ ...current, filters: defaultFilters(hierarchy.data) }));
  }

  const change = (patch: Partial<SummariesQuery>) => {
    setQuery((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  useEffect(() => {
    if (isFilterSettled) rememberScheduleQuery(query);
  }, [query, isFilterSettled]);

  // A changed search text applies once typing pauses, and starts again at the first page; an unchanged
  // one (as on the first render) leaves the page the user is on.
  useEffect(() => {
    if (lookupText === query.patientLookup) return undefined;
    const timer = setTimeout(() => {
      setQuery((current) => ({ ...current, patientLookup: lookupText }));
      setPage(1);
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [lookupText, query.patientLookup]);

  const summaries = useSummaries(query, { enabled: isFilterSettled });
  usePageTiming('schedule', summaries.data !== undefined && !summaries.isPlaceholderData);
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Flex wrap gap={12} align="center">
          <DayNavigation isoDate={query.isoDate} onChange={(isoDate) => change({ isoDate })} />
          <HierarchyFilter
            clinics={hierarchy.data?.clinics}
            isLoading={hierarchy.isPending}
            isError={hierarchy.isError}
            value={query.filters}
            onChange={(filters: ScheduleFilters) => change({ filters })}
          />
          <Input.Search
            aria-label="Search patients"
            placeholder="Patient name or MRN"
            allowClear
            style={{ width: 240 }}
            value={lookupText}
            onChange={(event) => setLookupText(event.target.value)}
          />
        </Flex>
        {toolbarExtra}
      </Flex>
      <SummariesBody summaries={summaries} page={page} onPageChange={setPage} onVisitIntent={onVisitIntent} />
    </Flex>
  );
}

function defaultFilters(hierarchy: { defaultFilter: { providerIds: string[] } }): ScheduleFilters {
  const { providerIds } = hierarchy.defaultFilter;
  return providerIds.length > 0 ? { providerIds } : {};
}

interface SummariesBodyProps {
  summaries: ReturnType<typeof useSummaries>;
  page: number;
  onPageChange: (page: number) => void;
  onVisitIntent: ScheduleOverviewProps['onVisitIntent'];
}

/** Loading, error, empty, data. A request cancelled by a newer one is not an error: the newer one is coming. */
function SummariesBody({ summaries, page, onPageChange, onVisitIntent }: SummariesBodyProps) {
  const isCanceled = isApiError(summaries.error) && summaries.error.isCanceled;
  if (summaries.isError && !isCanceled) {
    return <ErrorState title="The schedule could not be loaded" onRetry={() => void summaries.refetch()} />;
  }
  if (!summaries.data) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <LoadingState label="Loading the schedule" />
      </Flex>
    );
  }
  if (summaries.data.length === 0 && !summaries.isPlaceholderData) {
    return <EmptyState description="No visits on this day" />;
  }
  return (
    <ScheduleTable
      summaries={summaries.data}
      page={page}
      onPageChange={onPageChange}
      isRefreshing={summaries.isPlaceholderData}
      onVisitIntent={onVisitIntent}
    />
  );
}
