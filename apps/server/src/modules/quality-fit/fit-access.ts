import type { FastifyRequest } from 'fastify';
import { auditPatientRead, loadCareScope, writeAudit, type AuthContext, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { evaluateFlagsFor } from '../flags';

export interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
}

/**
 * Spec §6, as for the rest of the Quality Workspace: quality_tool (the endpoint's permission, checked
 * before the handler; an admin holds it) and the OrganizationQuality configuration as evaluated for the
 * caller, which an admin does not need. Answers the caller's care scope: a provider linked to providers
 * works their own patients' kits.
 */
export async function openFitOutreach(db: Db, auth: AuthContext): Promise<CareScope> {
  if (!auth.isAdmin) {
    const flags = await evaluateFlagsFor(db, auth);
    if (flags?.configuration_OrganizationQuality !== true) {
      throw new AppError('FORBIDDEN', 'The Quality Workspace is not turned on for this organisation.');
    }
  }
  return loadCareScope(db, auth);
}

/** One `patient.read` entry per patient (FIT letters and kits hold patient data), written together. */
export async function auditPatientsRead(
  db: Db,
  caller: Caller,
  entry: { what: string; patientIds: readonly string[]; details?: Record<string, unknown> },
): Promise<void> {
  await Promise.all(
    [...new Set(entry.patientIds)].map((patientId) =>
      auditPatientRead(db, { ...caller, patientId, what: entry.what, details: entry.details }),
    ),
  );
}

/** One `patient.write` entry per patient whose FIT kit or record the call changed. */
export async function auditPatientsWritten(
  db: Db,
  caller: Caller,
  entry: { what: string; patientIds: readonly string[]; details?: Record<string, unknown> },
): Promise<void> {
  await Promise.all(
    [...new Set(entry.patientIds)].map((patientId) =>
      writeAudit(db, {
        organisationId: caller.auth.organisationId,
        userId: caller.auth.userId,
        patientId,
        action: 'patient.write',
        clientAddress: caller.request.ip,
        details: { what: entry.what, ...entry.details },
      }),
    ),
  );
}

/** The server's calendar day (as the analysis and the schedule take it). */
export function today(): string {
  return isoDay(new Date());
}

function isoDay(date: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD` plus a number of days (calendar arithmetic, no time zone). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` less a number of years (29 February becomes 28 February). */
export function yearsBefore(day: string, years: number): string {
  const year = String(Number(day.slice(0, 4)) - years).padStart(4, '0');
  const monthDay = day.slice(5) === '02-29' ? '02-28' : day.slice(5);
  return `${year}-${monthDay}`;
}
