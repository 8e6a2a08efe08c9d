import {
  RISK_NO_ID,
  type EndpointBody,
  type EndpointResponse,
  type getRiskAnalytics,
  type RiskAnalyticsFilters,
  type RiskGroupKey,
  type RiskGrouping,
  type RiskGroupRow,
  type RiskMeasures,
} from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import { loadCareScope, type AuthContext } from '../../access';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  countFailureReasons,
  findNames,
  findRefreshState,
  sumCounts,
  sumDecisionDays,
  sumSnapshots,
  TOTAL_KEY,
  type CountSums,
} from './risk-analytics.repository';
import { hccLabel, isPaymentHcc } from './risk-code-map';
import { cumulativeRecapture, measuresOf } from './risk-measures';
import { riskClock } from './risk-clock';
import type { RiskSelection } from './risk-selection';

export interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
}

type RiskAnalyticsResult = EndpointResponse<typeof getRiskAnalytics>['result'];

const refuse = (field: string, message: string): AppError => AppError.validation([{ field, message }]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A grouping's row narrowing the selection: its month, provider, clinic or HCC; a key of another shape is 422. */
function narrowToGroup(selection: RiskSelection, group: RiskGroupKey): RiskSelection {
  const { by, key } = group;
  switch (by) {
    case 'month': {
      const month = Number(key.slice(5, 7));
      if (!/^\d{4}-\d{2}$/.test(key) || Number(key.slice(0, 4)) !== selection.year || month < 1 || month > 12) {
        throw refuse('group.key', `A month of ${String(selection.year)}, written YYYY-MM`);
      }
      return { ...selection, fromMonth: month, toMonth: month };
    }
    case 'provider':
    case 'clinic':
      if (!UUID.test(key)) throw refuse('group.key', `A ${by} id`);
      return { ...selection, group: by === 'provider' ? { providerId: key } : { clinicId: key } };
    case 'hcc': {
      const hcc = Number(key);
      if (!/^\d{1,3}$/.test(key) || (hcc !== 0 && !isPaymentHcc(hcc))) throw refuse('group.key', 'An HCC number');
      if (selection.hcc !== undefined && selection.hcc !== hcc) throw refuse('group.key', 'An HCC outside the filters');
      return { ...selection, hcc };
    }
  }
}

/**
 * The filters (and a grouping's row, for a drill-down) resolved against today and the caller's care
 * scope. An HCC that is not a V28 payment HCC (nor 0, no HCC) is refused with 422 naming `filters.hcc`.
 * The permission (hcc_dashboard) is the endpoint's, checked before the handler.
 */
export async function resolveSelection(
  db: Db,
  auth: AuthContext,
  filters: RiskAnalyticsFilters,
  group?: RiskGroupKey,
): Promise<RiskSelection> {
  if (filters.hcc !== undefined && filters.hcc !== 0 && !isPaymentHcc(filters.hcc)) {
    throw refuse('filters.hcc', 'Not a CMS-HCC V28 payment HCC');
  }
  const day = riskClock.today();
  const year = filters.year ?? Number(day.slice(0, 4));
  const toMonth = filters.toMonth ?? (year === Number(day.slice(0, 4)) ? Number(day.slice(5, 7)) : 12);
  const scope = await loadCareScope(db, auth);
  const selection: RiskSelection = {
    organisationId: auth.organisationId,
    year,
    fromMonth: Math.min(filters.fromMonth ?? 1, toMonth),
    toMonth,
    chosen: { providerIds: filters.providerIds, departmentIds: filters.departmentIds, clinicIds: filters.clinicIds },
    hcc: filters.hcc,
    group: {},
    scopeProviderIds: scope.providerIds,
  };
  return group ? narrowToGroup(selection, group) : selection;
}

const MONTH_NAMES = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

async function labelsOf(
  db: Db,
  selection: RiskSelection,
  groupBy: RiskGrouping,
  keys: string[],
): Promise<Map<string, string>> {
  switch (groupBy) {
    case 'month':
      return new Map(keys.map((key) => [key, MONTH_NAMES.format(new Date(`${key}-01T00:00:00Z`))]));
    case 'hcc':
      return new Map(keys.map((key) => [key, key === '0' ? 'No payment HCC' : `HCC ${key} ${hccLabel(Number(key))}`]));
    case 'clinic':
    case 'provider': {
      const names = await findNames(
        db,
        selection.organisationId,
        groupBy,
        keys.filter((key) => key !== RISK_NO_ID),
      );
      names.set(RISK_NO_ID, groupBy === 'clinic' ? 'No clinic' : 'No provider');
      return names;
    }
  }
}

function monthsOf(selection: RiskSelection, fromMonth: number): string[] {
  return Array.from(
    { length: selection.toMonth - fromMonth + 1 },
    (_, index) => `${String(selection.year)}-${String(fromMonth + index).padStart(2, '0')}`,
  );
}

/** The selection's measures in total and by a grouping, each counter table read once for both. */
async function readMeasures(
  db: Db,
  selection: RiskSelection,
  groupBy: RiskGrouping,
): Promise<{ total: RiskMeasures; rows: RiskGroupRow[] }> {
  const [counts, days, snapshots, latest] = await Promise.all([
    sumCounts(db, selection, groupBy),
    sumDecisionDays(db, selection, groupBy),
    sumSnapshots(db, selection, groupBy),
    // By month, the snapshots are the months'; the total's is the latest.
    groupBy === 'month' ? sumSnapshots(db, selection, 'none') : [],
  ]);
  const countsByKey = new Map(counts.map((row) => [row.key, row]));
  const snapshotsByKey = new Map([...snapshots, ...latest].map((row) => [row.key, row]));
  const daysOf = (key: string) => days.filter((bucket) => bucket.key === key);
  const total = measuresOf(countsByKey.get(TOTAL_KEY), daysOf(TOTAL_KEY), snapshotsByKey.get(TOTAL_KEY));
  let keys: string[];
  let countsOf: (key: string) => Omit<CountSums, 'key'> | undefined = (key) => countsByKey.get(key);
  if (groupBy === 'month') {
    const cumulative = cumulativeRecapture(
      new Map([...countsByKey].filter(([key]) => key !== TOTAL_KEY)),
      monthsOf(selection, 1),
    );
    countsOf = (key) => cumulative.get(key);
    keys = monthsOf(selection, selection.fromMonth);
  } else {
    keys = [...new Set([...countsByKey.keys(), ...snapshotsByKey.keys()])].filter((key) => key !== TOTAL_KEY);
  }
  const labels = await labelsOf(db, selection, groupBy, keys);
  const rows = keys.map((key) => ({
    key,
    label: labels.get(key) ?? 'Unknown',
    ...measuresOf(countsOf(key), daysOf(key), snapshotsByKey.get(key)),
  }));
  if (groupBy === 'hcc') rows.sort((left, right) => Number(left.key) - Number(right.key));
  else if (groupBy !== 'month') rows.sort((left, right) => left.label.localeCompare(right.label));
  return { total, rows };
}

/** The selection's measures in total and by the chosen grouping (numbers only: no patient is shown). */
export async function getRiskAnalyticsResult(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getRiskAnalytics>,
): Promise<RiskAnalyticsResult> {
  const selection = await resolveSelection(db, caller.auth, body.filters);
  const [{ total, rows }, failureReasons, refresh] = await Promise.all([
    readMeasures(db, selection, body.groupBy),
    countFailureReasons(db, selection),
    findRefreshState(db, selection.organisationId),
  ]);
  return {
    year: selection.year,
    fromMonth: selection.fromMonth,
    toMonth: selection.toMonth,
    refreshedAt: refresh.refreshedAt?.toISOString() ?? null,
    isStale: refresh.isStale,
    total,
    rows,
    failureReasons,
  };
}
