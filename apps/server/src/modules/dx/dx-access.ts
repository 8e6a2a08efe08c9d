import type { DxRole } from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/access-tokens';
import { isUuid, readPatientInScope, type PatientRow } from '../patients/care-scope';
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
  patient: PatientRow;
  actor: Actor;
}

/**
 * The visit of a summary with its current analysis and workflow state, when the caller may see its
 * patient (the read is audited as `what`); 404 otherwise, whether the visit is another organisation's
 * or its patient is out of the caller's scope.
 */
export async function openVisit(db: Db, caller: Caller, sid: string, what: string): Promise<OpenedVisit> {
  const { organisationId, userId } = caller.auth;
  const [visit, user] = await Promise.all([
    isUuid(sid) ? findVisitContext(db, organisationId, sid) : undefined,
    findCaller(db, organisationId, userId),
  ]);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!visit) throw new AppError('NOT_FOUND', 'Summary not found.');
  const patient = await readPatientInScope(db, { ...caller, patientId: visit.patientId, what, details: { sid } });
  const actor: Actor = {
    userId,
    name: user.name,
    role: user.view === 'Coder' ? 'coder' : 'provider',
    isViewOnly: caller.auth.permissions.has('view_only') || user.permissions.includes('view_only'),
  };
  return { visit, patient, actor };
}

/** Spec §6 view_only: the user sees the tab but decides nothing. */
export function assertMayDecide(actor: Actor): void {
  if (actor.isViewOnly) throw new AppError('FORBIDDEN', 'A view-only user cannot change diagnoses.');
}
