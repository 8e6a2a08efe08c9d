import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  appointments,
  dxDecisionHistory,
  dxDecisions,
  dxVisitStates,
  ehrConditionWrites,
  patientAnalyses,
  patients,
} from '../../db/clinical-schema';
import { users } from '../../db/schema';
import { currentAnalysisJoin } from '../analysis';
import { patientInCallerScope } from '../../access';

/** SQL of the visits' decisions and workflow state: every query is scoped by organisation. */

const userName = (table: Record<'firstName' | 'lastName' | 'username', SQLWrapper>): SQL<string> =>
  sql<string>`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), ${table.username})`;

/** The caller as the workflow needs them: name, view (Coder is the coder role) and permissions. */
export async function findCaller(db: Db, organisationId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: userName(users), view: users.view, permissions: users.permissions })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
  return row;
}

/** The visit, its patient's age and sex facts, current analysis and workflow state. */
export const visitColumns = {
  id: appointments.id,
  patientId: appointments.patientId,
  serviceDate: appointments.serviceDate,
  birthDate: patients.birthDate,
  gender: patients.gender,
  suggestions: patientAnalyses.suggestions,
  scrubSentAt: dxVisitStates.scrubSentAt,
  scrubSentBy: sql<
    string | null
  >`(select ${userName(users)} from ${users} where ${users.id} = ${dxVisitStates.scrubSentBy})`,
  pushedAt: dxVisitStates.pushedAt,
  postVisitUpdatedIcds: dxVisitStates.postVisitUpdatedIcds,
};

const caller = alias(users, 'caller');
const SCOPE_PATIENT = 'scope_patient';
const scopePatient = alias(patients, SCOPE_PATIENT);

/**
 * One statement for a request on a visit: the caller (name, view, permissions) and, when the visit's
 * patient is in the caller's scope (`patientInCallerScope`, the rule `readPatientInScope` applies),
 * the visit `sid` with its patient's age and sex, the current analysis (none while it is pending:
 * data versions differ) and the workflow state; `extra` columns ride along (the tab's facts). Built
 * with placeholders (`sid`, `userId`, `organisationId`, `isAdmin`) and prepared under `name`, so
 * PostgreSQL plans it once per connection. No row: the caller is gone; a null `id`: no such visit in
 * the caller's scope.
 */
export function prepareVisitForCaller<T extends Record<string, SQL | SQL.Aliased>>(db: Db, name: string, extra: T) {
  const isAdmin = sql`${sql.placeholder('isAdmin')}::boolean`;
  const inScope = patientInCallerScope(scopePatient, caller, isAdmin);
  return db
    .select({
      callerName: userName(caller),
      callerView: caller.view,
      callerPermissions: caller.permissions,
      ...visitColumns,
      ...extra,
    })
    .from(caller)
    .leftJoin(
      appointments,
      and(
        eq(appointments.id, sql.placeholder('sid')),
        eq(appointments.organisationId, caller.organisationId),
        sql`exists (select 1 from ${patients} ${sql.identifier(SCOPE_PATIENT)} where ${scopePatient.id} = ${appointments.patientId} and ${inScope})`,
      ),
    )
    .leftJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(patientAnalyses, currentAnalysisJoin)
    .leftJoin(dxVisitStates, eq(dxVisitStates.appointmentId, appointments.id))
    .where(and(eq(caller.id, sql.placeholder('userId')), eq(caller.organisationId, sql.placeholder('organisationId'))))
    .prepare(name);
}

/** The values of {@link prepareVisitForCaller}'s placeholders. */
export type VisitForCallerValues = { sid: string; userId: string; organisationId: string; isAdmin: boolean };

/** The columns of the caller on a {@link prepareVisitForCaller} row. */
export type CallerColumns = 'callerName' | 'callerView' | 'callerPermissions';
/** The visit's and its patient's own columns: present when the visit was found in scope. */
type PresentColumns = 'id' | 'patientId' | 'serviceDate' | 'birthDate' | 'gender';
/** A {@link prepareVisitForCaller} row whose visit was found, without the caller's columns. */
export type FoundVisit<R extends { [K in PresentColumns]: unknown }> = Omit<R, CallerColumns | PresentColumns> & {
  [K in PresentColumns]: NonNullable<R[K]>;
};
/** The visit of a request that needs no more than the visit: {@link prepareVisitForCaller} alone. */
export const prepareVisit = (db: Db, name: string) => prepareVisitForCaller(db, name, {});
export type VisitContext = FoundVisit<Awaited<ReturnType<ReturnType<typeof prepareVisit>['execute']>>[number]>;

const decisionColumns = {
  icdCode: dxDecisions.icdCode,
  status: dxDecisions.status,
  isAdded: dxDecisions.isAdded,
  reason: dxDecisions.reason,
  note: dxDecisions.note,
  stopShowing: dxDecisions.stopShowing,
  decidedById: dxDecisions.decidedBy,
  decidedByName: userName(users),
  deciderRole: dxDecisions.deciderRole,
  decidedAt: dxDecisions.decidedAt,
  version: dxDecisions.version,
  isPostVisit: dxDecisions.isPostVisit,
};

