import { findUnstorableStrings } from '@cairn/contracts';
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
 * the audit from costing a round trip and a WAL flush each. One entry can only ever fail its own
 * request: an entry that cannot be a row is refused before it joins a batch, and when a batch's insert
 * fails all the same (an id that names no row), its entries are stored one by one.
 */
export function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  const refusal = refusalOf(entry);
  if (refusal) return Promise.reject(new Error(`audit entry refused: ${refusal}`));
  let batch = batches.get(db);
  if (!batch) {
    const created: Batch = { entries: [], waiters: [] };
    batches.set(db, created);
    setImmediate(() => void flush(db, created));
    batch = created;
  }
  batch.entries.push(storable(entry));
  const waiters = batch.waiters;
  return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why an entry cannot be a row (names the field, never its value), or `undefined`. */
function refusalOf(entry: AuditEntry): string | undefined {
  for (const field of ['organisationId', 'userId', 'patientId'] as const) {
    const id = entry[field];
    if (id !== undefined && !UUID.test(id)) return `${field} is not a uuid`;
  }
  return entry.action.length === 0 ? 'action is empty' : undefined;
}

/** NUL, and a surrogate without its pair: what PostgreSQL's text and jsonb cannot hold. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is matched.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The entry with every string PostgreSQL cannot store made storable: what was attempted is still
 * recorded, with U+FFFD where such a character stood. Entries without one (nearly all) pass as they are.
 */
function storable(entry: AuditEntry): AuditEntry {
  const fields = [entry.action, entry.clientAddress, entry.details];
  if (findUnstorableStrings(fields, 1).length === 0) return entry;
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(UNSTORABLE, '\ufffd');
    if (Array.isArray(value)) return value.map(clean);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [clean(key), clean(item)]));
    }
    return value;
  };
  return {
    ...entry,
    action: entry.action.replace(UNSTORABLE, '\ufffd'),
    clientAddress: entry.clientAddress?.replace(UNSTORABLE, '\ufffd'),
    ...(entry.details ? { details: clean(entry.details) as Record<string, unknown> } : {}),
  };
}

async function flush(db: Db, batch: Batch): Promise<void> {
  batches.delete(db);
  try {
    await insertEntries(db, batch.entries);
    for (const waiter of batch.waiters) waiter.resolve();
  } catch {
    // One entry's fault must not fail the others' requests: each is tried on its own.
    await Promise.all(
      batch.entries.map(async (entry, index) => {
        const waiter = batch.waiters[index];
        try {
          await insertEntries(db, [entry]);
          waiter?.resolve();
        } catch (error) {
          waiter?.reject(error);
        }
      }),
    );
  }
}

/** One statement of six array parameters whatever the number of entries (a multi-row VALUES cost more). */
async function insertEntries(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  const column = <T>(value: (entry: AuditEntry) => T) => sql.param(entries.map(value));
  await db.execute(sql`
    insert into ${auditLog} (organisation_id, user_id, patient_id, action, client_address, details)
    select * from unnest(
      ${column((entry) => entry.organisationId ?? null)}::uuid[],
      ${column((entry) => entry.userId ?? null)}::uuid[],
      ${column((entry) => entry.patientId ?? null)}::uuid[],
      ${column((entry) => entry.action)}::text[],
      ${column((entry) => entry.clientAddress ?? null)}::text[],
      ${column((entry) => (entry.details ? JSON.stringify(entry.details) : null))}::jsonb[])`);
}
