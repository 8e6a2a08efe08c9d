import { describe, expect, it } from 'vitest';
import { cartChange, findDecisionVersion } from './decisions';
import { aDecision, anEmptySummary, anItem } from '../../../testing/factories';

describe('findDecisionVersion', () => {
  it("answers the version of the code's decision, whichever way the code is written", () => {
    const data = anEmptySummary({
      groups: [{ hcc: 37, label: 'HCC 37', items: [anItem({ decision: aDecision({ version: 5 }) })] }],
    });
    expect(findDecisionVersion(data, 'E11.22')).toBe(5);
  });

  it('answers nothing for a code without a decision', () => {
    const data = anEmptySummary({ groups: [{ hcc: 37, label: 'HCC 37', items: [anItem()] }] });
    expect(findDecisionVersion(data, 'E1122')).toBeUndefined();
  });
});

describe('cartChange', () => {
  const action = { icdCode: 'I10', action: 'add' as const, expectedVersion: 0 };

  it('is a plain change before the visit is written to the EHR', () => {
    expect(cartChange(anEmptySummary(), [action])).toEqual({ sid: anEmptySummary().sid, actions: [action] });
  });

  it('is a post-visit change naming its codes after the visit is written', () => {
    const data = anEmptySummary({ pushedAt: '2026-11-21T09:30:00.000Z' });
    expect(cartChange(data, [action])).toMatchObject({ isPostVisit: true, postVisitUpdatedIcds: ['I10'] });
  });
});
