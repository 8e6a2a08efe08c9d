import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

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

interface Batch {
  entries: AuditEntry[];
  waiters: { resolve: () => void; reject: (error: unknown) => void }[];
}

/** Entries waiting for their insert, per database (or transaction) handle. */
const batches = new WeakMap<Db, Batch>();

/**
 * Writes one audit entry; it resolves once the entry is stored (a read is never answered before its
 * audit row exists). Entries written during the same turn of the event loop share one multi-row
 * insert: under load every request audits, and one statement and one commit for many of them keeps
 * the audit from costing a round trip and a WAL flush each.
 */
export function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  let batch = batches.get(db);
  if (!batch) {
    const created: Batch = { entries: [], waiters: [] };
    batches.set(db, created);
    setImmediate(() => void flush(db, created));
    batch = created;
  }
  batch.entries.push(entry);
  const waiters = batch.waiters;
  return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
}

async function flush(db: Db, batch: Batch): Promise<void> {
  batches.delete(db);
  try {
    // One statement of six array parameters whatever the batch's size (a multi-row VALUES built per
    // flush cost more than the insert itself under load).
    const column = <T>(value: (entry: AuditEntry) => T) => sql.param(batch.entries.map(value));
    await db.execute(sql`
      insert into ${auditLog} (organisation_id, user_id, patient_id, action, client_address, details)
      select * from unnest(
        ${column((entry) => entry.organisationId ?? null)}::uuid[],
        ${column((entry) => entry.userId ?? null)}::uuid[],
        ${column((entry) => entry.patientId ?? null)}::uuid[],
        ${column((entry) => entry.action)}::text[],
        ${column((entry) => entry.clientAddress ?? null)}::text[],
        ${column((entry) => (entry.details ? JSON.stringify(entry.details) : null))}::jsonb[])`);
    for (const waiter of batch.waiters) waiter.resolve();
  } catch (error) {
    for (const waiter of batch.waiters) waiter.reject(error);
  }
}
