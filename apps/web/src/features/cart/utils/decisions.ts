import type { DxCaptureData, InsightAction } from '@cairn/contracts';
import { normalizeIcdCode } from './format';

/**
 * The visit's current decision on a code, as the tab last read it: a suggestion's decision, or the
 * cart item's own version once the contract carries it (codes added by search are not suggestions).
 */
export function findDecisionVersion(data: DxCaptureData, icdCode: string): number | undefined {
  const code = normalizeIcdCode(icdCode);
  for (const group of data.groups) {
    const item = group.items.find((candidate) => normalizeIcdCode(candidate.icdCode) === code);
    if (item?.decision) return item.decision.version;
  }
  // An added code is in the cart only, with its decision's version.
  return data.cart.find((candidate) => normalizeIcdCode(candidate.icdCode) === code)?.version;
}

export interface CartChange {
  sid: string;
  actions: InsightAction[];
  isPostVisit?: boolean;
  postVisitUpdatedIcds?: string[];
}

/**
 * The addSummaryInsightActions body for changes to the cart. Once the visit has been written to the
 * EHR every change is a post-visit change (spec §3 isPostVisit, postVisitUpdatedIcds): the server
 * refuses it otherwise, and the provider must see which codes changed since.
 */
export function cartChange(data: DxCaptureData, actions: InsightAction[]): CartChange {
  if (data.pushedAt === null) return { sid: data.sid, actions };
  return {
    sid: data.sid,
    actions,
    isPostVisit: true,
    postVisitUpdatedIcds: actions.map((action) => action.icdCode),
  };
}
