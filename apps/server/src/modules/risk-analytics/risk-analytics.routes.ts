import {
  exportRiskAnalyticsPatients,
  getProductAnalytics,
  getQuicksightEmbedUrl,
  getRiskAnalytics,
  getRiskAnalyticsPatients,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import { route } from '../../lib/route';
import { getUsage } from './product-analytics.service';
import { getRiskAnalyticsResult } from './risk-analytics.service';
import { exportDrill, getDrillPage } from './risk-drill.service';

/** /analytics (issue 20): risk adjustment with its drill-downs, the product's own use, and the dashboard's address. */
export function riskAnalyticsRoutes(app: FastifyInstance, config: Pick<Config, 'apiUrl'>): void {
  const db = () => app.database.db;
  route(app, getRiskAnalytics, async ({ body, auth, request }) => ({
    result: await getRiskAnalyticsResult(db(), { auth, request }, body),
  }));
  route(app, getRiskAnalyticsPatients, async ({ body, auth, request }) => ({
    result: await getDrillPage(db(), { auth, request }, body),
  }));
  route(app, exportRiskAnalyticsPatients, async ({ body, auth, request }) => ({
    result: await exportDrill(db(), { auth, request }, body),
  }));
  route(app, getProductAnalytics, async ({ body, auth }) => ({ result: await getUsage(db(), auth, body) }));
  // The in-app dashboard is where the original embedded its hosted one (spec §7 getQuicksightEmbedUrl).
  const path = '/analytics';
  route(app, getQuicksightEmbedUrl, async () => ({ result: { url: `${new URL(config.apiUrl).origin}${path}`, path } }));
}
