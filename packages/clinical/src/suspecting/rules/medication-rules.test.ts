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

describe('drugs that point at a condition (issue 18)', () => {
  const taking = (...displays: string[]) =>
    aPatient({ medications: displays.map((display) => aMedication(display, '2025-10-01')) });

  it('reads metformin alone as diabetes, clinical correlation needed, unless prediabetes or PCOS explains it', () => {
    const suggestion = suggestionFor(
      taking('24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet'),
      'E119',
    );
    expect(suggestion?.suspectKind).toBe('clinical-correlation-needed');
    expect(suggestion?.evidence[0]?.ruleId).toBe('drug-metformin-diabetes');
    for (const other of ['R7303', 'E282']) {
      const record = aPatient({
        claims: [aClaim(other, '2023-05-01')],
        medications: [aMedication('metformin 500 MG Oral Tablet', '2025-10-01')],
      });
      expect(suggestedCodes(record), other).not.toContain('E119');
    }
  });

  it('reads an inhaled long-acting muscarinic antagonist as COPD, not oral glycopyrrolate nor tiotropium in asthma', () => {
    expect(suggestedCodes(taking('tiotropium bromide 18 MCG Inhalation Powder [Spiriva]'))).toEqual(['J449']);
    expect(suggestedCodes(taking('Anoro Ellipta 62.5/25 MCG Inhalation Powder'))).toEqual(['J449']);
    expect(suggestedCodes(taking('glycopyrrolate 1 MG Oral Tablet'))).toEqual([]);
    const asthma = aPatient({
      claims: [aClaim('J4540', '2024-02-01')],
      medications: [aMedication('Spiriva Respimat 1.25 MCG/ACTUAT', '2025-10-01')],
    });
    expect(suggestedCodes(asthma)).not.toContain('J449');
  });

  it('reads a loop diuretic with a heart-failure beta blocker as heart failure, not either alone nor with cirrhosis', () => {
    const suggestion = suggestionFor(taking('furosemide 40 MG Oral Tablet', 'carvedilol 12.5 MG Oral Tablet'), 'I509');
    expect(suggestion?.evidence.map((item) => item.ruleId)).toEqual([
      'drug-loop-diuretic-beta-blocker-heart-failure',
      'drug-loop-diuretic-beta-blocker-heart-failure',
    ]);
    expect(suggestedCodes(taking('24 HR metoprolol succinate 50 MG', 'torsemide 20 MG Oral Tablet'))).toContain('I509');
    expect(suggestedCodes(taking('furosemide 40 MG Oral Tablet'))).toEqual([]);
    expect(suggestedCodes(taking('metoprolol tartrate 25 MG', 'furosemide 40 MG Oral Tablet'))).toEqual([]);
    const cirrhosis = aPatient({
      claims: [aClaim('K7460', '2024-02-01')],
      medications: [aMedication('furosemide 40 MG', '2025-10-01'), aMedication('carvedilol 6.25 MG', '2025-10-01')],
    });
    expect(suggestedCodes(cirrhosis)).not.toContain('I509');
  });

  it('reads chemotherapy as an active malignancy of unstated site, unless a malignancy is on record', () => {
    const suggestion = suggestionFor(taking('cisplatin 50 MG Injection', 'PACLitaxel 100 MG Injection'), 'C801');
    expect(suggestion?.suspectKind).toBe('clinical-correlation-needed');
    expect(suggestedCodes(taking('fluorouracil 5 % Topical Cream'))).toEqual([]);
    const lungCancer = aPatient({
      conditions: [aCondition('C3490', '2025-02-01')],
      medications: [aMedication('carboplatin 10 MG/ML Injectable Solution', '2025-10-01')],
    });
    expect(suggestedCodes(lungCancer)).not.toContain('C801');
  });

  it('reads an androgen-pathway inhibitor as prostate cancer and an aromatase inhibitor as breast cancer', () => {
    expect(suggestedCodes(taking('abiraterone acetate 250 MG Oral Tablet'))).toEqual(['C61']);
    expect(suggestedCodes(taking('anastrozole 1 MG Oral Tablet'))).toEqual(['C50919']);
    const ovulation = aPatient({
      claims: [aClaim('N979', '2025-03-01')],
      medications: [aMedication('letrozole 2.5 MG Oral Tablet', '2025-10-01')],
    });
    expect(suggestedCodes(ovulation)).toEqual([]);
  });
});
