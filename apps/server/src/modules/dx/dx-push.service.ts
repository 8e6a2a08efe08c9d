import { normalizeIcdCode } from '@cairn/clinical';
import type { CareGapNoteResult, ConditionWriteResult } from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { providers, userProviders } from '../../db/clinical-schema';
import type { Db } from '../../db/client';
import type { FhirClient } from '../../integrations/fhir/fhir-client';
import type { Reference } from '../../integrations/fhir/fhir-types';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import { writeDiagnosesToEncounter, writeDiagnosesToProblemList } from '../ehr-write';
import { sendMarkedCareGaps } from '../quality-tab';
import { assertMayDecide, openVisit, type Actor, type Caller } from './dx-access';
import { isInCart } from './dx-decision-out';
import { findCaller, findDecisions, markVisitPushed, type DecisionRow } from './dx.repository';

export interface PushDeps {
  db: Db;
  realtime: FastifyInstance['realtime'];
  /** A FHIR client on the EHR with the caller's live launch session, if they have one. */
  ehrClient: (auth: AuthContext) => Promise<FhirClient | undefined>;
}

export interface PushInput {
  sid: string;
  icdCodes: readonly string[];
}

/**
 * Add to Encounter (spec §7 push2emrApi): the cart's codes are written to the visit's EHR encounter as
 * FHIR Conditions, each code's outcome is audited and told to everyone looking at the visit. Only codes
 * in the visit's cart may be written; anything else is a 409 naming it. The care gaps marked as
 * addressed at the visit and not yet in the EHR go with them, as one note on the encounter (issue 19).
 */
export async function pushCartToEncounter(
  deps: PushDeps,
  caller: Caller,
  input: PushInput,
): Promise<{ results: ConditionWriteResult[]; careGaps?: CareGapNoteResult }> {
  const { visit, results, client, recorder } = await pushCart(deps, caller, input, {
    readAs: 'push-to-ehr',
    what: 'ehr-conditions',
    write: writeDiagnosesToEncounter,
  });
  const { organisationId } = caller.auth;
  const careGaps = await sendMarkedCareGaps(deps.db, {
    organisationId,
    appointmentId: visit.id,
    client,
    ...(recorder ? { author: recorder } : {}),
  });
  if (careGaps) {
    // One audit entry for the note: how many gaps it wrote, or failed to.
    const results = careGaps.measureIds.map(() => ({ status: careGaps.status }));
    await auditWrite(deps.db, { caller, visit, what: 'ehr-care-gap-note', results });
  }
  await recordPushResult(deps, { caller, appointmentId: visit.id, results });
  return careGaps ? { results, careGaps } : { results };
}

/** The cart's codes on the patient's problem list in the EHR (spec §7 pushToEmrPmdToPl), once per patient and code. */
export async function pushCartToProblemList(
  deps: PushDeps,
  caller: Caller,
  input: PushInput,
): Promise<ConditionWriteResult[]> {
  const { results } = await pushCart(deps, caller, input, {
    readAs: 'push-to-problem-list',
    what: 'ehr-problem-list',
    write: writeDiagnosesToProblemList,
  });
  return results;
}

/** Opens the visit (scope, audit), checks the cart holds every code, writes them and audits the write. */
async function pushCart(
  deps: PushDeps,
  caller: Caller,
  input: PushInput,
  /** The visit's read (`readAs`) and the write (`what`) as the audit log names them. */
  how: { readAs: string; what: string; write: typeof writeDiagnosesToEncounter },
): Promise<{
  visit: { id: string; patientId: string };
  results: ConditionWriteResult[];
  client: FhirClient | undefined;
  recorder: Reference | undefined;
}> {
  const { visit, actor } = await openVisit(deps.db, caller, input.sid, how.readAs);
  await assertCartHolds(deps.db, { auth: caller.auth, actor, visit, icdCodes: input.icdCodes });
  const client = await deps.ehrClient(caller.auth);
  const recorder = await recorderOf(deps.db, caller.auth);
  const results = await how.write(deps.db, {
    organisationId: caller.auth.organisationId,
    appointmentId: visit.id,
    icdCodes: input.icdCodes,
    client,
    recorder,
    requestedBy: caller.auth.userId,
  });
  await auditWrite(deps.db, { caller, visit, what: how.what, results });
  return { visit, results, client, recorder };
}

