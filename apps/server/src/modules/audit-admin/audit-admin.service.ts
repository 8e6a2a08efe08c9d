import {
  AUDIT_EXPORT_TICKET_SECONDS,
  exportAuditLog,
  PERMISSIONS,
  type AuditEntryDetail,
  type AuditEntrySummary,
  type AuditFilters,
  type Permission,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertPermission, isUuid, writeAudit, type AuthContext } from '../../access';
import {
  findAuditActions,
  findAuditEntries,
  findAuditEntry,
  findAuditReader,
  findPatientIdsByText,
  type AuditPosition,
  type AuditQuery,
  type AuditRow,
} from './audit-admin.repository';
import { csvLine } from './audit-csv';
import type { ExportTickets } from './audit-export-tickets';

export interface AuditAdminDeps {
  db: Db;
  tickets: () => Promise<ExportTickets>;
}

export interface AuditCaller {
  auth: AuthContext;
  clientAddress: string | undefined;
}

export interface AuditPage {
  entries: AuditEntrySummary[];
  nextCursor: string | null;
}

/** The export reads this many entries at a time: memory stays flat however large the log. */
const EXPORT_BATCH = 1000;

/** A page of the organisation's log, newest first; the read is audited (`audit.read`). */
export async function listAuditPage(
  deps: AuditAdminDeps,
  caller: AuditCaller,
  input: AuditFilters & { cursor?: string; pageSize: number },
): Promise<AuditPage> {
  assertPermission(caller.auth, 'admin_tool');
  const { cursor, pageSize, ...filters } = input;
  const query = await resolveQuery(deps.db, caller.auth.organisationId, filters);
  const rows = await findAuditEntries(deps.db, {
    organisationId: caller.auth.organisationId,
    query,
    after: cursor ? positionOf(cursor) : undefined,
    limit: pageSize + 1,
  });
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  await auditRead(deps.db, caller, { what: 'list', query, details: { returned: page.length } });
  return {
    entries: page.map(summaryOf),
    nextCursor: rows.length > pageSize && last ? `${last.at}~${String(last.id)}` : null,
  };
}

/** One entry with its details (404 when it is not the organisation's); the read is audited. */
export async function readAuditEntry(deps: AuditAdminDeps, caller: AuditCaller, id: string): Promise<AuditEntryDetail> {
  assertPermission(caller.auth, 'admin_tool');
  const row = await findAuditEntry(deps.db, caller.auth.organisationId, Number(id));
  if (!row) throw new AppError('NOT_FOUND', 'No such audit entry.');
  await auditRead(deps.db, caller, {
    what: 'entry',
    query: row.patientId ? { patientIds: [row.patientId] } : {},
    details: { entryId: id },
  });
  return { ...summaryOf(row), details: (row.details as AuditEntryDetail['details'] | null) ?? null };
}

/** The actions the organisation's log holds, for the action filter. */
export async function listAuditActions(deps: AuditAdminDeps, auth: AuthContext): Promise<{ actions: string[] }> {
  assertPermission(auth, 'admin_tool');
  return { actions: await findAuditActions(deps.db, auth.organisationId) };
}

/** A single-use download link for the filtered log as CSV. */
export async function issueExportTicket(
  deps: AuditAdminDeps,
  auth: AuthContext,
  filters: AuditFilters,
): Promise<{ url: string; expiresInSeconds: number }> {
  assertPermission(auth, 'admin_tool');
  const query = await resolveQuery(deps.db, auth.organisationId, filters);
  const ticket = await (await deps.tickets()).issue({ ...auth, query });
  return {
    url: `${exportAuditLog.path}?${new URLSearchParams({ ticket }).toString()}`,
    expiresInSeconds: AUDIT_EXPORT_TICKET_SECONDS,
  };
}

export interface AuditExport {
  filename: string;
  /** The CSV, a line (or a batch of lines) at a time. */
  chunks: AsyncIterable<string>;
}

/**
 * The export behind a ticket: refused (403) when the link is not valid, spent or expired, or when its
 * holder has since lost admin_tool or been deactivated. Audited (`audit.export`) before the first line.
 */
