import {
  getQualityInsights as getQualityInsightsEndpoint,
  markCareGapAddressed as markCareGapAddressedEndpoint,
  unmarkCareGapAddressed as unmarkCareGapAddressedEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { getQualityInsights, markCareGapAddressed, unmarkCareGapAddressed } from './quality-tab.service';

/**
 * The Quality Insights tab and the /quality-tab page (issue 19): a patient's care gaps, and the gaps
 * marked as addressed at a visit (written to the EHR with the cart: `sendMarkedCareGaps`).
 */
export function qualityTabRoutes(app: FastifyInstance): void {
  const db = () => app.database.db;
  route(app, getQualityInsightsEndpoint, async ({ body, auth, request }) => ({
    result: await getQualityInsights(db(), { auth, request }, body),
  }));
  route(app, markCareGapAddressedEndpoint, async ({ body, auth, request }) => ({
    result: await markCareGapAddressed(db(), app.realtime, { auth, request }, body),
  }));
  route(app, unmarkCareGapAddressedEndpoint, async ({ body, auth, request }) => ({
    result: await unmarkCareGapAddressed(db(), app.realtime, { auth, request }, body),
  }));
}
