import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { qualityPatient, WORKLIST_GAP_STATUSES } from './quality';

/**
 * FIT outreach (issue 19, CMS130): the patients to invite (an open CMS130 gap), the batches of letters
 * mailed to them, each patient's kit (mailed, returned, resulted, lost, declined) and the lab's results
 * file. A kit becomes resulted only when a FOBT or FIT-DNA Observation arrives in the patient's record;
 * the gap then closes by the engine. Every call showing patients audits each one.
 */

const tags = ['quality'];
const id = z.guid();
const idList = z.array(id).max(500);
const isoDate = z.iso.date('A date written YYYY-MM-DD');
const isoDateTime = z.iso.datetime({ offset: true });
const paging = {
  /** 1-based. */
  page: z.int().min(1).max(100_000).default(1),
  pageSize: z.int().min(1).max(200).default(50),
};
const workspaceCall = { tags, auth: 'user', permission: 'quality_tool', v2: true } as const;

/** A kit out with the patient (`mailed`, `returned`), its result in (`resulted`), or given up (`lost`, `declined`). */
export const FIT_KIT_STATUSES = ['mailed', 'returned', 'resulted', 'lost', 'declined'] as const;
export type FitKitStatus = (typeof FIT_KIT_STATUSES)[number];
/** What a user may set; `resulted` comes only with the result's Observation. */
export const FIT_KIT_SETTABLE_STATUSES = ['mailed', 'returned', 'lost', 'declined'] as const;
export const FIT_RESULTS = ['positive', 'negative'] as const;
export type FitResult = (typeof FIT_RESULTS)[number];

/** A batch holds at most this many patients. */
export const FIT_BATCH_MAX = 500;

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

/** Who to invite: patients with an open CMS130 gap (the worklist's), narrowed. Filters combine with "and". */
export const fitCandidateFilters = z
  .strictObject({
    /** The patient's primary provider, that provider's department or clinic (any chosen). */
    providerIds: idList.optional(),
    departmentIds: idList.optional(),
    clinicIds: idList.optional(),
    /** Age today, inclusive. */
    ageFrom: z.int().min(0).max(130).optional(),
    ageTo: z.int().min(0).max(130).optional(),
    /** Leave out patients with a kit out (mailed or returned, not resulted). On unless turned off. */
    isWithoutKitOut: z.boolean().default(true),
    /** Every worklist status (open gaps) when absent. */
    gapStatuses: z.array(z.enum(WORKLIST_GAP_STATUSES)).min(1).max(WORKLIST_GAP_STATUSES.length).optional(),
  })
  .refine((value) => value.ageFrom === undefined || value.ageTo === undefined || value.ageFrom <= value.ageTo, {
    path: ['ageTo'],
    message: 'ageTo comes before ageFrom',
  });
export type FitCandidateFilters = z.infer<typeof fitCandidateFilters>;

/** The kit last mailed to a patient. */
export const fitLastKit = z.object({ status: z.enum(FIT_KIT_STATUSES), mailedOn: isoDate });

export const fitCandidate = z.object({
  patient: qualityPatient,
  /** The mailing address on one line; a patient without one cannot be sent a letter. */
  address: z.string().nullable(),
  age: z.int(),
  gapStatus: z.enum(WORKLIST_GAP_STATUSES),
  dueDate: isoDate.nullable(),
  primaryProvider: z.object({ id, name: z.string() }).nullable(),
  clinicName: z.string().nullable(),
  lastKit: fitLastKit.nullable(),
});
export type FitCandidate = z.infer<typeof fitCandidate>;

export const getFitCandidates = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/candidates',
  summary: 'A page of the patients with an open CMS130 gap to invite, by name (each patient shown is audited)',
  writes: false,
  body: z.strictObject({ filters: fitCandidateFilters.default({ isWithoutKitOut: true }), ...paging }),
  response: resultEnvelope(z.object({ rows: z.array(fitCandidate), total: z.int(), page: z.int(), pageSize: z.int() })),
});

export const fitKitCounts = z.object(
  Object.fromEntries(FIT_KIT_STATUSES.map((status) => [status, z.int()])) as Record<FitKitStatus, z.ZodInt>,
);
export type FitKitCounts = z.infer<typeof fitKitCounts>;

export const fitBatch = z.object({
  id,
  templateId: id.nullable(),
  templateName: z.string(),
  language: z.string(),
  mailedOn: isoDate,
  returnBy: isoDate,
  createdAt: isoDateTime,
  /** Null for a batch Cairn seeded. */
  createdByName: z.string().nullable(),
  kitCount: z.int(),
  counts: fitKitCounts,
});
export type FitBatch = z.infer<typeof fitBatch>;

export const createFitBatch = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/batches/create',
  summary:
    'Mails FIT letters: one kit per patient (each with an open CMS130 gap, a mailing address and no kit out), status mailed; audited per patient',
  writes: 'patient_data',
  body: z.strictObject({
    templateId: id,
    cairnPatientIds: z
      .array(id)
      .min(1, 'Choose at least one patient')
      .max(FIT_BATCH_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'A patient is chosen twice'),
    /** Today when absent; not in the future. */
    mailedOn: isoDate.optional(),
  }),
  response: resultEnvelope(fitBatch),
});

