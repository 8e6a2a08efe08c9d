import type { EndpointBody, EndpointResponse, getProductAnalytics } from '@cairn/contracts';
import type { AuthContext } from '../../access';
import type { Db } from '../../db/client';
import { readUsage } from './product-analytics.repository';
import { riskClock } from './risk-clock';

const DAY_MS = 86_400_000;
const dayBefore = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The product's own use (spec §7 events, stored first-party): events by day or ISO week and by page,
 * active users, and each SlownessOptimization timing's p50 and p95 by page and mark. The whole
 * organisation's, whatever the caller's care scope: events carry no patient data. Days are UTC days.
 */
export async function getUsage(
  db: Db,
  auth: AuthContext,
  body: EndpointBody<typeof getProductAnalytics>,
): Promise<EndpointResponse<typeof getProductAnalytics>['result']> {
  const to = body.to ?? riskClock.today();
  const from = body.from ?? dayBefore(to, 29);
  const usage = await readUsage(db, { organisationId: auth.organisationId, from, to, granularity: body.granularity });
  return {
    from,
    to,
    granularity: body.granularity,
    totals: usage.totals,
    events: usage.byName,
    activeUsers: usage.activeUsers,
    pages: usage.pages,
    timings: usage.timings,
    timingsByPeriod: usage.timingsByPeriod,
  };
}
