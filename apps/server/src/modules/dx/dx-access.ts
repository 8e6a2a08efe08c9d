import type { DxRole } from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { AppError } from '../../lib/app-error';
import { type AuthContext, auditPatientRead, isUuid } from '../../access';
import {
  prepareVisit,
  type CallerColumns,
  type FoundVisit,
  type VisitContext,
  type VisitForCallerValues,
} from './dx.repository';

export interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
}

/** The user acting on the tab: their name and role (spec §3 Views: Coder is the coder view). */
export interface Actor {
  userId: string;
  name: string;
  role: DxRole;
  isViewOnly: boolean;
}

export interface OpenedVisit {
  visit: VisitContext;
  actor: Actor;
}

/**
 * The visit of a summary with its current analysis and workflow state, when the caller may see its
 * patient; 404 otherwise, whether the visit is another organisation's or its patient is out of the
 * caller's scope. The read is audited as `what` (a `patient.read` entry, as `readPatientInScope`
 * writes) before anything is answered.
 */
export async function openVisit(db: Db, caller: Caller, sid: string, what: string): Promise<OpenedVisit> {
  const statement = preparedOnce(db, 'dx_visit', (name) => prepareVisit(db, name));
  return openVisitWith(caller, { sid, what, read: (values) => statement.execute(values), db });
}

/**
 * {@link openVisit} with the statement of the caller's choice (`prepareVisitForCaller` with more
 * columns on the same row): the caller, their scope and the visit in one round trip, then the audit.
 */
export async function openVisitWith<R extends VisitRow>(
  caller: Caller,
  options: { db: Db; sid: string; what: string; read: (values: VisitForCallerValues) => Promise<R[]> },
): Promise<{ visit: FoundVisit<R>; actor: Actor }> {
  const { db, sid, what } = options;
  const { organisationId, userId, isAdmin } = caller.auth;
  // Ids in URLs are uuids: anything else is not found, without asking the database.
  if (!isUuid(sid)) throw new AppError('NOT_FOUND', 'Summary not found.');
  const [row] = await options.read({ sid, userId, organisationId, isAdmin });
  if (!row) throw new AppError('UNAUTHENTICATED');
  if (row.id === null || row.patientId === null) throw new AppError('NOT_FOUND', 'Summary not found.');
  const { callerName, callerView, callerPermissions, ...visit } = row;
  await auditPatientRead(db, { ...caller, patientId: row.patientId, what, details: { sid } });
  const actor: Actor = {
    userId,
    name: callerName,
    role: callerView === 'Coder' ? 'coder' : 'provider',
    isViewOnly: caller.auth.permissions.has('view_only') || callerPermissions.includes('view_only'),
  };
  // The join found the visit: its own and its patient's columns are present.
  return { visit: visit as FoundVisit<R>, actor };
}

type VisitRow = { [K in CallerColumns]: K extends 'callerPermissions' ? string[] : string } & {
  id: string | null;
  patientId: string | null;
  serviceDate: string | null;
  birthDate: string | null;
  gender: string | null;
};

/** Spec §6 view_only: the user sees the tab but decides nothing. */
export function assertMayDecide(actor: Actor): void {
  if (actor.isViewOnly) throw new AppError('FORBIDDEN', 'A view-only user cannot change diagnoses.');
}
