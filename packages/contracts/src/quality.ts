import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/**
 * The Quality Workspace (issue 19; spec §2 /quality, /quality-workspace, /quality-patients,
 * /quality-archive; spec §6: quality_tool, and the OrganizationQuality configuration unless admin):
 * the organisation's open care gaps as a worklist, its patients with their gap counts, and the archive
 * of closed and excluded gaps. Every call that shows patients writes one `patient.read` audit entry per
 * patient shown.
 */

const tags = ['quality'];
const id = z.guid();
const idList = z.array(id).max(500);
const isoDate = z.iso.date('A date written YYYY-MM-DD');
const isoDateTime = z.iso.datetime({ offset: true });

/** An eCQM by its CMS number; the measures are the engine's (the twelve of CMS's CQL today), not a list of the contract's. */
export const qualityMeasureId = z
  .string()
  .trim()
  .regex(/^CMS\d{1,4}$/, 'A measure is named by its CMS number, such as CMS165');

/**
 * A worklist gap: `open` (in the measure, not met, as CMS's CQL decides on the data there is). The list is
 * kept for the filters that name it; the hand-written engine's `prospective` is gone (docs/quality.md).
 */
export const WORKLIST_GAP_STATUSES = ['open'] as const;
/** An archived gap: met (`closed`) or a denominator exclusion applies (`excluded`). */
export const ARCHIVE_GAP_STATUSES = ['closed', 'excluded'] as const;

/** A page holds at most this many rows. */
export const QUALITY_PAGE_SIZE_MAX = 200;
/** An export holds at most this many rows; past it the answer says it was cut short. */
export const QUALITY_EXPORT_LIMIT = 25_000;

/** A range whose end comes before its start is refused, naming the end. */
function withOrderedDates<T extends z.ZodType<Record<string, unknown>>>(schema: T, from: string, to: string): T {
  return schema.refine(
    (value) => {
      const [start, end] = [value[from], value[to]];
      return typeof start !== 'string' || typeof end !== 'string' || start <= end;
    },
    { path: [to], message: `${to} comes before ${from}` },
  );
}

/**
 * What the worklist is narrowed to; every field is optional and they combine with "and". Provider,
 * department and clinic are the patient's primary care provider's and select as the schedule's filter
 * does: a gap matches when its patient's provider, that provider's department or its clinic is chosen.
 */
export const qualityWorklistFilters = withOrderedDates(
  z.strictObject({
    measureIds: z.array(qualityMeasureId).max(50).optional(),
    /** Every worklist status when absent. */
    statuses: z.array(z.enum(WORKLIST_GAP_STATUSES)).min(1).max(WORKLIST_GAP_STATUSES.length).optional(),
    providerIds: idList.optional(),
    departmentIds: idList.optional(),
    clinicIds: idList.optional(),
    /** Due on or after this day. */
    dueAfter: isoDate.optional(),
    /** Due on or before this day. */
    dueBefore: isoDate.optional(),
    /** Only patients with a visit booked from now to this many days ahead. */
    upcomingVisitWithinDays: z.int().min(0).max(366).optional(),
  }),
  'dueAfter',
  'dueBefore',
);
export type QualityWorklistFilters = z.infer<typeof qualityWorklistFilters>;

/**
 * The worklist's orders. Ties are broken by the patient's name, then the measure; `nextVisit` orders by
 * the time of the patient's next visit, patients without one last (by name).
 */
export const QUALITY_WORKLIST_SORTS = ['dueDate', 'patientName', 'measure', 'nextVisit'] as const;
export type QualityWorklistSort = (typeof QUALITY_WORKLIST_SORTS)[number];
export const qualitySortDirection = z.enum(['ascending', 'descending']);

const worklistOrder = {
  sort: z.enum(QUALITY_WORKLIST_SORTS).default('dueDate'),
  direction: qualitySortDirection.default('ascending'),
};
const paging = {
  /** 1-based. */
  page: z.int().min(1).max(100_000).default(1),
  pageSize: z.int().min(1).max(QUALITY_PAGE_SIZE_MAX).default(50),
};

/** The patient a row is about. */
export const qualityPatient = z.object({
  cairnPatientId: id,
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: isoDate,
  mrn: z.string().nullable(),
});
export type QualityPatient = z.infer<typeof qualityPatient>;

/** A measure as the gap names it. */
const measureFields = {
  measureId: z.string(),
  /** The measure's library and version whose logic decided it (`ColonCancerScreeningFHIR 0.1.000`). */
  measureVersion: z.string(),
  measureTitle: z.string(),
};

/** One open gap of the worklist. */
export const qualityWorklistRow = z.object({
  patient: qualityPatient,
  ...measureFields,
  status: z.enum(WORKLIST_GAP_STATUSES),
  /** The end of the measurement period: care given by then closes it. */
  dueDate: isoDate.nullable(),
  /** The engine's sentence (`Most recent blood pressure 152/94 mmHg (2026-05-02) is not below 140/90.`). */
  reason: z.string(),
  primaryProvider: z.object({ id, name: z.string() }).nullable(),
  /** The primary provider's department and clinic. */
  departmentName: z.string().nullable(),
  clinicName: z.string().nullable(),
  /** The patient's next usable visit (`sid`: its portrait), when one is booked. */
  nextVisit: z.object({ sid: id, startAt: isoDateTime, providerName: z.string().nullable() }).nullable(),
  /** When an analysis first showed the gap. */
  firstSeenAt: isoDateTime,
});
export type QualityWorklistRow = z.infer<typeof qualityWorklistRow>;

