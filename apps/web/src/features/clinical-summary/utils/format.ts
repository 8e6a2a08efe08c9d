import type { ClinicalResultFlag } from '@cairn/contracts';
import { formatDate } from '../../../lib/dates';

// Values, units, ranges and codes are formatted by lib/clinical-format.ts, the one place every tab uses.

/** `MM/DD/YYYY` (spec §9), or an en dash when the source gave no date. */
export function formatItemDate(date: string | null): string {
  return date ? formatDate(date, 'date') : '–';
}

export const FLAG_LABELS: Record<ClinicalResultFlag, string> = { high: 'High', low: 'Low', abnormal: 'Abnormal' };
