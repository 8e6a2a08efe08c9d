import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { FileStore } from '../../integrations/files/file-store';
import { AppError } from '../../lib/app-error';
import { writeAudit, isUuid } from '../../access';
import { findDocumentFile } from './documents.repository';
import { isFileUrlValid } from './file-urls';

export interface SignedFileRequest {
  documentId: string;
  expires: number;
  userId: string;
  signature: string;
}

export interface DocumentFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * The original file behind a signed link. An expired or altered link is 403 FORBIDDEN; a valid link to a
 * document without a stored file is 404. The read is audited as the user the link was issued to.
 */
export async function readSignedDocumentFile(
  context: { db: Db; files: FileStore; request: FastifyRequest },
  signed: SignedFileRequest,
): Promise<DocumentFile> {
  const { db, files, request } = context;
  const document =
    isUuid(signed.documentId) && isUuid(signed.userId) ? await findDocumentFile(db, signed.documentId) : undefined;
  // Without the document there is no organisation to check the signature against: refused the same way.
  if (!document) throw new AppError('FORBIDDEN', 'This link is not valid or has expired.');
  const isValid = await isFileUrlValid(db, { ...signed, organisationId: document.organisationId });
  if (!isValid) throw new AppError('FORBIDDEN', 'This link is not valid or has expired.');
  const bytes = document.fileKey ? await files.get(document.organisationId, document.fileKey) : undefined;
  if (!bytes) throw new AppError('NOT_FOUND', 'The document has no stored file.');
  await writeAudit(db, {
    organisationId: document.organisationId,
    userId: signed.userId,
    patientId: document.patientId,
    action: 'patient.read',
    clientAddress: request.ip,
    details: { what: 'document-file', documentId: signed.documentId },
  });
  return { bytes, contentType: document.contentType };
}
