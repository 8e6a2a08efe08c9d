import { getAppointmentDetails } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ApiResult } from '../../../lib/api-client';
import { readSkipValidation } from '../utils/skip-validation';

/** Spec §5: an empty answer is an error, never a blank portrait. */
export const FAILED_TO_FETCH_APPOINTMENT_DETAILS = 'Failed to fetch appointment details';

export function appointmentDetailsQuery(summaryId: string, skipValidation = readSkipValidation()) {
  return queryOptions({
    queryKey: ['appointmentDetails', summaryId, skipValidation],
    queryFn: async ({ signal }) => {
      const response = (await api.call(
        getAppointmentDetails,
        { summaryId, useCache: true, skipValidation },
        { signal },
      )) as Partial<ApiResult<typeof getAppointmentDetails>> | undefined;
      // Spec §5: an empty answer is a failure, never a blank portrait.
      const result = response?.result;
      if (!result || !('appointment' in result)) throw new Error(FAILED_TO_FETCH_APPOINTMENT_DETAILS);
      return result;
    },
    staleTime: 30_000,
  });
}

/** A visit (by its summary id) and its patient's banner; idle without an id. */
export function useAppointmentDetails(summaryId: string | undefined) {
  return useQuery({ ...appointmentDetailsQuery(summaryId ?? ''), enabled: Boolean(summaryId) });
}
