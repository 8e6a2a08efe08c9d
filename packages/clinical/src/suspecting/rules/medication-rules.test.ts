import { describe, expect, it } from 'vitest';
import { aClaim, aCondition, aMedication, aPatient } from '../testing/factories';
import { suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

describe('single-indication drugs', () => {
  it('suggests Parkinson disease for carbidopa/levodopa, as clinical correlation needed', () => {
    const suggestion = suggestionFor(
      aPatient({ medications: [aMedication('carbidopa 25 MG / levodopa 100 MG Oral Tablet', '2025-04-01')] }),
      'G20A1',
    );
    expect(suggestion?.suspectKind).toBe('clinical-correlation-needed');
    expect(suggestion?.hcc.v28).toEqual([199]);
  });

  it('does not read levodopa as Parkinson disease in restless legs syndrome', () => {
    const record = aPatient({
      claims: [aClaim('G2581', '2024-01-01')],
      medications: [aMedication('Sinemet 10/100', '2025-04-01')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('suggests dementia for donepezil, memantine by RxNorm, and galantamine by brand', () => {
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('donepezil hydrochloride 10 MG Oral Tablet', '2025-04-01')] }),
      ),
    ).toEqual(['F0390']);
    expect(
      suggestedCodes(aPatient({ medications: [aMedication('oral solution', '2025-04-01', { rxnormCode: '996740' })] })),
    ).toEqual(['F0390']);
    expect(suggestedCodes(aPatient({ medications: [aMedication('Razadyne ER 8 MG', '2025-04-01')] }))).toEqual([
      'F0390',
    ]);
  });

  it('does not repeat dementia as unspecified when Alzheimer disease was coded last year', () => {
    const record = aPatient({
      claims: [aClaim('G301', '2025-02-01')],
      medications: [aMedication('donepezil 10 MG Oral Tablet', '2025-04-01')],
    });
    expect(suggestedCodes(record)).toEqual(['G301']);
  });

  it('folds unspecified dementia from a drug into Alzheimer disease stated on the problem list', () => {
    const record = aPatient({
      conditions: [
        aCondition(undefined, '2019-01-01', {
          category: 'problem-list-item',
          display: "Alzheimer's disease (disorder)",
        }),
      ],
      medications: [aMedication('donepezil 10 MG Oral Tablet', '2025-04-01')],
    });
    expect(suggestedCodes(record)).toEqual(['G309']);
    expect(suggestionFor(record, 'G309')?.ruleIds).toEqual(['documented-elsewhere', 'drug-dementia']);
  });

  it('suggests multiple sclerosis (FY2026 G35.D) for glatiramer and interferon beta-1a', () => {
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('glatiramer acetate 40 MG/ML Prefilled Syringe', '2025-04-01')] }),
      ),
    ).toEqual(['G35D']);
    expect(
      suggestedCodes(aPatient({ medications: [aMedication('interferon beta-1a 30 MCG [Avonex]', '2025-04-01')] })),
    ).toEqual(['G35D']);
  });

  it('does not read a fumarate salt of another drug as an MS therapy', () => {
    expect(
      suggestedCodes(aPatient({ medications: [aMedication('quetiapine fumarate 25 MG Oral Tablet', '2025-04-01')] })),
    ).toEqual([]);
  });

  it('suggests ALS for riluzole and ulcerative colitis for mesalamine', () => {
    expect(
      suggestedCodes(aPatient({ medications: [aMedication('riluzole 50 MG Oral Tablet', '2025-04-01')] })),
    ).toEqual(['G1221']);
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('mesalamine 1.2 G Delayed Release Oral Tablet [Lialda]', '2025-04-01')] }),
      ),
    ).toEqual(['K5190']);
  });

  it('does not read mesalamine as ulcerative colitis in Crohn disease', () => {
    const record = aPatient({
      claims: [aClaim('K5090', '2019-01-01')],
      medications: [aMedication('Pentasa 500 MG', '2025-04-01')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('suggests heart failure for sacubitril/valsartan', () => {
    expect(
      suggestedCodes(aPatient({ medications: [aMedication('Entresto 24-26 MG Oral Tablet', '2025-04-01')] })),
    ).toEqual(['I509']);
  });

  it('ignores a drug stopped before January 1 of last year', () => {
    const record = aPatient({
      medications: [
        aMedication('riluzole 50 MG Oral Tablet', '2023-01-01', { status: 'stopped', endDate: '2024-11-30' }),
      ],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });
});

describe('drugs that are not single-indication', () => {
  it('does not read naltrexone (alcohol or opioid use disorder) or valsartan alone as anything', () => {
    const medications = [
      aMedication('naltrexone 50 MG Oral Tablet', '2025-04-01'),
      aMedication('valsartan 80 MG Oral Tablet', '2025-04-01'),
    ];
    expect(suggestedCodes(aPatient({ medications }))).toEqual([]);
  });

  it('does not suggest COPD for roflumilast when COPD was coded in the look-back (recapture covers it)', () => {
    const record = aPatient({
      claims: [aClaim('J449', '2025-02-01')],
      medications: [aMedication('Daliresp 500 MCG', '2025-04-01')],
    });
    expect(suggestionFor(record, 'J449')?.ruleIds).toEqual(['recapture-chronic-hcc']);
  });

  it('does not suggest ALS for riluzole when ALS was coded in the look-back', () => {
    const record = aPatient({
      claims: [aClaim('G1221', '2025-02-01')],
      medications: [aMedication('riluzole 50 MG', '2025-04-01')],
    });
    expect(suggestionFor(record, 'G1221')?.category).toBe('Recapture');
  });
});