export async function openAuditExport(
  deps: AuditAdminDeps,
  options: { ticket: string; clientAddress: string | undefined; now?: Date },
): Promise<AuditExport> {
  const holder = await (await deps.tickets()).redeem(options.ticket);
  const reader = holder && (await findAuditReader(deps.db, holder.organisationId, holder.userId));
  if (!holder || !reader?.isActive) throw new AppError('FORBIDDEN', 'This link is not valid or has expired.');
  const auth: AuthContext = {
    userId: holder.userId,
    organisationId: holder.organisationId,
    sessionId: holder.sessionId,
    isAdmin: reader.isAdmin,
    permissions: new Set(reader.permissions.filter((name): name is Permission => PERMISSIONS.includes(name as never))),
    isSaml: false,
  };
  assertPermission(auth, 'admin_tool');
  await auditRead(deps.db, { auth, clientAddress: options.clientAddress }, { what: 'export', query: holder.query });
  const stamp = (options.now ?? new Date()).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return { filename: `audit-log-${stamp}.csv`, chunks: csvChunks(deps.db, holder.organisationId, holder.query) };
}

const CSV_HEADER = ['id', 'time', 'action', 'outcome', 'user id', 'username', 'user name'];
const CSV_HEADER_REST = ['patient id', 'patient name', 'mrn', 'client address', 'details'];

async function* csvChunks(db: Db, organisationId: string, query: AuditQuery): AsyncGenerator<string> {
  yield csvLine([...CSV_HEADER, ...CSV_HEADER_REST]);
  let after: AuditPosition | undefined;
  for (;;) {
    const rows = await findAuditEntries(db, { organisationId, query, after, limit: EXPORT_BATCH });
    if (rows.length > 0) yield rows.map(csvRow).join('');
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { at: last.at, id: last.id };
  }
}

function csvRow(row: AuditRow): string {
  const summary = summaryOf(row);
  return csvLine([
    summary.id,
    summary.at,
    summary.action,
    summary.outcome,
    summary.user?.id,
    summary.user?.username,
    summary.user?.name,
    summary.patient?.id,
    summary.patient?.name,
    summary.patient?.mrn,
    summary.clientAddress,
    row.details ? JSON.stringify(row.details) : '',
  ]);
}

/** The filters as the repository takes them: a patient id as is, words resolved to the patients they match. */
async function resolveQuery(db: Db, organisationId: string, filters: AuditFilters): Promise<AuditQuery> {
  const { patient, ...rest } = filters;
  const query: AuditQuery = { ...rest };
  if (patient === undefined) return query;
  const patientIds = isUuid(patient)
    ? [patient.toLowerCase()]
    : await findPatientIdsByText(db, organisationId, patient);
  return { ...query, patientIds };
}

function positionOf(cursor: string): AuditPosition {
  const [at = '', id = ''] = cursor.split('~');
  return { at, id: Number(id) };
}

function summaryOf(row: AuditRow): AuditEntrySummary {
  const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
  return {
    id: String(row.id),
    at: row.at,
    action: row.action,
    outcome: row.outcome,
    user:
      row.userId && row.username !== null
        ? { id: row.userId, username: row.username, name: name(row.userFirstName, row.userLastName) }
        : null,
    patient: row.patientId
      ? {
          id: row.patientId,
          name: row.patientLastName === null ? null : name(row.patientFirstName, row.patientLastName),
          mrn: row.mrn,
        }
      : null,
    clientAddress: row.clientAddress,
  };
}

/**
 * Reading the audit log is itself audited: which filters were read, never the words typed for a patient
 * (they may be a name); the patients they matched are recorded by id, and a single one as the entry's patient.
 */
async function auditRead(
  db: Db,
  caller: AuditCaller,
  read: { what: 'list' | 'entry' | 'export'; query: AuditQuery; details?: Record<string, unknown> },
): Promise<void> {
  const { patientIds, ...filters } = read.query;
  await writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    ...(patientIds?.length === 1 && patientIds[0] ? { patientId: patientIds[0] } : {}),
    action: read.what === 'export' ? 'audit.export' : 'audit.read',
    clientAddress: caller.clientAddress,
    details: { what: read.what, filters, ...(patientIds ? { patientIds } : {}), ...read.details },
  });
}
