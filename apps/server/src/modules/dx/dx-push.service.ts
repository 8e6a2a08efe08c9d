import type { ConditionWriteResult } from '@cairn/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { findCaller, markVisitPushed } from './dx.repository';

/**
 * After the cart was written to the visit's EHR encounter (push2emrApi): the first write that put a
 * code in the EHR marks the visit pushed (later decisions are post-visit changes), and everyone looking
 * at the visit hears each code's outcome. Codes that failed stay in the cart for a retry.
 */
export async function recordPushResult(
  db: Db,
  realtime: FastifyInstance['realtime'],
  options: {
    organisationId: string;
    appointmentId: string;
    userId: string;
    results: ConditionWriteResult[];
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const { organisationId, appointmentId } = options;
  if (options.results.some((result) => result.status === 'written')) {
    await markVisitPushed(db, organisationId, appointmentId);
  }
  const caller = await findCaller(db, organisationId, options.userId);
  const by = { name: caller?.name ?? '', role: caller?.view === 'Coder' ? ('coder' as const) : ('provider' as const) };
  await realtime
    .publish({ organisationId, appointmentId, event: { kind: 'push.result', results: options.results, by } })
    .catch((error: unknown) => {
      options.log.warn({ err: error }, 'publishing a push result failed');
    });
}
