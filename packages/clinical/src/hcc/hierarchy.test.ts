import { describe, expect, it } from 'vitest';
import { getHccModel, scoreRaf, type HccModel, type HccModelName, type RafInput } from './index';

const PERSON = { age: 70, sex: 'M' } as const;

/** A code that yields exactly this HCC for a 70-year-old man (so a case holds just the pair under test). */
function codeFor(model: HccModel, hcc: number): string {
  const code = model.codes(hcc).find((candidate) => {
    const categories = model.conditionCategories(candidate, PERSON);
    return categories.length === 1 && categories[0] === hcc;
  });
  if (!code) throw new Error(`no code for HCC ${hcc}`);
  return code;
}

function aged(diagnoses: string[]): RafInput {
  return { ...PERSON, orec: '0', medicaid: false, segment: 'CNA', diagnoses };
}

function pairsOf(model: HccModel): [number, number][] {
  return model
    .paymentHccs()
    .flatMap((parent) => model.children(parent).map((child): [number, number] => [parent, child]));
}

describe.each<[HccModelName, number]>([
  ['v28', 149],
  ['v24', 72],
])('%s hierarchies, generated from the hierarchy table', (name, pairCount) => {
  const model = getHccModel(name);
  const pairs = pairsOf(model).filter(([parent, child]) => !(name === 'v28' && parent === 223 && child === 227));

  it(`has the ${pairCount} parent-child pairs of CMS's hierarchy`, () => {
    expect(pairsOf(model)).toHaveLength(pairCount);
  });

  it.each(pairs)('HCC %i drops HCC %i', (parent, child) => {
    const result = scoreRaf(aged([codeFor(model, child), codeFor(model, parent)]), { model: name });
    expect(result.hccs).toContain(parent);
    expect(result.hccs).not.toContain(child);
    expect(result.dropped).toContainEqual(expect.objectContaining({ hcc: child, droppedBy: parent }));
    expect(result.terms.map((term) => term.variable)).not.toContain(`HCC${child}`);
  });

  it('keeps a child when its parent is absent', () => {
    for (const [, child] of pairs.slice(0, 20)) {
      expect(scoreRaf(aged([codeFor(model, child)]), { model: name }).hccs).toEqual([child]);
    }
  });
});

describe('V28 hierarchy order (CMS applies parents in ascending order on current values)', () => {
  const model = getHccModel('v28');

  it('keeps HCC 202 when 62, 63 and 202 are all present: 62 drops 63 before 63 can drop 202', () => {
    const result = scoreRaf(aged([codeFor(model, 62), codeFor(model, 63), codeFor(model, 202)]));
    expect(result.hccs).toEqual([62, 202]);
  });

  it('drops HCC 202 under 63 when 62 is absent', () => {
    expect(scoreRaf(aged([codeFor(model, 63), codeFor(model, 202)])).hccs).toEqual([63]);
  });

  it('lets 191 drop 180 after 180 has dropped its own children', () => {
    const result = scoreRaf(aged([codeFor(model, 180), codeFor(model, 181), codeFor(model, 191)]));
    expect(result.hccs).toEqual([191]);
  });
});

describe('V28 heart rule for HCC 223 (heart assist device / artificial heart)', () => {
  // Z95.811 heart assist device -> 223; I50.22 chronic systolic HF -> 226; I42.8 cardiomyopathy -> 227.
  it('drops 223 when no other heart-failure HCC (221, 222, 224, 225, 226) is present', () => {
    const result = scoreRaf(aged(['Z95811']));
    expect(result.hccs).toEqual([]);
    expect(result.hccMap).toEqual({ Z95811: [223] });
    expect(result.dropped).toEqual([{ hcc: 223, codes: ['Z95811'], droppedBy: 'heart-rule' }]);
  });

  it('keeps 223 with chronic heart failure (226), which 223 then drops by hierarchy', () => {
    const result = scoreRaf(aged(['Z95811', 'I5022']));
    expect(result.hccs).toEqual([223]);
    expect(result.dropped).toEqual([{ hcc: 226, codes: ['I5022'], droppedBy: 223 }]);
  });

  it.each([
    ['I5084', 222],
    ['I5043', 224],
    ['I5021', 225],
  ])('keeps 223 with %s (HCC %i)', (code, other) => {
    expect(scoreRaf(aged(['Z95811', code])).hccs).toEqual(other === 222 ? [222] : [223]);
  });

  it('does not count cardiomyopathy (227) as heart failure: 223 goes, 227 stays', () => {
    const result = scoreRaf(aged(['Z95811', 'I428']));
    expect(result.hccs).toEqual([227]);
    expect(result.dropped).toEqual([{ hcc: 223, codes: ['Z95811'], droppedBy: 'heart-rule' }]);
  });

  it('does not apply to V24, which has no HCC 223', () => {
    expect(getHccModel('v24').isPaymentHcc(223)).toBe(false);
  });
});
