import type { ClinicalResult, ClinicalResultFlag } from '@cairn/contracts';
import { formatDate } from '../../../lib/dates';

export { formatIcdCode } from '../../../lib/icd-codes';

/** Units in UCUM brackets or braces (`mm[Hg]`, `{score}`, `[lb_av]`) read better without them. */
export function formatUnit(unit: string | null | undefined): string {
  if (!unit) return '';
  const readable: Record<string, string> = {
    'mm[Hg]': 'mmHg',
    Cel: '°C',
    '[degF]': '°F',
    '[lb_av]': 'lb',
    '[in_i]': 'in',
    '/min': '/min',
  };
  return readable[unit] ?? unit.replace(/\{[^}]*\}/g, '').trim();
}

export function formatValueWithUnit(value: number, unit: string | null | undefined): string {
  const shown = formatUnit(unit);
  return shown ? `${formatNumber(value)} ${shown}` : formatNumber(value);
}

/** Results keep at most two decimals on screen (a converted weight is 79.83 kg, not 79.83225712). */
export function formatNumber(value: number): string {
  return String(Number(value.toFixed(2)));
}

export function formatResultValue(result: Pick<ClinicalResult, 'value' | 'valueText' | 'unit'>): string {
  if (result.value !== null) return formatValueWithUnit(result.value, result.unit);
  return result.valueText ?? '';
}

/** `MM/DD/YYYY` (spec §9), or an en dash when the source gave no date. */
export function formatItemDate(date: string | null): string {
  return date ? formatDate(date, 'date') : '–';
}

export const FLAG_LABELS: Record<ClinicalResultFlag, string> = { high: 'High', low: 'Low', abnormal: 'Abnormal' };

export function formatReferenceRange(range: { low: number | null; high: number | null } | null): string {
  if (!range) return '';
  if (range.low !== null && range.high !== null) return `${formatNumber(range.low)}–${formatNumber(range.high)}`;
  if (range.high !== null) return `≤ ${formatNumber(range.high)}`;
  return range.low !== null ? `≥ ${formatNumber(range.low)}` : '';
}
