import { describe, expect, it } from 'vitest';
import { suspect } from '../engine';
import { getSuspectingReference } from '../reference';
import { generateRecord } from './generate-record';

describe('the synthetic record generator', () => {
  it('gives the same record for the same seed and a different one for another seed', () => {
    expect(generateRecord(7)).toEqual(generateRecord(7));
    expect(generateRecord(7)).not.toEqual(generateRecord(8));
  });

  it('spans five calendar years up to the as-of date', () => {
    const record = generateRecord(3, '2026-06-30');
    const years = new Set(record.observations.map((observation) => observation.date.slice(0, 4)));
    expect([...years].sort()).toEqual(['2022', '2023', '2024', '2025', '2026']);
    expect(record.observations.every((observation) => observation.date <= '2026-06-30')).toBe(true);
  });
});

describe('the engine over many generated records', () => {
  const reference = getSuspectingReference();
  const records = Array.from({ length: 150 }, (_, seed) => generateRecord(seed + 1));

  it('suggests only billable codes, never one coded this year, each once per patient', () => {
    let total = 0;
    for (const record of records) {
      const suggestions = suspect(record, { asOf: '2026-06-30' });
      total += suggestions.length;
      const codedThisYear = new Set(
        record.claims.filter((claim) => claim.serviceDate >= '2026-01-01').map((claim) => claim.icdCode),
      );
      for (const suggestion of suggestions) {
        expect(reference.describe(suggestion.code)?.billable).toBe(true);
        expect(codedThisYear.has(suggestion.code)).toBe(false);
      }
      expect(new Set(suggestions.map((suggestion) => suggestion.code)).size).toBe(suggestions.length);
    }
    expect(total).toBeGreaterThan(records.length);
  });
});
