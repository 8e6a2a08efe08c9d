import { describe, expect, it } from 'vitest';
import { noteDiagnosisOptions } from './note-diagnoses';
import { aCartItem, aDecision, anEmptySummary, anItem } from '../../../testing/factories';

describe('noteDiagnosisOptions', () => {
  it("offers the cart's codes first, then suggestions not rejected, each once", () => {
    const data = anEmptySummary({
      cart: [aCartItem()],
      groups: [
        {
          hcc: null,
          label: 'All',
          items: [
            anItem(),
            anItem({ icdCode: 'I10', description: 'Essential (primary) hypertension' }),
            anItem({ icdCode: 'J449', description: 'COPD', decision: aDecision({ status: 'rejected' }) }),
          ],
        },
      ],
    });
    expect(noteDiagnosisOptions(data).map((option) => [option.icdCode, option.isInCart])).toEqual([
      ['E1122', true],
      ['I10', false],
    ]);
  });
});
