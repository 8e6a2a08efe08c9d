import {
  exportRiskAnalyticsPatients,
  getProductAnalytics,
  getRiskAnalytics,
  getRiskAnalyticsPatients,
  type EndpointInput,
  type EndpointResponse,
} from '@cairn/contracts';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type RiskAnalyticsInput = EndpointInput<typeof getRiskAnalytics>;
export type RiskAnalytics = EndpointResponse<typeof getRiskAnalytics>['result'];
export type RiskPatientsInput = EndpointInput<typeof getRiskAnalyticsPatients>;
export type RiskPatients = EndpointResponse<typeof getRiskAnalyticsPatients>['result'];
export type RiskPatientsExport = EndpointResponse<typeof exportRiskAnalyticsPatients>['result'];
export type ProductAnalyticsInput = EndpointInput<typeof getProductAnalytics>;
export type ProductAnalytics = EndpointResponse<typeof getProductAnalytics>['result'];

/** Numbers change only when the analytics are rebuilt: the previous ones stay while new filters load. */
const steady = { placeholderData: keepPreviousData, refetchOnWindowFocus: false } as const;

/** While the numbers are being computed (or brought up to date), they are asked for again this often. */
export const RECOMPUTING_POLL_MS = 15_000;

/**
 * The risk-adjustment measures of the filters, in total and by month, clinic, provider or HCC; asked
 * for again while the server says they are being computed, so that the page fills in by itself.
 */
export function useRiskAnalytics(
  input: RiskAnalyticsInput,
  options: { enabled?: boolean } = {},
): UseQueryResult<RiskAnalytics> {
  return useQuery({
    queryKey: ['risk-analytics', input],
    enabled: options.enabled,
    queryFn: async ({ signal }) => (await api.call(getRiskAnalytics, input, { signal })).result,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (data.refreshedAt === null || data.isStale) ? RECOMPUTING_POLL_MS : false;
    },
    ...steady,
  });
}

/** The product's own use and its timings over a range of days. */
export function useProductAnalytics(input: ProductAnalyticsInput): UseQueryResult<ProductAnalytics> {
  return useQuery({
    queryKey: ['product-analytics', input],
    queryFn: async ({ signal }) => (await api.call(getProductAnalytics, input, { signal })).result,
    ...steady,
  });
}

/** A page of the patients behind a number (the server audits each patient shown). */
export async function fetchRiskPatients(input: RiskPatientsInput): Promise<RiskPatients> {
  return (await api.call(getRiskAnalyticsPatients, input)).result;
}

/** A large organisation's list can take a while to gather: longer than a page's call may. */
const EXPORT_TIMEOUT_MS = 120_000;

/** Every row behind a number, for a CSV file. */
export async function fetchAllRiskPatients(
  input: EndpointInput<typeof exportRiskAnalyticsPatients>,
): Promise<RiskPatientsExport> {
  return (await api.call(exportRiskAnalyticsPatients, input, { timeoutMs: EXPORT_TIMEOUT_MS })).result;
}
