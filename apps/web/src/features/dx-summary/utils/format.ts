import type { DxDecision } from '@cairn/contracts';
import { dayjs, formatDate } from '../../../lib/dates';
import { REJECT_REASON_LABELS } from './labels';

/** ICD-10-CM codes are stored without the dot; people read them with it after the category (E11.9). */
export function formatIcdCode(code: string): string {
  const plain = code.replace('.', '');
  return plain.length > 3 ? `${plain.slice(0, 3)}.${plain.slice(3)}` : plain;
}

/** RAF scores are read to three decimals, as the CMS coefficient tables print them. */
export function formatRaf(value: number): string {
  return value.toFixed(3);
}

export function formatRafIncrement(value: number): string {
  return `${value < 0 ? '−' : '+'}${formatRaf(Math.abs(value))}`;
}

/** Today's actions by time alone (hh:mm A, spec §9); older ones with their date. */
export function formatActionTime(at: string, now = new Date()): string {
  const isToday = dayjs(at).isSame(now, 'day');
  return isToday ? formatDate(at, 'time') : `${formatDate(at, 'date')} ${formatDate(at, 'time')}`;
}

const STATUS_WORDS: Record<DxDecision['status'], string> = {
  accepted: 'Accepted',
  rejected: 'Rejected',
  pending: 'Reset',
};

/** "Accepted by Maya Rivera (provider), 10:42 AM", with the reason of a rejection. */
export function describeDecision(decision: DxDecision, now = new Date()): string {
  const { name, role } = decision.decidedBy;
  const who = `${STATUS_WORDS[decision.status]} by ${name} (${role}), ${formatActionTime(decision.decidedAt, now)}`;
  return decision.reason ? `${who}: ${REJECT_REASON_LABELS[decision.reason]}` : who;
}

/** A decision of `pending` status is no decision: the item is open again. */
export function isDecided(decision: DxDecision | undefined): decision is DxDecision {
  return decision !== undefined && decision.status !== 'pending';
}
