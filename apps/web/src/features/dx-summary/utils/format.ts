import type { DxDecision } from '@cairn/contracts';
import { dayjs, formatDate } from '../../../lib/dates';
import { REJECT_REASON_LABELS } from './labels';

// Codes and RAF values are formatted by lib/clinical-format.ts, the one place every tab uses.
export { formatIcdCode, formatRaf } from '../../../lib/clinical-format';

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