export const listFitBatches = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/batches',
  summary: 'The batches of FIT letters mailed, latest first, with their kits counted per state (no patient shown)',
  writes: false,
  body: z.strictObject({}),
  response: resultEnvelope(z.array(fitBatch)),
});

export const getFitLetters = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/batches/letters',
  summary: "A batch's letters as one PDF, one letter a page, for windowed envelopes (each patient's letter is audited)",
  writes: false,
  body: z.strictObject({ batchId: id }),
  response: resultEnvelope(
    z.object({
      fileName: z.string(),
      contentType: z.literal('application/pdf'),
      pdfBase64: z.string(),
      pages: z.int(),
    }),
  ),
});

export const fitKitFilters = withOrderedDates(
  z.strictObject({
    statuses: z.array(z.enum(FIT_KIT_STATUSES)).min(1).max(FIT_KIT_STATUSES.length).optional(),
    batchIds: idList.optional(),
    results: z.array(z.enum(FIT_RESULTS)).min(1).max(2).optional(),
    /** Mailed on or after this day. */
    mailedAfter: isoDate.optional(),
    /** Mailed on or before this day. */
    mailedBefore: isoDate.optional(),
    /** Asked back by a day before today and neither returned nor resulted. */
    isOverdue: z.boolean().optional(),
  }),
  'mailedAfter',
  'mailedBefore',
);
export type FitKitFilters = z.infer<typeof fitKitFilters>;

export const fitKit = z.object({
  id,
  patient: qualityPatient,
  status: z.enum(FIT_KIT_STATUSES),
  mailedOn: isoDate,
  returnBy: isoDate,
  returnedOn: isoDate.nullable(),
  /** The result's collection day. */
  resultedOn: isoDate.nullable(),
  /** Null unless resulted, or when the lab's value reads as neither. */
  result: z.enum(FIT_RESULTS).nullable(),
  /** The value as the lab reported it. */
  resultText: z.string().nullable(),
  batch: z.object({ id, templateName: z.string() }),
  /** The patient's CMS130 gap now (open, closed, excluded), or null when they have none. */
  gapStatus: z.string().nullable(),
  statusChangedAt: isoDateTime,
});
export type FitKit = z.infer<typeof fitKit>;

export const listFitKits = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/kits',
  summary:
    'A page of the FIT kits, latest mailed first, and how many match in each state (each patient shown is audited)',
  writes: false,
  body: z.strictObject({ filters: fitKitFilters.default({}), ...paging }),
  response: resultEnvelope(
    z.object({ rows: z.array(fitKit), total: z.int(), counts: fitKitCounts, page: z.int(), pageSize: z.int() }),
  ),
});

export const updateFitKit = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/kits/update',
  summary:
    'Records a kit returned (on a day), lost or declined, or mailed again; a resulted kit is final (409); audited',
  writes: 'patient_data',
  body: z.strictObject({
    kitId: id,
    status: z.enum(FIT_KIT_SETTABLE_STATUSES),
    /** With `returned`: the day it came back (today when absent), not before it was mailed nor after today. */
    returnedOn: isoDate.optional(),
  }),
  response: resultEnvelope(fitKit),
});

/** What became of one line of a results file. */
export const FIT_IMPORT_OUTCOMES = ['matched', 'stored', 'no-patient', 'ambiguous', 'invalid'] as const;
export type FitImportOutcome = (typeof FIT_IMPORT_OUTCOMES)[number];

export const fitImportRow = z.object({
  /** The line of the file (the column names are line 1). */
  line: z.int(),
  outcome: z.enum(FIT_IMPORT_OUTCOMES),
  patient: qualityPatient.nullable(),
  /** The kit the result resulted (matched). */
  kitId: id.nullable(),
  /** Why the line was not stored, by column. */
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type FitImportRow = z.infer<typeof fitImportRow>;

/** A results file holds at most this many lines. */
export const FIT_IMPORT_MAX_ROWS = 5000;

export const importFitResults = defineEndpoint({
  ...workspaceCall,
  method: 'POST',
  path: '/quality/fit/results/import',
  summary:
    "Stores a lab's FIT results (CSV: mrn, date_of_birth, collection_date, result, loinc) as Observations in each patient's record, which queues their analysis and results their kit; a report per line; audited per patient",
  writes: 'patient_data',
  body: z.strictObject({ csv: z.string().min(1, 'Required').max(900_000) }),
  response: resultEnvelope(
    z.object({
      rows: z.array(fitImportRow),
      /** Lines per outcome (`noPatient`: no-patient). */
      counts: z.object({
        matched: z.int(),
        stored: z.int(),
        noPatient: z.int(),
        ambiguous: z.int(),
        invalid: z.int(),
      }),
    }),
  ),
});
