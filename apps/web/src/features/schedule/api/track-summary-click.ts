import { trackAnalyticsEvent } from '@cairn/contracts';
import { api } from '../../../lib/api';

/**
 * Sends SummaryClick (spec §7) without waiting for it: navigation never waits for analytics, and a
 * lost event is not the user's problem.
 */
export function trackSummaryClick(sid: string, sourcePage = 'schedule'): void {
  api
    .call(trackAnalyticsEvent, { name: 'SummaryClick', properties: { actionId: sid, SourcePage: sourcePage } })
    .catch(() => undefined);
}