/**
 * A code may be written to the EHR only once it is in the visit's cart: accepted or added by a
 * provider, or accepted by a coder and sent with the scrub (a coder's own push takes their choices).
 * A view-only user writes nothing.
 */
async function assertCartHolds(
  db: Db,
  options: {
    auth: AuthContext;
    actor: Actor;
    visit: { id: string; scrubSentAt: Date | null };
    icdCodes: readonly string[];
  },
): Promise<void> {
  assertMayDecide(options.actor);
  const codes = [...new Set(options.icdCodes.map(normalizeIcdCode))];
  const decisions = await findDecisions(db, options.auth.organisationId, options.visit.id, codes);
  const byCode = new Map(decisions.map((row) => [row.icdCode, row]));
  const isPushable = (row: DecisionRow | undefined): boolean =>
    row !== undefined &&
    isInCart(row) &&
    (row.deciderRole !== 'coder' || options.visit.scrubSentAt !== null || options.actor.role === 'coder');
  const outside = codes.filter((code) => !isPushable(byCode.get(code)));
  if (outside.length > 0) {
    throw new AppError('CONFLICT', `Not in this visit's cart: ${outside.join(', ')}`, {
      field: 'icdCodes',
      icdCodes: outside,
    });
  }
}

/**
 * After the cart was written: the first write that put a code in the EHR marks the visit pushed (later
 * decisions are post-visit changes), and everyone looking at the visit hears each code's outcome. Codes
 * that failed stay in the cart for a retry.
 */
async function recordPushResult(
  deps: PushDeps,
  options: { caller: Caller; appointmentId: string; results: ConditionWriteResult[] },
): Promise<void> {
  const { organisationId, userId } = options.caller.auth;
  const { appointmentId, results } = options;
  if (results.some((result) => result.status === 'written')) {
    await markVisitPushed(deps.db, organisationId, appointmentId);
  }
  const pusher = await findCaller(deps.db, organisationId, userId);
  const by = { name: pusher?.name ?? '', role: pusher?.view === 'Coder' ? ('coder' as const) : ('provider' as const) };
  await deps.realtime
    .publish({ organisationId, appointmentId, event: { kind: 'push.result', results, by } })
    .catch((error: unknown) => {
      options.caller.request.log.warn({ err: error }, 'publishing a push result failed');
    });
}

/** One `patient.write` audit entry per write to the EHR: how many codes were written and how many failed. */
async function auditWrite(
  db: Db,
  options: {
    caller: Caller;
    visit: { id: string; patientId: string };
    what: string;
    results: readonly { status: string }[];
  },
): Promise<void> {
  const { auth, request } = options.caller;
  await writeAudit(db, {
    organisationId: auth.organisationId,
    userId: auth.userId,
    patientId: options.visit.patientId,
    action: 'patient.write',
    clientAddress: request.ip,
    details: {
      what: options.what,
      sid: options.visit.id,
      written: options.results.filter((result) => result.status === 'written').length,
      failed: options.results.filter((result) => result.status === 'failed').length,
      // The audit viewer's outcome: a write the EHR refused, in whole or in part, is a failure.
      ...(options.results.some((result) => result.status === 'failed') ? { outcome: 'failure' } : {}),
    },
  });
}

/** The EHR practitioner recording the diagnoses: the provider from the EHR the user works as. */
async function recorderOf(db: Db, auth: AuthContext): Promise<Reference | undefined> {
  const [provider] = await db
    .select({ sourceId: providers.sourceId })
    .from(userProviders)
    .innerJoin(providers, eq(providers.id, userProviders.providerId))
    .where(
      and(
        eq(userProviders.userId, auth.userId),
        eq(providers.organisationId, auth.organisationId),
        eq(providers.source, 'EHR'),
      ),
    )
    .limit(1);
  return provider ? { reference: `Practitioner/${provider.sourceId}` } : undefined;
}
