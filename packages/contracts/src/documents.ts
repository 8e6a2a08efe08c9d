import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/** Where a document came from: the organisation's own EHR or a health information exchange. */
export const DOCUMENT_SOURCES = ['EHR', 'HIE'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/**
 * The markers around a matched word in a search snippet (PostgreSQL `ts_headline` StartSel/StopSel)
 * and between two fragments. Control characters, never HTML: the client splits the snippet on them and
 * renders `<mark>` elements itself, so no markup from a document ever reaches the page as HTML.
 */
export const SEARCH_MATCH_START = '\u0002';
export const SEARCH_MATCH_END = '\u0003';

const documentId = z.string().trim().min(1).max(100);
const calendarDay = z.iso.date('A date is a calendar day written YYYY-MM-DD');
const shortList = z.array(z.string().trim().min(1).max(200)).max(100);

/** The list's filters; each one narrows further, an absent or empty list keeps everything. */
export const documentFilters = z.strictObject({
  /** LOINC type codes. */
  types: shortList.optional(),
  sources: z.array(z.enum(DOCUMENT_SOURCES)).max(2).optional(),
  authors: shortList.optional(),
  /** Inclusive, `YYYY-MM-DD`. */
  dateFrom: calendarDay.optional(),
  dateTo: calendarDay.optional(),
});
export type DocumentFilters = z.infer<typeof documentFilters>;

const documentMetadata = {
  id: z.string(),
  title: z.string(),
  typeCode: z.string().nullable(),
  typeDisplay: z.string().nullable(),
  author: z.string().nullable(),
  /** `YYYY-MM-DD`. */
  date: z.string(),
  source: z.enum(DOCUMENT_SOURCES),
  /** The original's media type: text/plain, text/html or application/pdf. */
  contentType: z.string(),
  /** Whether the original file is stored (then `getFileURL` answers a link to it). */
  hasFile: z.boolean(),
};

export const documentListItem = z.object({ ...documentMetadata, preview: z.string() });
export type DocumentListItem = z.infer<typeof documentListItem>;

/** The values present among the patient's documents, for the filter controls. */
export const documentFacets = z.object({
  types: z.array(z.object({ code: z.string(), display: z.string() })),
  sources: z.array(z.enum(DOCUMENT_SOURCES)),
  authors: z.array(z.string()),
});
export type DocumentFacets = z.infer<typeof documentFacets>;

export const getDocuments = defineEndpoint({
  method: 'POST',
  path: '/getDocuments',
  summary: "A patient's documents, newest first, with the filter values present",
  tags: ['documents'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ cairnPatientId: z.string().trim().min(1).max(100), filters: documentFilters.optional() }),
  response: resultEnvelope(z.object({ documents: z.array(documentListItem), facets: documentFacets })),
});

export const documentSearchHit = z.object({
  ...documentMetadata,
  rank: z.number(),
  /** Fragments of the text; matches are between SEARCH_MATCH_START and SEARCH_MATCH_END. */
  snippets: z.array(z.string()),
});
export type DocumentSearchHit = z.infer<typeof documentSearchHit>;

/** Spec §7 `searchInOpenSearch {searchTerm, NID, dataSourceId}`; `NID` is the patient's Cairn id. */
export const searchInOpenSearch = defineEndpoint({
  method: 'POST',
  path: '/searchInOpenSearch',
  summary: "Full-text search in a patient's documents, best matches first, with highlighted snippets",
  tags: ['documents'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({
    searchTerm: z.string().trim().min(1, 'A search term is required').max(500),
    NID: z.string().trim().min(1).max(100),
    /** The EHR data source of the session (spec §3); accepted and not used: search covers EHR and HIE. */
    dataSourceId: z.union([z.string().max(200), z.number()]).nullish(),
  }),
  response: resultEnvelope(z.object({ hits: z.array(documentSearchHit) })),
});

export const documentDetail = z.object({
  ...documentMetadata,
  patientId: z.string(),
  text: z.string(),
  /** The original HTML of an HTML document, unsanitised: the browser sanitises it before showing it. */
  html: z.string().nullable(),
  /** Whether a PDF original exists (fetched through `getFileURL`). */
  hasPdf: z.boolean(),
});
export type DocumentDetail = z.infer<typeof documentDetail>;

export const getDocument = defineEndpoint({
  method: 'POST',
  path: '/getDocument',
  summary: 'One document: its metadata, text and original HTML',
  tags: ['documents'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ documentId }),
  response: resultEnvelope(documentDetail),
});

/** How long a signed file URL stays valid. */
export const FILE_URL_LIFETIME_SECONDS = 300;

/** Spec §7 `getFileURL {id, overrideEnv}`: `id` is the document id. */
export const getFileURL = defineEndpoint({
  method: 'POST',
  path: '/getFileURL',
  summary: "A short-lived signed URL to a document's original file",
  tags: ['documents'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({
    id: documentId,
    /** Chose another deployment's file bucket in the original product; accepted and ignored here. */
    overrideEnv: z.unknown().optional(),
  }),
  response: resultEnvelope(z.object({ url: z.string(), expiresAt: z.string() })),
});
