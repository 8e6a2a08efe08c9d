import type { DxRole } from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/access-tokens';
import { auditPatientRead, isUuid, loadCareScope, type CareScope } from '../patients/care-scope';
import { findCaller, findVisitContext, type VisitContext } from './dx.repository';

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
  return openVisitWith(db, caller, { sid, what, read: (scope) => findVisitContext(db, scope, sid) });
}

/**
 * {@link openVisit} with the query of the caller's choice for the visit (more columns on the same
 * row): the care scope and the caller are read at once, then the visit in scope, then the audit.
 */
export async function openVisitWith<V extends VisitContext>(
  db: Db,
  caller: Caller,
  options: { sid: string; what: string; read: (scope: CareScope) => Promise<V | undefined> },
): Promise<{ visit: V; actor: Actor }> {
  const { sid, what } = options;
  const { organisationId, userId } = caller.auth;
  const [scope, user] = await Promise.all([loadCareScope(db, caller.auth), findCaller(db, organisationId, userId)]);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const visit = isUuid(sid) ? await options.read(scope) : undefined;
  if (!visit) throw new AppError('NOT_FOUND', 'Summary not found.');
  await auditPatientRead(db, { ...caller, patientId: visit.patientId, what, details: { sid } });
  const actor: Actor = {
    userId,
    name: user.name,
    role: user.view === 'Coder' ? 'coder' : 'provider',
    isViewOnly: caller.auth.permissions.has('view_only') || user.permissions.includes('view_only'),
  };
  return { visit, actor };
}

/** Spec §6 view_only: the user sees the tab but decides nothing. */
export function assertMayDecide(actor: Actor): void {
  if (actor.isViewOnly) throw new AppError('FORBIDDEN', 'A view-only user cannot change diagnoses.');
}
