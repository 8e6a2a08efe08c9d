import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/clinical-schema';

export interface NewAnalyticsEvent {
  organisationId: string;
  userId: string;
  name: string;
  properties: Record<string, unknown>;
}

export async function insertAnalyticsEvent(db: Db, event: NewAnalyticsEvent): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}
