import type { AnalyticsEvent } from '@cairn/contracts';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../access';
import { insertAnalyticsEvent } from './analytics.repository';

/**
 * Stores a product analytics event (spec §7) in Cairn's own table, with the caller's organisation and
 * user. The contract keeps properties small and flat; they carry ids, never patient data.
 */
export async function trackAnalyticsEvent(db: Db, auth: AuthContext, event: AnalyticsEvent): Promise<boolean> {
  await insertAnalyticsEvent(db, {
    organisationId: auth.organisationId,
    userId: auth.userId,
    name: event.name,
    properties: event.properties ?? {},
  });
  return true;
}
