import { SEARCH_MATCH_END, SEARCH_MATCH_START, type DocumentFilters } from '@cairn/contracts';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/clinical-schema';

/** Characters of text shown under a document's title in the list. */
const PREVIEW_LENGTH = 200;
/** At most this many search hits: `ts_headline` reads the whole text of each. */
const MAX_SEARCH_HITS = 50;
/** Between two fragments of a search snippet (split by the service). */
export const FRAGMENT_DELIMITER = '\u001f';

const metadataColumns = {
  id: documents.id,
  title: documents.title,
  typeCode: documents.typeCode,
  typeDisplay: documents.typeDisplay,
  author: documents.author,
  date: documents.documentDate,
  source: documents.source,
  contentType: documents.contentType,
  hasFile: sql<boolean>`${documents.fileKey} is not null`,
};

interface PatientDocumentsKey {
  organisationId: string;
  patientId: string;
}

export type DocumentListRow = Awaited<ReturnType<typeof listDocuments>>[number];

export function listDocuments(db: Db, key: PatientDocumentsKey & { filters?: DocumentFilters | undefined }) {
  const filters = key.filters ?? {};
  const conditions: (SQL | undefined)[] = [
    eq(documents.organisationId, key.organisationId),
    eq(documents.patientId, key.patientId),
    filters.types?.length ? inArray(documents.typeCode, filters.types) : undefined,
    filters.sources?.length ? inArray(documents.source, filters.sources) : undefined,
    filters.authors?.length ? inArray(documents.author, filters.authors) : undefined,
    filters.dateFrom ? gte(documents.documentDate, filters.dateFrom) : undefined,
    filters.dateTo ? lte(documents.documentDate, filters.dateTo) : undefined,
  ];
  return db
    .select({ ...metadataColumns, preview: sql<string>`left(${documents.text}, ${PREVIEW_LENGTH})` })
    .from(documents)
    .where(and(...conditions))
    .orderBy(desc(documents.documentDate), asc(documents.title), asc(documents.id));
}

/** The distinct types, sources and authors among all of the patient's documents. */
export async function listDocumentFacets(db: Db, key: PatientDocumentsKey) {
  const ofPatient = and(eq(documents.organisationId, key.organisationId), eq(documents.patientId, key.patientId));
  const [types, sources, authors] = await Promise.all([
    db
      .selectDistinct({ code: documents.typeCode, display: documents.typeDisplay })
      .from(documents)
      .where(and(ofPatient, isNotNull(documents.typeCode)))
      .orderBy(asc(documents.typeDisplay), asc(documents.typeCode)),
    db.selectDistinct({ source: documents.source }).from(documents).where(ofPatient).orderBy(asc(documents.source)),
    db
      .selectDistinct({ author: documents.author })
      .from(documents)
      .where(and(ofPatient, isNotNull(documents.author)))
      .orderBy(asc(documents.author)),
  ]);
  return { types, sources: sources.map((row) => row.source), authors: authors.map((row) => row.author) };
}

export type DocumentSearchRow = Awaited<ReturnType<typeof searchDocuments>>[number];

/**
 * Full-text search (`websearch_to_tsquery`, so quotes, `or` and `-word` work as on a search engine)
 * over the generated `search` column, best rank first. The marker characters are removed from the
 * text before `ts_headline` so that only real matches carry them.
 */
export function searchDocuments(db: Db, key: PatientDocumentsKey & { searchTerm: string }) {
  const query = sql`websearch_to_tsquery('english', ${key.searchTerm})`;
  const markers = `${SEARCH_MATCH_START}${SEARCH_MATCH_END}${FRAGMENT_DELIMITER}`;
  const options = [
    `StartSel="${SEARCH_MATCH_START}"`,
    `StopSel="${SEARCH_MATCH_END}"`,
    `FragmentDelimiter="${FRAGMENT_DELIMITER}"`,
    'MaxFragments=3',
    'MaxWords=25',
    'MinWords=10',
  ].join(', ');
  const rank = sql<number>`ts_rank(${documents.search}, ${query})`;
  return db
    .select({
      ...metadataColumns,
      rank: sql<number>`${rank}::float8`.mapWith(Number),
      headline: sql<string>`ts_headline('english', translate(${documents.text}, ${markers}, ''), ${query}, ${options})`,
    })
    .from(documents)
    .where(
      and(
        eq(documents.organisationId, key.organisationId),
        eq(documents.patientId, key.patientId),
        sql`${documents.search} @@ ${query}`,
      ),
    )
    .orderBy(desc(rank), desc(documents.documentDate), asc(documents.id))
    .limit(MAX_SEARCH_HITS);
}

export type DocumentRow = typeof documents.$inferSelect;

/** The organisation's document, or `undefined`. */
export async function findDocument(
  db: Db,
  organisationId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.organisationId, organisationId), eq(documents.id, documentId)));
  return row;
}

/** A document by id alone, for the signed file URL (the organisation is then checked by the signature). */
export async function findDocumentFile(
  db: Db,
  documentId: string,
): Promise<Pick<DocumentRow, 'organisationId' | 'patientId' | 'fileKey' | 'contentType'> | undefined> {
  const [row] = await db
    .select({
      organisationId: documents.organisationId,
      patientId: documents.patientId,
      fileKey: documents.fileKey,
      contentType: documents.contentType,
    })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row;
}
