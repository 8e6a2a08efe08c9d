import { describe, expect, it } from 'vitest';
import { decision, dxCaptureData, suggestion } from '../test-support';
import { cartChange, findDecisionVersion } from './decisions';

describe('findDecisionVersion', () => {
  it("answers the version of the code's decision, whichever way the code is written", () => {
    const data = dxCaptureData({
      groups: [{ hcc: 37, label: 'HCC 37', items: [suggestion({ decision: decision({ version: 5 }) })] }],
    });
    expect(findDecisionVersion(data, 'E11.22')).toBe(5);
  });

  it('answers nothing for a code without a decision', () => {
    const data = dxCaptureData({ groups: [{ hcc: 37, label: 'HCC 37', items: [suggestion()] }] });
    expect(findDecisionVersion(data, 'E1122')).toBeUndefined();
  });
});

describe('cartChange', () => {
  const action = { icdCode: 'I10', action: 'add' as const, expectedVersion: 0 };

  it('is a plain change before the visit is written to the EHR', () => {
    expect(cartChange(dxCaptureData(), [action])).toEqual({ sid: dxCaptureData().sid, actions: [action] });
  });

  it('is a post-visit change naming its codes after the visit is written', () => {
    const data = dxCaptureData({ pushedAt: '2026-11-21T09:30:00.000Z' });
    expect(cartChange(data, [action])).toMatchObject({ isPostVisit: true, postVisitUpdatedIcds: ['I10'] });
  });
});
