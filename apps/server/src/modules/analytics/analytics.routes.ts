import { trackAnalyticsEvent as trackAnalyticsEventEndpoint } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { trackAnalyticsEvent } from './analytics.service';

export function analyticsRoutes(app: FastifyInstance): void {
  route(app, trackAnalyticsEventEndpoint, async ({ body, auth }) => ({
    result: await trackAnalyticsEvent(app.database.db, auth, body),
  }));
}
