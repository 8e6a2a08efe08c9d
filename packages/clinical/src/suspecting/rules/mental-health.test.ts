import { describe, expect, it } from 'vitest';
import { aClaim, aMedication, aPatient, phq9 } from '../testing/factories';
import { suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

describe('PHQ-9', () => {
  it('suggests a single moderate episode for a score of 15', () => {
    const suggestion = suggestionFor(aPatient({ observations: [phq9(15, '2026-03-01')] }), 'F321');
    expect(suggestion?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestion?.hcc.v28).toEqual([155]);
  });

  it('does not suggest depression for a score of 14', () => {
    expect(suggestedCodes(aPatient({ observations: [phq9(14, '2026-03-01')] }))).toEqual([]);
  });

  it('suggests a severe episode from 20', () => {
    expect(suggestedCodes(aPatient({ observations: [phq9(19, '2026-03-01')] }))).toEqual(['F321']);
    expect(suggestedCodes(aPatient({ observations: [phq9(20, '2026-03-01')] }))).toEqual(['F322']);
  });

  it('calls it recurrent after an earlier episode and a remission score in between', () => {
    const record = aPatient({
      claims: [aClaim('F321', '2023-02-01')],
      observations: [phq9(17, '2023-02-01'), phq9(3, '2024-01-10'), phq9(21, '2026-03-01')],
    });
    expect(suggestedCodes(record)).toEqual(['F332']);
  });

  it('keeps it a single episode when the earlier episode never remitted', () => {
    const record = aPatient({
      claims: [aClaim('F321', '2023-02-01')],
      observations: [phq9(17, '2023-02-01'), phq9(16, '2026-03-01')],
    });
    expect(suggestedCodes(record)).toEqual(['F321']);
  });

  it('calls it recurrent when recurrent depression was coded before', () => {
    expect(
      suggestedCodes(aPatient({ claims: [aClaim('F330', '2022-02-01')], observations: [phq9(16, '2026-03-01')] })),
    ).toEqual(['F331']);
  });

  it('reads the latest score: an improved score means no suggestion', () => {
    expect(suggestedCodes(aPatient({ observations: [phq9(18, '2026-01-01'), phq9(6, '2026-04-01')] }))).toEqual([]);
  });

  it('does not suggest major depression for a patient with bipolar disorder', () => {
    const record = aPatient({ claims: [aClaim('F3130', '2021-01-01')], observations: [phq9(22, '2026-03-01')] });
    expect(suggestedCodes(record)).toEqual([]);
  });
});

describe('lithium, clozapine and long-acting antipsychotics', () => {
  it('suggests bipolar disorder for lithium, as clinical correlation needed', () => {
    const suggestion = suggestionFor(
      aPatient({ medications: [aMedication('lithium carbonate 300 MG Oral Capsule', '2025-05-01')] }),
      'F319',
    );
    expect(suggestion?.suspectKind).toBe('clinical-correlation-needed');
  });

  it('does not read lithium as bipolar disorder for recurrent depression on augmentation', () => {
    const record = aPatient({
      claims: [aClaim('F332', '2021-03-01')],
      medications: [aMedication('Lithium Carbonate 300 MG', '2025-05-01')],
    });
    expect(suggestedCodes(record)).not.toContain('F319');
  });

  it('suggests schizophrenia for clozapine and for paliperidone palmitate, not for oral paliperidone', () => {
    expect(
      suggestedCodes(aPatient({ medications: [aMedication('clozapine 100 MG Oral Tablet', '2025-05-01')] })),
    ).toEqual(['F209']);
    expect(
      suggestedCodes(
        aPatient({
          medications: [
            aMedication('paliperidone palmitate 234 MG/1.5ML Prefilled Syringe [Invega Sustenna]', '2025-05-01'),
          ],
        }),
      ),
    ).toEqual(['F209']);
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('paliperidone 6 MG 24HR Extended Release Oral Tablet', '2025-05-01')] }),
      ),
    ).toEqual([]);
  });

  it('does not read long-acting aripiprazole as schizophrenia in bipolar disorder', () => {
    const medications = [aMedication('aripiprazole 400 MG Injection [Abilify Maintena]', '2025-05-01')];
    expect(suggestedCodes(aPatient({ medications }))).toEqual(['F209']);
    expect(suggestedCodes(aPatient({ medications, claims: [aClaim('F319', '2020-01-01')] }))).not.toContain('F209');
  });
});

describe('substance use disorder pharmacotherapy', () => {
  it('suggests opioid dependence for buprenorphine with naloxone but not for a buprenorphine pain patch', () => {
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('buprenorphine 8 MG / naloxone 2 MG Sublingual Film', '2025-05-01')] }),
      ),
    ).toEqual(['F1120']);
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('buprenorphine 10 MCG/HR Transdermal System [Butrans]', '2025-05-01')] }),
      ),
    ).toEqual([]);
  });

  it('suggests alcohol dependence for acamprosate', () => {
    expect(
      suggestedCodes(
        aPatient({
          medications: [aMedication('acamprosate calcium 333 MG Delayed Release Oral Tablet', '2025-05-01')],
        }),
      ),
    ).toEqual(['F1020']);
  });
});
