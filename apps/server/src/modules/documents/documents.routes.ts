import {
  getDocument as getDocumentEndpoint,
  getDocuments as getDocumentsEndpoint,
  getFileURL as getFileUrlEndpoint,
  searchInOpenSearch as searchInOpenSearchEndpoint,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/env';
import { fileStoreFor } from '../../integrations/files/file-store';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/route';
import { readSignedDocumentFile } from './document-files.service';
import {
  getDocumentFileUrl,
  getPatientDocument,
  getPatientDocuments,
  searchPatientDocuments,
} from './documents.service';

const signedFileQuery = z.object({
  expires: z.coerce.number().int(),
  user: z.string().max(100),
  signature: z.string().max(200),
});

export function documentsRoutes(app: FastifyInstance, config: Config): void {
  const files = fileStoreFor(config);
  const db = app.database.db;
  route(app, getDocumentsEndpoint, async ({ body, auth, request }) => ({
    result: await getPatientDocuments({ db, auth, request }, body),
  }));
  // `dataSourceId` names the session's EHR connection, not EHR/HIE: search covers both sources.
  route(app, searchInOpenSearchEndpoint, async ({ body, auth, request }) => ({
    result: await searchPatientDocuments(
      { db, auth, request },
      { searchTerm: body.searchTerm, cairnPatientId: body.NID },
    ),
  }));
  route(app, getDocumentEndpoint, async ({ body, auth, request }) => ({
    result: await getPatientDocument({ db, auth, request, files }, body.documentId),
  }));
  // `overrideEnv` picked another deployment's bucket in the original product; one store here, so ignored.
  route(app, getFileUrlEndpoint, async ({ body, auth, request }) => ({
    result: await getDocumentFileUrl({ db, auth, request }, body.id),
  }));

  // The link from getFileURL: no token header, the signature is the credential.
  app.get<{ Params: { documentId: string }; Querystring: Record<string, string | undefined> }>(
    '/files/:documentId',
    { schema: { hide: true } },
    async (request, reply) => {
      const query = signedFileQuery.safeParse(request.query);
      if (!query.success) throw new AppError('FORBIDDEN', 'This link is not valid or has expired.');
      const file = await readSignedDocumentFile(
        { db, files, request },
        {
          documentId: request.params.documentId,
          expires: query.data.expires,
          userId: query.data.user,
          signature: query.data.signature,
        },
      );
      void reply
        .type(file.contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      // An HTML original opened directly must not run as a page of Cairn's origin.
      if (file.contentType !== 'application/pdf') {
        void reply.header(
          'content-security-policy',
          "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
        );
      }
      return reply.send(file.bytes);
    },
  );
}
