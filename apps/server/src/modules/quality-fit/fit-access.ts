import type { FastifyRequest } from 'fastify';
import { auditPatientRead, writeAudit, type AuthContext } from '../../access';
import type { Db } from '../../db/client';

export interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
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
