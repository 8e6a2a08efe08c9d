import { describe, expect, it } from 'vitest';
import { aClaim, aMedication, aPatient, aResult } from '../testing/factories';
import { suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

const postBd = (value: number, date: string, unit = '{ratio}') =>
  aResult('19926-5', value, unit, date, { display: 'FEV1/FVC post bronchodilator' });
const preBd = (value: number, date: string) => aResult('19926-5', value, '{ratio}', date, { display: 'FEV1/FVC' });

describe('GOLD spirometry', () => {
  it('suggests COPD for a post-bronchodilator FEV1/FVC of 0.69, meeting criteria', () => {
    const suggestion = suggestionFor(aPatient({ observations: [postBd(0.69, '2026-01-10')] }), 'J449');
    expect(suggestion?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestion?.hcc.v28).toEqual([280]);
  });

  it('does not count a ratio of exactly 0.70', () => {
    expect(suggestedCodes(aPatient({ observations: [postBd(0.7, '2026-01-10')] }))).toEqual([]);
  });

  it('reads a ratio written in percent', () => {
    expect(suggestedCodes(aPatient({ observations: [postBd(65, '2026-01-10', '%')] }))).toEqual(['J449']);
  });

  it('asks for correlation when the ratio is not marked post-bronchodilator, and not at all in asthma', () => {
    expect(suggestionFor(aPatient({ observations: [preBd(0.62, '2026-01-10')] }), 'J449')?.suspectKind).toBe(
      'clinical-correlation-needed',
    );
    expect(
      suggestedCodes(aPatient({ claims: [aClaim('J4540', '2023-01-01')], observations: [preBd(0.62, '2026-01-10')] })),
    ).toEqual([]);
  });

  it('suggests COPD for roflumilast', () => {
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('roflumilast 500 MCG Oral Tablet [Daliresp]', '2025-04-01')] }),
      ),
    ).toEqual(['J449']);
  });
});
