import { describe, expect, it } from 'vitest';
import { aDecision, anItem, aSummary } from '../../../testing/factories';
import { decidedItem, itemsWithCodes, withItems } from './optimistic-decisions';

const maya = { userId: '0b6d2c1e-2f5a-4c47-9a64-6f0e1d2c3b4a', name: 'Maya Rivera', role: 'provider' as const };
const now = new Date('2026-03-02T11:00:00Z');

describe('decidedItem', () => {
  it('accepts with the next version, by the user, now', () => {
    const item = anItem({ decision: aDecision({ status: 'pending', version: 3, note: 'seen' }) });
    const decided = decidedItem(item, { icdCode: 'E1122', action: 'accept', expectedVersion: 3 }, maya, now);
    expect(decided.decision).toMatchObject({
      status: 'accepted',
      version: 4,
      note: 'seen',
      stopShowing: false,
      decidedBy: maya,
      decidedAt: '2026-03-02T11:00:00.000Z',
    });
    expect(decided.decision?.reason).toBeUndefined();
  });

  it('rejects with the reason, the note given and stop showing', () => {
    const decided = decidedItem(
      anItem(),
      {
        icdCode: 'E1122',
        action: 'reject',
        reason: 'other',
        note: 'Seen by nephrology',
        stopShowing: true,
        expectedVersion: 0,
      },
      maya,
      now,
    );
    expect(decided.decision).toMatchObject({
      status: 'rejected',
      reason: 'other',
      note: 'Seen by nephrology',
      stopShowing: true,
      version: 1,
      isAdded: false,
    });
  });

  it('resets to no decision, and an empty note removes the note', () => {
    const item = anItem({
      decision: aDecision({ status: 'rejected', reason: 'condition-resolved', note: 'x', version: 2 }),
    });
    const reset = decidedItem(item, { icdCode: 'E1122', action: 'reset', expectedVersion: 2 }, maya, now);
    expect(reset.decision).toMatchObject({ status: 'pending', version: 3, stopShowing: false });
    expect(reset.decision?.reason).toBeUndefined();
    const cleared = decidedItem(item, { icdCode: 'E1122', action: 'accept', note: '', expectedVersion: 2 }, maya, now);
    expect(cleared.decision?.note).toBeUndefined();
  });
});

describe('withItems', () => {
  it('replaces an item by its code and leaves a summary without it alone', () => {
    const summary = aSummary();
    const accepted = anItem({ decision: aDecision() });
    const changed = withItems(summary, [accepted]);
    expect(changed && itemsWithCodes(changed, ['E1122'])).toEqual([accepted]);
    expect(changed && itemsWithCodes(changed, ['N1831'])).toEqual(itemsWithCodes(summary, ['N1831']));
    expect(withItems(summary, [anItem({ icdCode: 'I10' })])).toBeUndefined();
  });
});