/** The visit's decisions, each with its code's latest write to the EHR encounter. */
export function listVisitDecisions(db: Db, organisationId: string, appointmentId: string) {
  return db
    .select({
      ...decisionColumns,
      pushStatus: ehrConditionWrites.status,
      pushFailureReason: ehrConditionWrites.failureReason,
      pushedAt: ehrConditionWrites.updatedAt,
    })
    .from(dxDecisions)
    .innerJoin(users, eq(users.id, dxDecisions.decidedBy))
    .leftJoin(
      ehrConditionWrites,
      and(
        eq(ehrConditionWrites.appointmentId, dxDecisions.appointmentId),
        eq(ehrConditionWrites.icdCode, dxDecisions.icdCode),
      ),
    )
    .where(and(eq(dxDecisions.organisationId, organisationId), eq(dxDecisions.appointmentId, appointmentId)));
}
export type VisitDecisionRow = Awaited<ReturnType<typeof listVisitDecisions>>[number];
export type DecisionRow = Omit<VisitDecisionRow, 'pushStatus' | 'pushFailureReason' | 'pushedAt'>;

/** The decisions on these codes of the visit (inside a transaction: what a write compares against). */
export function findDecisions(db: Db, organisationId: string, appointmentId: string, icdCodes: readonly string[]) {
  return db
    .select(decisionColumns)
    .from(dxDecisions)
    .innerJoin(users, eq(users.id, dxDecisions.decidedBy))
    .where(
      and(
        eq(dxDecisions.organisationId, organisationId),
        eq(dxDecisions.appointmentId, appointmentId),
        inArray(dxDecisions.icdCode, [...icdCodes]),
      ),
    );
}

export interface EarlierRejection {
  icdCode: string;
  stopShowing: boolean;
  deciderRole: string;
  decidedByName: string;
  decidedAt: Date;
}

/** A code coded for the patient on a day, from one source. */
export interface CodedDiagnosis {
  icdCode: string;
  lastCodedOn: string;
  source: 'EHR' | 'HIE' | 'Claim';
}

/** The workflow state of the visit, locked for the rest of the transaction. */
export async function lockVisitState(db: Db, organisationId: string, appointmentId: string) {
  await db
    .insert(dxVisitStates)
    .values({ appointmentId, organisationId })
    .onConflictDoNothing({ target: dxVisitStates.appointmentId });
  const [state] = await db
    .select()
    .from(dxVisitStates)
    .where(and(eq(dxVisitStates.appointmentId, appointmentId), eq(dxVisitStates.organisationId, organisationId)))
    .for('update');
  if (!state) throw new Error('visit state not stored');
  return state;
}

export async function updateVisitState(
  db: Db,
  appointmentId: string,
  values: Partial<Pick<typeof dxVisitStates.$inferInsert, 'scrubSentAt' | 'scrubSentBy' | 'postVisitUpdatedIcds'>>,
): Promise<void> {
  await db.update(dxVisitStates).set(values).where(eq(dxVisitStates.appointmentId, appointmentId));
}

/** Sets `pushed_at` the first time the visit's cart is written to the EHR. */
export async function markVisitPushed(db: Db, organisationId: string, appointmentId: string): Promise<void> {
  await db
    .insert(dxVisitStates)
    .values({ appointmentId, organisationId, pushedAt: new Date() })
    .onConflictDoUpdate({
      target: dxVisitStates.appointmentId,
      set: { pushedAt: sql`coalesce(${dxVisitStates.pushedAt}, excluded.pushed_at)` },
    });
}

export interface DecisionValues {
  organisationId: string;
  appointmentId: string;
  patientId: string;
  icdCode: string;
  status: string;
  isAdded: boolean;
  reason: string | null;
  note: string | null;
  stopShowing: boolean;
  decidedBy: string;
  deciderRole: string;
  isPostVisit: boolean;
}

/**
 * Writes a decision only if the stored one is still at `expectedVersion` (0: none stored). Answers
 * false when someone else's write came first: nothing is written then.
 */
export async function writeDecisionIfUnchanged(
  db: Db,
  values: DecisionValues,
  expectedVersion: number,
): Promise<number | undefined> {
  if (expectedVersion === 0) {
    // A concurrent first decision on the code makes this insert wait, then do nothing: a conflict.
    const [row] = await db
      .insert(dxDecisions)
      .values({ ...values, version: 1 })
      .onConflictDoNothing({ target: [dxDecisions.appointmentId, dxDecisions.icdCode] })
      .returning({ version: dxDecisions.version });
    return row?.version;
  }
  const { organisationId, appointmentId, icdCode, patientId: _patientId, ...changes } = values;
  const [row] = await db
    .update(dxDecisions)
    .set({ ...changes, decidedAt: sql`now()`, version: sql`${dxDecisions.version} + 1` })
    .where(
      and(
        eq(dxDecisions.organisationId, organisationId),
        eq(dxDecisions.appointmentId, appointmentId),
        eq(dxDecisions.icdCode, icdCode),
        eq(dxDecisions.version, expectedVersion),
      ),
    )
    .returning({ version: dxDecisions.version });
  return row?.version;
}

export async function insertDecisionHistory(
  db: Db,
  values: Omit<typeof dxDecisionHistory.$inferInsert, 'id' | 'changedAt'>,
): Promise<void> {
  await db.insert(dxDecisionHistory).values(values);
}
