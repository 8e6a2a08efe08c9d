import { listFitTemplates, type FitTemplate } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const FIT_TEMPLATES_KEY = ['quality', 'fit', 'templates'] as const;

export function fitTemplatesQuery() {
  return queryOptions({
    queryKey: FIT_TEMPLATES_KEY,
    queryFn: async ({ signal }): Promise<FitTemplate[]> => (await api.call(listFitTemplates, {}, { signal })).result,
  });
}

/** The organisation's FIT letter templates, by name. */
export function useFitTemplates(): UseQueryResult<FitTemplate[]> {
  return useQuery(fitTemplatesQuery());
}
