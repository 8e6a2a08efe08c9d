import { getAdjacentAppointments, scheduleFilters, type ScheduleFilters } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { readJson, SESSION_STORAGE_KEYS } from '../../../lib/storage-keys';

/** The schedule's current filters from session storage (spec §3), so previous and next follow that list. */
export function readScheduleFilters(): ScheduleFilters | undefined {
  const stored = readJson<unknown>(sessionStorage, SESSION_STORAGE_KEYS.filter);
  const candidate = stored !== null && typeof stored === 'object' && 'filters' in stored ? stored.filters : stored;
  const parsed = scheduleFilters.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

export function adjacentAppointmentsQuery(sid: string, filters: ScheduleFilters | undefined) {
  return queryOptions({
    queryKey: ['adjacentAppointments', sid, filters ?? null],
    queryFn: async ({ signal }) =>
      (await api.call(getAdjacentAppointments, filters ? { sid, filters } : { sid }, { signal })).result,
    staleTime: 60_000,
  });
}

/** The previous and next patient of the visit's day; idle without a visit. */
export function useAdjacentAppointments(sid: string | undefined) {
  return useQuery({ ...adjacentAppointmentsQuery(sid ?? '', readScheduleFilters()), enabled: Boolean(sid) });
}