export const getQualityWorklist = defineEndpoint({
  method: 'POST',
  path: '/quality/worklist',
  summary:
    "A page of the organisation's open care gaps, filtered and sorted, with the total (each patient shown is audited)",
  tags,
  auth: 'user',
  writes: false,
  permission: 'quality_tool',
  v2: true,
  body: z.strictObject({ filters: qualityWorklistFilters.default({}), ...worklistOrder, ...paging }),
  response: resultEnvelope(
    z.object({ rows: z.array(qualityWorklistRow), total: z.int(), page: z.int(), pageSize: z.int() }),
  ),
});

export const exportQualityWorklist = defineEndpoint({
  method: 'POST',
  path: '/quality/worklist/export',
  summary: `Every gap of the filtered worklist in its order, up to ${String(QUALITY_EXPORT_LIMIT)}, for a CSV file (each patient is audited)`,
  tags,
  auth: 'user',
  writes: false,
  permission: 'quality_tool',
  v2: true,
  body: z.strictObject({ filters: qualityWorklistFilters.default({}), ...worklistOrder }),
  response: resultEnvelope(
    z.object({
      rows: z.array(qualityWorklistRow),
      total: z.int(),
      /** More gaps matched than an export holds: the first ones are given. */
      isTruncated: z.boolean(),
    }),
  ),
});

/** A measure of the organisation's gaps, for the filters, with how many gaps it has in each state. */
export const qualityMeasure = z.object({
  ...measureFields,
  open: z.int(),
  closed: z.int(),
  excluded: z.int(),
});
export type QualityMeasure = z.infer<typeof qualityMeasure>;

export const getQualityMeasures = defineEndpoint({
  method: 'POST',
  path: '/quality/measures',
  summary: 'The measures of the gaps in the caller’s scope, with their counts per state (no patient shown)',
  tags,
  auth: 'user',
  writes: false,
  permission: 'quality_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.array(qualityMeasure)),
});

/** A patient and how many of their gaps are in each state (all zero: every measure met or not applying, or not analysed yet). */
export const qualityPatientRow = z.object({
  patient: qualityPatient,
  primaryProviderName: z.string().nullable(),
  open: z.int(),
  closed: z.int(),
  excluded: z.int(),
});
export type QualityPatientRow = z.infer<typeof qualityPatientRow>;

export const getQualityPatients = defineEndpoint({
  method: 'POST',
  path: '/quality/patients',
  summary:
    'A page of the patients in scope by name, optionally matching a name, date of birth or MRN, with their care gap counts (each patient shown is audited)',
  tags,
  auth: 'user',
  writes: false,
  permission: 'quality_tool',
  v2: true,
  body: z.strictObject({ searchText: z.string().trim().min(1).max(100).optional(), ...paging }),
  response: resultEnvelope(
    z.object({ patients: z.array(qualityPatientRow), total: z.int(), page: z.int(), pageSize: z.int() }),
  ),
});

/** A record that closed or excluded a gap. */
export const qualityClosingEvidence = z.object({
  resourceType: z.string(),
  date: isoDate,
  code: z.string().nullable(),
  description: z.string(),
});

/** One closed or excluded gap of the archive: when it closed (or was excluded) and what did it. */
export const qualityArchiveRow = z.object({
  patient: qualityPatient,
  ...measureFields,
  status: z.enum(ARCHIVE_GAP_STATUSES),
  /** When an analysis first showed it closed (or excluded). */
  resolvedAt: isoDateTime,
  /** Closed: the last day the closing evidence counts. */
  dueDate: isoDate.nullable(),
  reason: z.string(),
  evidence: z.array(qualityClosingEvidence),
});
export type QualityArchiveRow = z.infer<typeof qualityArchiveRow>;

export const qualityArchiveFilters = withOrderedDates(
  z.strictObject({
    measureIds: z.array(qualityMeasureId).max(50).optional(),
    /** Both when absent. */
    statuses: z.array(z.enum(ARCHIVE_GAP_STATUSES)).min(1).max(2).optional(),
    /** Closed or excluded on or after this day (UTC). */
    resolvedAfter: isoDate.optional(),
    /** Closed or excluded on or before this day (UTC). */
    resolvedBefore: isoDate.optional(),
  }),
  'resolvedAfter',
  'resolvedBefore',
);
export type QualityArchiveFilters = z.infer<typeof qualityArchiveFilters>;

export const getQualityArchive = defineEndpoint({
  method: 'POST',
  path: '/quality/archive',
  summary:
    'A page of the closed and excluded care gaps, latest first, with what closed them (each patient shown is audited)',
  tags,
  auth: 'user',
  writes: false,
  permission: 'quality_tool',
  v2: true,
  body: z.strictObject({ filters: qualityArchiveFilters.default({}), ...paging }),
  response: resultEnvelope(
    z.object({ rows: z.array(qualityArchiveRow), total: z.int(), page: z.int(), pageSize: z.int() }),
  ),
});
