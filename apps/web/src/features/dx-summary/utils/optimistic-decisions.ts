import type { DxCaptureData, DxDecision, DxItem, InsightAction } from '@cairn/contracts';

/** Who decides, as a decision shown before the server has answered names them. */
export interface Decider {
  userId: string;
  name: string;
  role: DxDecision['decidedBy']['role'];
}

/** The status each action leaves (spec §7 addSummaryInsightActions: accept and add accept, reset clears). */
const STATUS_OF: Record<InsightAction['action'], DxDecision['status']> = {
  accept: 'accepted',
  add: 'accepted',
  reject: 'rejected',
  reset: 'pending',
};

/**
 * The item as the server will store the action, to show at once while the write is on its way: the
 * same status, reason, note and version the server sets; the server's answer and the reload that
 * follows replace it. Saved-state and cart are the server's to work out.
 */
export function decidedItem(item: DxItem, action: InsightAction, decider: Decider, now: Date): DxItem {
  const previous = item.decision;
  const status = STATUS_OF[action.action];
  const decision: DxDecision = {
    icdCode: item.icdCode,
    status,
    isAdded: action.action === 'add' || (previous?.isAdded ?? false),
    ...(status === 'rejected' && action.reason ? { reason: action.reason } : {}),
    ...noteOf(action, previous),
    stopShowing: status === 'rejected' && action.stopShowing === true,
    decidedBy: { userId: decider.userId, name: decider.name, role: decider.role },
    decidedAt: now.toISOString(),
    version: action.expectedVersion + 1,
    isPostVisit: previous?.isPostVisit ?? false,
  };
  return { ...item, decision };
}

/** An action's note replaces the note (an empty one removes it); without one the decision keeps its note. */
function noteOf(action: InsightAction, previous: DxDecision | undefined): { note?: string } {
  const note = action.note ?? previous?.note;
  return note ? { note } : {};
}

/**
 * The summary with some of its items replaced (matched by code, in every group they appear in);
 * `undefined` when none of them is in it, so that a cache entry without them is left as it is.
 */
export function withItems(data: DxCaptureData, items: readonly DxItem[]): DxCaptureData | undefined {
  const byCode = new Map(items.map((item) => [item.icdCode, item]));
  const isInIt = data.groups.some((group) => group.items.some((item) => byCode.has(item.icdCode)));
  if (!isInIt) return undefined;
  const groups = data.groups.map((group) => ({
    ...group,
    items: group.items.map((item) => byCode.get(item.icdCode) ?? item),
  }));
  return { ...data, groups };
}

/** The visit's items with these codes, as one cached form of the summary holds them. */
export function itemsWithCodes(data: DxCaptureData, codes: readonly string[]): DxItem[] {
  const wanted = new Set(codes);
  return data.groups.flatMap((group) => group.items).filter((item) => wanted.has(item.icdCode));
}
