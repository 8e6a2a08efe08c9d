import {
  auditExportQuery,
  createAuditExportTicket,
  exportAuditLog,
  getAuditEntry,
  listAuditActions as listAuditActionsEndpoint,
  listAuditEntries,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import type { AuthContext } from '../../access';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/route';
import { getOrCreateServerSecret } from '../auth';
import {
  issueExportTicket,
  listAuditActions,
  listAuditPage,
  openAuditExport,
  readAuditEntry,
  type AuditAdminDeps,
} from './audit-admin.service';
import { createExportTickets, type ExportTickets } from './audit-export-tickets';

export function auditAdminRoutes(app: FastifyInstance): void {
  let tickets: Promise<ExportTickets> | undefined;
  const deps: AuditAdminDeps = {
    db: app.database.db,
    tickets: () =>
      (tickets ??= getOrCreateServerSecret(app.database.db, 'audit-export-ticket-hs256').then((secret) =>
        createExportTickets(secret, (sessionId) => app.accessTokens.isSessionEnded(sessionId)),
      )),
  };
  const callerOf = (context: { auth: AuthContext; request: { ip: string } }) => ({
    auth: context.auth,
    clientAddress: context.request.ip,
  });

  route(app, listAuditEntries, async (context) => ({
    result: await listAuditPage(deps, callerOf(context), context.body),
  }));
  route(app, getAuditEntry, async (context) => ({
    result: await readAuditEntry(deps, callerOf(context), context.body.id),
  }));
  route(app, listAuditActionsEndpoint, async ({ auth }) => ({ result: await listAuditActions(deps, auth) }));
  route(app, createAuditExportTicket, async ({ auth, body }) => ({
    result: await issueExportTicket(deps, auth, body),
  }));
  // The download link: no token header, the ticket is the credential (a browser's download sends none).
  app.get(
    exportAuditLog.path,
    {
      schema: { summary: exportAuditLog.summary, tags: exportAuditLog.tags },
      config: { rateLimit: exportAuditLog.rateLimit },
    },
    async (request, reply) => {
      const query = auditExportQuery.safeParse(request.query);
      if (!query.success) throw new AppError('FORBIDDEN', 'This link is not valid or has expired.');
      const csv = await openAuditExport(deps, { ticket: query.data.ticket, clientAddress: request.ip });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(csv.chunks));
    },
  );
}
