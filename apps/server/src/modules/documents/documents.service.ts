import {
  type DocumentDetail,
  type DocumentFacets,
  type DocumentFilters,
  type DocumentListItem,
  type DocumentSearchHit,
  type DocumentSource,
} from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { FileStore } from '../../integrations/files/file-store';
import { AppError } from '../../lib/app-error';
import { type AuthContext, isUuid, readPatientInScope } from '../../access';
import {
  FRAGMENT_DELIMITER,
  findDocument,
  listDocumentFacets,
  listDocuments,
  searchDocuments,
  type DocumentListRow,
  type DocumentRow,
} from './documents.repository';
import { signFileUrl, type SignedFileUrl } from './file-urls';

export interface DocumentsContext {
  db: Db;
  auth: AuthContext;
  request: FastifyRequest;
}

const asSource = (value: string): DocumentSource => (value === 'HIE' ? 'HIE' : 'EHR');

function toMetadata<T extends Omit<DocumentListRow, 'preview'>>(row: T) {
  return { ...row, source: asSource(row.source) };
}

export async function getPatientDocuments(
  context: DocumentsContext,
  options: { cairnPatientId: string; filters?: DocumentFilters | undefined },
): Promise<{ documents: DocumentListItem[]; facets: DocumentFacets }> {
  const { db, auth, request } = context;
  const patient = await readPatientInScope(db, { auth, request, patientId: options.cairnPatientId, what: 'documents' });
  const key = { organisationId: auth.organisationId, patientId: patient.id };
  const rows = await listDocuments(db, { ...key, filters: options.filters });
  const facets = await listDocumentFacets(db, key);
  return {
    documents: rows.map(toMetadata),
    facets: {
      types: facets.types.map(({ code, display }) => ({ code: code ?? '', display: display ?? code ?? '' })),
      sources: facets.sources.map(asSource),
      authors: facets.authors.filter((author): author is string => author !== null),
    },
  };
}

/** Anything that looks like markup is dropped from snippets: the text is plain, and snippets stay plain. */
const MARKUP = /<\s*(script|style)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>|<\/?[a-z!][^>]*>/gi;

export async function searchPatientDocuments(
  context: DocumentsContext,
  options: { searchTerm: string; cairnPatientId: string },
): Promise<{ hits: DocumentSearchHit[] }> {
  const { db, auth, request } = context;
  const patient = await readPatientInScope(db, {
    auth,
    request,
    patientId: options.cairnPatientId,
    what: 'document-search',
  });
  const rows = await searchDocuments(db, {
    organisationId: auth.organisationId,
    patientId: patient.id,
    searchTerm: options.searchTerm,
  });
  return {
    hits: rows.map(({ headline, ...row }) => ({
      ...toMetadata(row),
      snippets: headline
        .split(FRAGMENT_DELIMITER)
        .map((fragment) => fragment.replace(MARKUP, ' ').replace(/\s+/g, ' ').trim())
        .filter((fragment) => fragment.length > 0),
    })),
  };
}

/** The organisation's document when its patient is in the caller's scope (audited), else 404. */
async function readDocumentInScope(context: DocumentsContext, documentId: string, what: string): Promise<DocumentRow> {
  const { db, auth, request } = context;
  const document = isUuid(documentId) ? await findDocument(db, auth.organisationId, documentId) : undefined;
  if (!document) throw new AppError('NOT_FOUND', 'Document not found.');
  try {
    await readPatientInScope(db, { auth, request, patientId: document.patientId, what, details: { documentId } });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'Document not found.');
    throw error;
  }
  return document;
}

export async function getPatientDocument(
  context: DocumentsContext & { files: FileStore },
  documentId: string,
): Promise<DocumentDetail> {
  const document = await readDocumentInScope(context, documentId, 'document');
  const isHtml = document.contentType === 'text/html' && document.fileKey !== null;
  const html = isHtml ? await context.files.get(document.organisationId, document.fileKey ?? '') : undefined;
  return {
    id: document.id,
    patientId: document.patientId,
    title: document.title,
    typeCode: document.typeCode,
    typeDisplay: document.typeDisplay,
    author: document.author,
    date: document.documentDate,
    source: asSource(document.source),
    contentType: document.contentType,
    hasFile: document.fileKey !== null,
    text: document.text,
    html: html ? html.toString('utf8') : null,
    hasPdf: document.contentType === 'application/pdf' && document.fileKey !== null,
  };
}

/** Spec §7 getFileURL: a link valid for five minutes to the document's stored original. */
export async function getDocumentFileUrl(context: DocumentsContext, documentId: string): Promise<SignedFileUrl> {
  const document = await readDocumentInScope(context, documentId, 'document-file-url');
  if (document.fileKey === null) throw new AppError('NOT_FOUND', 'The document has no stored file.');
  return signFileUrl(context.db, {
    documentId: document.id,
    organisationId: document.organisationId,
    userId: context.auth.userId,
  });
}
