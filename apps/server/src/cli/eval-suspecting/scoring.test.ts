import { describe, expect, it } from 'vitest';
import { findTruth, matchKind, ratios, scorePatient } from './scoring';
import type { TruthHcc } from './truth';

// A slice of the V28 hierarchy: 35 drops 36-38, 36 drops 37-38, 37 drops 38; 326 drops 327-329.
const HIERARCHY = new Map<number, number[]>([
  [35, [36, 37, 38]],
  [36, [37, 38]],
  [37, [38]],
  [326, [327, 328, 329]],
]);
const model = { children: (hcc: number) => HIERARCHY.get(hcc) ?? [] };

function truthHcc(hcc: number, code = 'E1122'): TruthHcc {
  return { hcc, codes: [code], latestDate: '2025-03-01', categories: ['encounter-diagnosis'] };
}

function suggestion(code: string, hccs: number[], ruleIds = ['some-rule']) {
  return { code, hcc: { v28: hccs, v24: [] }, ruleIds };
}

describe('matchKind', () => {
  it('names the same HCC exact, a parent higher and a child less specific', () => {
    expect(matchKind(model, 37, 37)).toBe('exact');
    expect(matchKind(model, 37, 36)).toBe('higher');
    expect(matchKind(model, 37, 38)).toBe('less-specific');
  });

  it('relates no HCCs of different families', () => {
    expect(matchKind(model, 37, 326)).toBeUndefined();
  });
});

describe('findTruth', () => {
  it('prefers an exact suggestion to a less specific one', () => {
    const found = findTruth(model, truthHcc(37), [suggestion('E119', [38]), suggestion('E1122', [37])]);
    expect(found).toMatchObject({ kind: 'exact', code: 'E1122' });
  });

  it('counts E11.9 for a truth E11.22 as found, less specific', () => {
    expect(findTruth(model, truthHcc(37), [suggestion('E119', [38])])).toMatchObject({ kind: 'less-specific' });
  });
});

describe('scorePatient', () => {
  it('finds, misses and scores suggestions against the truth', () => {
    const truth = [truthHcc(37), truthHcc(329, 'N1831')];
    const score = scorePatient({
      model,
      truth,
      scored: truth,
      suggestions: [suggestion('E119', [38]), suggestion('I4891', [238], ['drug-anticoagulant-atrial-fibrillation'])],
    });
    expect(score.found.map((found) => found.truth.hcc)).toEqual([37]);
    expect(score.missed.map((item) => item.hcc)).toEqual([329]);
    expect(score.truePositives).toBe(1);
    expect(score.falsePositives).toEqual([
      { code: 'I4891', hccs: [238], ruleIds: ['drug-anticoagulant-atrial-fibrillation'] },
    ]);
  });

  it('leaves suggestions without a V28 payment HCC out of precision', () => {
    const score = scorePatient({ model, truth: [], scored: [], suggestions: [suggestion('Z794', [])] });
    expect(score).toMatchObject({ truePositives: 0, falsePositives: [], withoutHcc: 1 });
  });

  it('measures recall over the scored truth only, and precision against all of it', () => {
    const truth = [truthHcc(37), truthHcc(329, 'N1831')];
    const score = scorePatient({
      model,
      truth,
      scored: [truth[0] as TruthHcc],
      suggestions: [suggestion('N1831', [329])],
    });
    expect(score.missed.map((item) => item.hcc)).toEqual([37]);
    expect(score.truePositives).toBe(1);
  });
});

describe('ratios', () => {
  it('divides summed counts, and gives null for an empty denominator', () => {
    expect(ratios({ truePositives: 9, falsePositives: 1, found: 4, scored: 5 })).toEqual({
      precision: 0.9,
      recall: 0.8,
    });
    expect(ratios({ truePositives: 0, falsePositives: 0, found: 0, scored: 0 })).toEqual({
      precision: null,
      recall: null,
    });
  });
});
