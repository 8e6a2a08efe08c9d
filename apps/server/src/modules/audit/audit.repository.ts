import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  organisationId: string | undefined;
  userId: string | undefined;
  patientId?: string;
  /** A dotted verb: `auth.sign_in`, `auth.sign_in_failed`, `auth.lockout`, `patient.read`, … */
  action: string;
  clientAddress: string | undefined;
  /** Never a password, a code or patient data beyond the patient id. */
  details?: Record<string, unknown>;
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    organisationId: entry.organisationId ?? null,
    userId: entry.userId ?? null,
    patientId: entry.patientId ?? null,
    action: entry.action,
    clientAddress: entry.clientAddress ?? null,
    details: entry.details ?? null,
  });
}
