import type { DxDecision, RejectReason, SaveState } from '@cairn/contracts';
import type { DecisionRow } from './dx.repository';

/** A stored decision as the API answers it. */
export function decisionOut(row: DecisionRow): DxDecision {
  return {
    icdCode: row.icdCode,
    status: row.status as DxDecision['status'],
    isAdded: row.isAdded,
    ...(row.reason ? { reason: row.reason as RejectReason } : {}),
    ...(row.note ? { note: row.note } : {}),
    stopShowing: row.stopShowing,
    decidedBy: {
      userId: row.decidedById,
      name: row.decidedByName,
      role: row.deciderRole === 'coder' ? 'coder' : 'provider',
    },
    decidedAt: row.decidedAt.toISOString(),
    version: row.version,
    isPostVisit: row.isPostVisit,
  };
}

/** Accepted and added codes are the cart. */
export function isInCart(row: Pick<DecisionRow, 'status'>): boolean {
  return row.status === 'accepted';
}

/**
 * Spec §3 save state as the server knows it: StopShowing for a rejection that hides the code at later
 * visits, Saved for any other stored decision, None when there is none (or it was reset to pending).
 * UnsavedChanges is the browser's own.
 */
export function saveStateOf(row: Pick<DecisionRow, 'status' | 'stopShowing'> | undefined): SaveState {
  if (!row || row.status === 'pending') return 'None';
  return row.status === 'rejected' && row.stopShowing ? 'StopShowing' : 'Saved';
}
