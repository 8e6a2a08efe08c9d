import { describe, expect, it } from 'vitest';

import { getIcdSearchEngine } from './search';

const QUERIES = [
  'chf',
  'heart failure',
  'type 2 diab',
  'diabetes ckd',
  'fracture',
  'frac femur',
  'left initial encoun',
  'initial',
  'other',
  'oth',
  'with',
  'encounter',
  'subsequent encounter',
  'pain',
  'acute',
  'dis',
  'mal neo',
  'malignant neoplasm breast',
  'copd',
  'ms',
  'a fib',
  'hip fx',
  'pressure ulcer',
  'e11 kidney',
  'poison',
  'unspecified',
  'fx',
  'fx femur',
  'tia',
  'with nonu',
  'joint right ind',
  'dm2 ckd',
  'cancer',
  'subsequent encounter open',
  'injured collision with',
  'fracture head left',
  'other spec',
  'finger subsequent',
  'body right',
  'ini',
  'unspec',
  'hip fracture part',
  'ptsd chronic',
];

describe('the search bound', () => {
  it.each(QUERIES)('stops early without changing the scores of the top hits for "%s"', (query) => {
    const engine = getIcdSearchEngine();
    for (const billableOnly of [false, true]) {
      const fast = engine.search(query, { limit: 20, billableOnly });
      const full = engine.search(query, { limit: 20, billableOnly, exhaustive: true });
      expect(fast.map((hit) => hit.score)).toEqual(full.map((hit) => hit.score));
    }
  });
});
