import {
  exportCostPatients,
  exportPopulationStays,
  exportTransitionalCare,
  getAdmissionsSummary,
  getCostPatients,
  getCostSummary,
  getPopulationStays,
  getTransitionalCare,
  type AdmissionsSummary,
  type CostSummary,
  type EndpointInput,
} from '@cairn/contracts';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type AdmissionsInput = EndpointInput<typeof getAdmissionsSummary>;
export type CostInput = EndpointInput<typeof getCostSummary>;
export type StaysInput = EndpointInput<typeof getPopulationStays>;
export type TransitionalCareInput = EndpointInput<typeof getTransitionalCare>;
export type CostPatientsInput = EndpointInput<typeof getCostPatients>;

/** The summaries show patients (the highest-cost ones) and every read is audited: not asked again on focus. */
const quiet = { placeholderData: keepPreviousData, refetchOnWindowFocus: false } as const;

export function useAdmissionsSummary(input: AdmissionsInput): UseQueryResult<AdmissionsSummary> {
  return useQuery({
    queryKey: ['population', 'admissions', input],
    queryFn: async ({ signal }) => (await api.call(getAdmissionsSummary, input, { signal })).result,
    ...quiet,
  });
}

export function useCostSummary(input: CostInput): UseQueryResult<CostSummary> {
  return useQuery({
    queryKey: ['population', 'cost', input],
    queryFn: async ({ signal }) => (await api.call(getCostSummary, input, { signal })).result,
    ...quiet,
  });
}

export function useTransitionalCare(input: TransitionalCareInput) {
  return useQuery({
    queryKey: ['population', 'transitional-care', input],
    queryFn: async ({ signal }) => (await api.call(getTransitionalCare, input, { signal })).result,
    ...quiet,
  });
}

/** A large organisation's export can take a while to gather: longer than a page's call may. */
const EXPORT_TIMEOUT_MS = 120_000;

export async function fetchStays(input: StaysInput) {
  return (await api.call(getPopulationStays, input)).result;
}
export async function fetchAllStays(input: EndpointInput<typeof exportPopulationStays>) {
  return (await api.call(exportPopulationStays, input, { timeoutMs: EXPORT_TIMEOUT_MS })).result;
}
export async function fetchCostPatients(input: CostPatientsInput) {
  return (await api.call(getCostPatients, input)).result;
}
export async function fetchAllCostPatients(input: EndpointInput<typeof exportCostPatients>) {
  return (await api.call(exportCostPatients, input, { timeoutMs: EXPORT_TIMEOUT_MS })).result;
}
export async function fetchAllTransitionalCare(input: EndpointInput<typeof exportTransitionalCare>) {
  return (await api.call(exportTransitionalCare, input, { timeoutMs: EXPORT_TIMEOUT_MS })).result;
}
