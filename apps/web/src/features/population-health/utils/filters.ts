import type { CostAmount, PopulationFilters } from '@cairn/contracts';
import { enumParam, filterCodec, listParam, stringParam } from '../../dashboards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PERIOD = /^(L12|\d{4})$/;

export interface AdmissionsUrlFilters {
  period: string | undefined;
  clinicIds: string[];
  departmentIds: string[];
  providerIds: string[];
}
export interface CostUrlFilters extends AdmissionsUrlFilters {
  amount: CostAmount;
}

const shared = {
  period: stringParam({ pattern: PERIOD }),
  clinicIds: listParam({ pattern: UUID }),
  departmentIds: listParam({ pattern: UUID }),
  providerIds: listParam({ pattern: UUID }),
};

/** The admissions dashboard's filters in its URL: `?period=2025&clinicIds=...`. */
export const admissionsCodec = filterCodec<AdmissionsUrlFilters>(shared);
/** The cost dashboard's: the same and `amount=paid`. */
export const costCodec = filterCodec<CostUrlFilters>({ ...shared, amount: enumParam(['allowed', 'paid'], 'allowed') });

/** The API's filters of the URL's: empty lists left out, the trailing twelve months by default. */
export function apiFilters(filters: AdmissionsUrlFilters): PopulationFilters {
  const listOrNothing = (list: string[]) => (list.length > 0 ? list : undefined);
  return {
    period: filters.period ?? 'L12',
    clinicIds: listOrNothing(filters.clinicIds),
    departmentIds: listOrNothing(filters.departmentIds),
    providerIds: listOrNothing(filters.providerIds),
  };
}
