import type { CartItem } from '@cairn/contracts';
import { normalizeIcdCode } from './format';

export type PushStatus = 'written' | 'failed' | 'pending';

/** What is known of one code's write to the EHR: its status, why it failed, and when that was learnt. */
export interface PushState {
  status: PushStatus;
  reason?: string;
  at: string;
}

/** The outcomes of this browser's own pushes, by normalised code. */
export type PushStateByCode = ReadonlyMap<string, PushState>;

/**
 * A code's latest known write: the visit's stored result (another user's push, or an earlier one) or
 * this browser's own answer, whichever is newer. The stored one catches up once the tab reads again.
 */
export function latestPushState(item: CartItem, own: PushStateByCode): PushState | undefined {
  const mine = own.get(normalizeIcdCode(item.icdCode));
  const stored = item.push;
  if (!mine) return stored;
  if (!stored) return mine;
  return Date.parse(mine.at) >= Date.parse(stored.at) ? mine : stored;
}

/** The codes Add to Encounter sends: every cart code not yet written (failed ones and new ones). */
export function codesToWrite(cart: CartItem[], own: PushStateByCode): string[] {
  return cart.filter((item) => latestPushState(item, own)?.status !== 'written').map((item) => item.icdCode);
}

/** The codes Retry sends: those whose latest write failed. */
export function codesThatFailed(cart: CartItem[], own: PushStateByCode): string[] {
  return cart.filter((item) => latestPushState(item, own)?.status === 'failed').map((item) => item.icdCode);
}
