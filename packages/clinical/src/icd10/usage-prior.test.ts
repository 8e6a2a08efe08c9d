import { describe, expect, it } from 'vitest';

import tables from '../../data/icd10-usage-prior/namcs-chc-2020-tables.json';
import weights from '../../data/icd10-usage-prior/category-weights.json';
import { getIcdCatalog } from './catalog';
import { deriveCategoryWeights, usageOf } from './usage-prior';

describe('the primary-care usage prior', () => {
  it('is the derivation of the committed NAMCS tables over the catalog categories (run derive-usage-prior.ts when not)', () => {
    const categories = getIcdCatalog()
      .codes.filter((entry) => entry.code.length === 3)
      .map((entry) => entry.code);
    expect(deriveCategoryWeights(tables, categories)).toEqual(weights);
  });

  it('spreads a chapter over its categories and adds the chronic conditions a category codes', () => {
    const derived = deriveCategoryWeights(
      {
        allVisitsThousands: 1000,
        primaryDiagnosisByChapter: [{ label: 'E', ranges: ['E00-E89'], percent: 10 }],
        chronicConditions: [{ label: 'Diabetes', percent: 20, categories: ['E10', 'E11'] }],
      },
      ['E10', 'E11', 'E23', 'I10'],
    );
    expect(derived).toEqual({ E10: 13.33, E11: 13.33, E23: 3.333, I10: 0 });
  });

  it('ranks type 2 diabetes above diabetes insipidus and essential hypertension above hypertelorism', () => {
    expect(usageOf('E119')).toBeGreaterThan(usageOf('E232'));
    expect(usageOf('I10')).toBeGreaterThan(usageOf('Q752'));
    expect(usageOf('Q752')).toBeGreaterThanOrEqual(0);
    expect(usageOf('E119')).toBeLessThanOrEqual(1);
  });
});
