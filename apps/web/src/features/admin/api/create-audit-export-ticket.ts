import { createAuditExportTicket, type AuditFilters } from '@cairn/contracts';
import { useMutation } from '@tanstack/react-query';
import { env } from '../../../config/env';
import { api } from '../../../lib/api';

/**
 * Exports the filtered audit log as CSV: a single-use link is asked for with the session's token, then
 * the browser opens it as a download, which it streams to disk (a token cannot ride on a download).
 */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const { url } = (await api.call(createAuditExportTicket, filters)).result;
      startDownload(`${env.apiUrl}${url}`);
    },
  });
}

function startDownload(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
