import { describe, expect, it } from 'vitest';
import { cartItem, decision, dxCaptureData, suggestion } from '../test-support';
import { noteDiagnosisOptions } from './note-diagnoses';

describe('noteDiagnosisOptions', () => {
  it("offers the cart's codes first, then suggestions not rejected, each once", () => {
    const data = dxCaptureData({
      cart: [cartItem()],
      groups: [
        {
          hcc: null,
          label: 'All',
          items: [
            suggestion(),
            suggestion({ icdCode: 'I10', description: 'Essential (primary) hypertension' }),
            suggestion({ icdCode: 'J449', description: 'COPD', decision: decision({ status: 'rejected' }) }),
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
