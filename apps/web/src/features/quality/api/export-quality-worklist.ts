import { exportQualityWorklist, type EndpointInput } from '@cairn/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/csv';
import { worklistCsv } from '../utils/worklist-csv';

export type WorklistExportInput = EndpointInput<typeof exportQualityWorklist>;

/** A large organisation's export can take a while to gather: longer than a page's call may. */
const EXPORT_TIMEOUT_MS = 120_000;

/**
 * Downloads every gap of the filtered worklist, in its order, as a CSV file (up to the server's
 * limit); answers how many rows it holds and how many matched.
 */
export function useExportQualityWorklist() {
  return useMutation({
    mutationFn: async (input: WorklistExportInput) => {
      const { rows, total, isTruncated } = (
        await api.call(exportQualityWorklist, input, { timeoutMs: EXPORT_TIMEOUT_MS })
      ).result;
      downloadCsv(worklistCsv(rows), 'quality-worklist');
      return { exported: rows.length, total, isTruncated };
    },
  });
}
