import { describe, expect, it } from 'vitest';
import { estimateRisk } from './dx-risk';

const person = { birthDate: '1950-03-02', gender: 'female', coverages: [] };

describe('risk estimate', () => {
  it('names the interaction the cart brings in in CMS words and leaves out count terms that add nothing', () => {
    // Heart failure coded, diabetes with CKD in the cart: two payment HCCs (V28 D2 = 0) and Diabetes*Heart Failure.
    const risk = estimateRisk({ person, visitDate: '2026-06-15', codedCodes: ['I5032'], cartCodes: ['E1122'] });
    expect(risk.interactions).toEqual([{ name: 'DIABETES_HF_V28', label: 'Diabetes*Heart Failure', raf: 0.112 }]);
  });

  it('names a payment-HCC count that adds to the score in words', () => {
    const coded = ['I5032', 'E1122', 'J449', 'N184'];
    const risk = estimateRisk({ person, visitDate: '2026-06-15', codedCodes: coded, cartCodes: ['F200'] });
    expect(risk.interactions).toContainEqual({ name: 'D5', label: '5 payment HCCs', raf: 0.05 });
    expect(risk.interactions.every((term) => term.raf !== 0 && term.label !== '')).toBe(true);
  });

  it("weights each model's raw score by its share in a V24/V28 blend, and lists each model's HCCs weighted", () => {
    const visit = { person, visitDate: '2024-06-15', codedCodes: ['I5032'], cartCodes: ['E1122'] };
    const v24 = estimateRisk({ ...visit, model: 'v24' });
    const v28 = estimateRisk({ ...visit, model: 'v28' });
    const blend = estimateRisk({ ...visit, v24Percent: 33 });
    expect(blend.model).toBe('v24 33% / v28 67%');
    expect(blend.paymentYear).toBe(2025);
    expect(blend.current).toBeCloseTo(0.33 * v24.current + 0.67 * v28.current, 4);
    expect(blend.ifPushed).toBeCloseTo(0.33 * v24.ifPushed + 0.67 * v28.ifPushed, 4);
    expect(blend.increments.map((increment) => increment.label)).toEqual([
      `${v24.increments[0]?.label ?? ''} (V24)`,
      `${v28.increments[0]?.label ?? ''} (V28)`,
    ]);
    expect(estimateRisk({ ...visit, v24Percent: 0 })).toEqual(v28);
  });
});
