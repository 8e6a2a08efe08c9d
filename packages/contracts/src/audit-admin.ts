import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { refuseUnstorableStrings } from './storable-strings';

// The admin tool's audit log viewer (issue 17 item 6): every call needs admin_tool, and every read of
// the audit log is itself written to it.

/**
 * How an audited action ended: it succeeded, it failed (a wrong password, a launch that broke), or it
 * was refused by policy (a locked account, a spent refresh token). The database works it out from the
 * entry's action and details.
 */
export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** A page of the audit log holds at most this many entries. */
export const AUDIT_PAGE_SIZE_MAX = 200;

/** An export link works once, within this many seconds. */
export const AUDIT_EXPORT_TICKET_SECONDS = 60;

/**
 * Where a page ends: the last entry's time (UTC, to the microsecond) and id. The next page starts after
 * it, so entries that share a time are neither repeated nor skipped.
 */
const auditCursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~\d{1,18}$/, 'Not a cursor given by an earlier page');

const auditFilterFields = {
  userId: z.uuid().optional(),
  /** A patient's id, or words of their name (`last`, `last, first`) or their MRN. */
  patient: z.string().trim().min(1, 'Required').max(200).optional(),
  /** One action, exactly as written (`auth.sign_in`, `patient.read`, ...). */
  action: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_.]{0,99}$/, 'An action such as auth.sign_in')
    .optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  /** From this time (inclusive). */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Before this time (exclusive). */
  to: z.iso.datetime({ offset: true }).optional(),
};

/** A date range whose end comes before its start is refused, naming `to`. */
function withOrderedRange<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T): T {
  return schema.refine((value) => !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to), {
    path: ['to'],
    message: 'The end of the range comes before its start',
  });
}

/** What the audit log is filtered by; every field is optional and they combine with "and". */
export const auditFilters = withOrderedRange(z.strictObject(auditFilterFields));
export type AuditFilters = z.infer<typeof auditFilters>;

const auditUser = z.object({ id: z.uuid(), username: z.string(), name: z.string() });
/** `name` is null when the entry names a patient the organisation no longer holds. */
const auditPatient = z.object({ id: z.uuid(), name: z.string().nullable(), mrn: z.string().nullable() });

/** One entry as the list shows it. */
export const auditEntrySummary = z.object({
  id: z.string(),
  /** When it happened: ISO 8601, UTC, to the microsecond. */
  at: z.string(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** Who acted; null for what no signed-in user did (a failed sign-in of an unknown name, a launch). */
  user: auditUser.nullable(),
  patient: auditPatient.nullable(),
  clientAddress: z.string().nullable(),
});
export type AuditEntrySummary = z.infer<typeof auditEntrySummary>;

/** One entry with what its writer recorded beside it. */
export const auditEntryDetail = auditEntrySummary.extend({ details: z.record(z.string(), z.json()).nullable() });
export type AuditEntryDetail = z.infer<typeof auditEntryDetail>;

export const listAuditEntries = defineEndpoint({
  method: 'POST',
  path: '/admin/audit/list',
  summary: "A page of the organisation's audit log, newest first, filtered (admin tool; the read is audited)",
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: withOrderedRange(
    z.strictObject({
      ...auditFilterFields,
      /** The `nextCursor` of the page before; none for the newest page. */
      cursor: auditCursor.optional(),
      pageSize: z.int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(50),
    }),
  ),
  response: resultEnvelope(
    z.object({
      entries: z.array(auditEntrySummary),
      /** Where the next (older) page starts; null on the last page. */
      nextCursor: auditCursor.nullable(),
    }),
  ),
});

export const getAuditEntry = defineEndpoint({
  method: 'POST',
  path: '/admin/audit/entry',
  summary: 'One audit entry with its details (admin tool; the read is audited)',
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ id: z.string().regex(/^\d{1,18}$/, 'An audit entry id') }),
  response: resultEnvelope(auditEntryDetail),
});

export const listAuditActions = defineEndpoint({
  method: 'POST',
  path: '/admin/audit/actions',
  summary: "Every action the organisation's audit log holds, for the action filter (admin tool)",
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ actions: z.array(z.string()) })),
});

export const createAuditExportTicket = defineEndpoint({
  method: 'POST',
  path: '/admin/audit/exportTicket',
  summary: 'A single-use, 60-second link that downloads the filtered audit log as CSV (admin tool)',
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: auditFilters,
  response: resultEnvelope(
    z.object({
      /** Under the API's base (`/admin/audit/export?ticket=...`): the browser opens it to download. */
      url: z.string(),
      expiresInSeconds: z.number(),
    }),
  ),
});

/** The query of the export: `GET /api/admin/audit/export?ticket=...`. */
export const auditExportQuery = refuseUnstorableStrings(z.strictObject({ ticket: z.string().min(20).max(8000) }));

export const exportAuditLog = defineEndpoint({
  method: 'GET',
  path: '/admin/audit/export',
  summary: 'The filtered audit log as CSV, streamed, newest first (?ticket=... from exportTicket; audited)',
  tags: ['admin'],
  // The ticket is the credential: a browser's download cannot send the token header.
  auth: 'public',
  writes: false,
  rateLimit: { max: 60, timeWindow: '1 minute' },
  body: z.strictObject({}),
  response: z.string().describe('text/csv: id, time, action, outcome, user, patient, client address, details'),
});
