import { describe, expect, it } from 'vitest';
import { BLOCKED_PREFIX, CONDITION_LEXICON } from './condition-lexicon';
import { getSuspectingReference } from './reference';
import { aCondition, aDocument, aPatient } from './testing/factories';
import { suggestedCodes, suggestionFor } from './testing/expect-suggestions';

const noteSaying = (text: string, source: 'EHR' | 'HIE' = 'EHR') =>
  aPatient({ documents: [aDocument(text, '2026-02-10', { source })] });

describe('documented elsewhere', () => {
  it('suggests a condition a note states, with the sentence as evidence', () => {
    const suggestion = suggestionFor(
      noteSaying('Assessment: Chronic systolic heart failure, stable on current regimen.'),
      'I5022',
    );
    expect(suggestion?.category).toBe('Suspect');
    expect(suggestion?.suspectKind).toBe('documented-elsewhere');
    expect(suggestion?.evidence[0]?.resourceType).toBe('DocumentReference');
    expect(suggestion?.evidence[0]?.text).toContain('Chronic systolic heart failure');
  });

  it('does not suggest a negated condition', () => {
    expect(suggestedCodes(noteSaying('Patient denies any history of COPD. No evidence of heart failure.'))).toEqual([]);
  });

  it('does not suggest a family-history condition', () => {
    expect(
      suggestedCodes(noteSaying('Family history: mother with schizophrenia and father with type 2 diabetes.')),
    ).toEqual([]);
  });

  it('does not suggest a condition the note says has ended, but reads "history of" a chronic condition as present', () => {
    expect(suggestedCodes(noteSaying('Heart failure, resolved after valve repair in 2019.'))).toEqual([]);
    expect(suggestionFor(noteSaying('History of COPD, on tiotropium.'), 'J449')?.suspectKind).toBe(
      'documented-elsewhere',
    );
  });

  it('does not suggest a hypothetical or uncertain condition', () => {
    expect(suggestedCodes(noteSaying('Return if you develop symptoms of heart failure.'))).toEqual([]);
    expect(suggestedCodes(noteSaying('Rule out COPD; spirometry ordered.'))).toEqual([]);
  });

  it('does not read a screen, a test or a risk as a diagnosis', () => {
    expect(suggestedCodes(noteSaying('Dementia screening: MoCA 28/30, normal.'))).toEqual([]);
    expect(suggestedCodes(noteSaying('Discussed screening for HIV infection and risk of malnutrition.'))).toEqual([]);
  });

  it('does not read "AF" (also afebrile) as atrial fibrillation', () => {
    expect(suggestedCodes(noteSaying('Vitals: T 98.6, AF, HR 80.'))).toEqual([]);
  });

  it('reads bare "diabetes" as type 2, but not diabetes insipidus, prediabetes or gestational diabetes', () => {
    expect(suggestedCodes(noteSaying('Problems: Diabetes.'))).toEqual(['E119']);
    expect(suggestedCodes(noteSaying('Problems: diabetes insipidus.'))).toEqual(['E232']);
    expect(suggestedCodes(noteSaying('Problems: prediabetes.'))).toEqual(['R7303']);
    expect(suggestedCodes(noteSaying('Problems: gestational diabetes.'))).toEqual([]);
  });

  it('takes the longest statement: "CKD stage 4" is N18.4, not also N18.9', () => {
    expect(suggestedCodes(noteSaying('Problem: CKD stage 4, followed by nephrology.'))).toEqual(['N184']);
    expect(suggestedCodes(noteSaying('Chronic kidney disease stage 1 (disorder)'))).toEqual(['N181']);
  });

  it('puts a condition stated only in a partner organisation record in the partner-organisation-notes group', () => {
    expect(suggestionFor(noteSaying('Diagnoses: Parkinson disease.', 'HIE'), 'G20A1')?.explanationGroup).toBe(
      'partner-organisation-notes',
    );
  });

  it('uses the ICD-10-CM code of an HIE condition, and the words of a SNOMED-only one', () => {
    const record = aPatient({
      conditions: [
        aCondition('I480', '2025-07-01', { source: 'HIE', display: 'Paroxysmal atrial fibrillation' }),
        aCondition(undefined, '2025-07-01', {
          source: 'HIE',
          snomedCode: '44054006',
          display: 'Diabetes mellitus type 2 (disorder)',
        }),
      ],
    });
    expect(suggestedCodes(record)).toEqual(['E119', 'I480']);
  });

  it('reads a problem-list entry still active though recorded years ago, if the condition is chronic', () => {
    const record = aPatient({
      conditions: [
        aCondition(undefined, '2012-03-01', {
          category: 'problem-list-item',
          snomedCode: '49436004',
          display: 'Atrial fibrillation',
        }),
        aCondition('I214', '2015-03-01', { category: 'problem-list-item', display: 'NSTEMI' }),
      ],
    });
    expect(suggestionFor(record, 'I4891')?.suspectKind).toBe('documented-elsewhere');
    expect(suggestedCodes(record)).toEqual(['I4891']);
  });

  it('reads a chronic encounter diagnosis recorded years ago and never abated, with its onset as evidence', () => {
    const record = aPatient({
      conditions: [
        aCondition('E119', '2016-04-02', { category: 'encounter-diagnosis', display: 'Diabetes mellitus type 2' }),
        aCondition('F319', '2014-09-12', { category: 'encounter-diagnosis', display: 'Bipolar disorder' }),
        aCondition(undefined, '2015-01-20', {
          category: 'encounter-diagnosis',
          snomedCode: '88805009',
          display: 'Chronic congestive heart failure (disorder)',
        }),
      ],
    });
    expect(suggestedCodes(record)).toEqual(['E119', 'F319', 'I509']);
    const diabetes = suggestionFor(record, 'E119');
    expect(diabetes?.suspectKind).toBe('documented-elsewhere');
    expect(diabetes?.evidence[0]).toMatchObject({ resourceType: 'Condition', date: '2016-04-02' });
  });

  it('forms the combination code from old active parts: type 2 diabetes with CKD stage 2 is E11.22', () => {
    const record = aPatient({
      conditions: [
        aCondition('E119', '2016-03-01', { display: 'Diabetes mellitus type 2' }),
        aCondition('N182', '2017-05-01', { display: 'Chronic kidney disease stage 2' }),
      ],
    });
    expect(suggestedCodes(record)).toEqual(['E1122', 'N182']);
    expect(
      suggestedCodes(aPatient({ conditions: [aCondition('I10', '2015-01-01'), aCondition('N184', '2016-01-01')] })),
    ).toEqual(expect.arrayContaining(['I129', 'N184']));
  });

  it('leaves out an old encounter diagnosis that abated, is resolved or in remission, or is acute', () => {
    const record = aPatient({
      conditions: [
        aCondition('E119', '2016-04-02', { category: 'encounter-diagnosis', abatementDate: '2019-01-01' }),
        aCondition('F319', '2014-09-12', { category: 'encounter-diagnosis', clinicalStatus: 'resolved' }),
        aCondition('F331', '2014-09-12', { category: 'encounter-diagnosis', clinicalStatus: 'remission' }),
        aCondition('I214', '2015-03-01', { category: 'encounter-diagnosis', display: 'NSTEMI' }),
      ],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('does not read an acute HIE diagnosis of last year as current, but does one of this year', () => {
    expect(suggestedCodes(aPatient({ conditions: [aCondition('I214', '2025-03-01', { source: 'HIE' })] }))).toEqual([]);
    expect(suggestedCodes(aPatient({ conditions: [aCondition('I214', '2026-05-20', { source: 'HIE' })] }))).toEqual([
      'I214',
    ]);
  });

  it('ignores a resolved or refuted HIE condition', () => {
    const record = aPatient({
      conditions: [
        aCondition('I480', '2025-07-01', { source: 'HIE', clinicalStatus: 'resolved' }),
        aCondition('J449', '2025-07-01', { source: 'HIE', verificationStatus: 'refuted' }),
      ],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('reads notes from January 1 of last year on, not older ones', () => {
    expect(suggestedCodes(aPatient({ documents: [aDocument('Assessment: COPD.', '2025-01-01')] }))).toEqual(['J449']);
    expect(suggestedCodes(aPatient({ documents: [aDocument('Assessment: COPD.', '2024-12-31')] }))).toEqual([]);
  });
});

describe('condition titles the lexicon reads', () => {
  const displayed = (display: string) =>
    suggestedCodes(aPatient({ conditions: [aCondition(undefined, '2026-02-01', { snomedCode: '1', display })] }));

  it("reads a title's episode and severity past its commas: recurrent moderate depression is F33.1", () => {
    expect(displayed('Major depressive disorder, recurrent, moderate')).toEqual(['F331']);
    expect(displayed('Recurrent major depressive disorder, severe, without psychotic features')).toEqual(['F332']);
    expect(displayed('Major depressive disorder, single episode, severe with psychotic features')).toEqual(['F323']);
    expect(displayed('Major depression, single episode')).toEqual(['F329']);
  });

  it('reads lung cancer by its histology, opioid abuse and paraplegia', () => {
    expect(displayed('Non-small cell lung cancer (disorder)')).toEqual(['C3490']);
    expect(displayed('Primary small cell malignant neoplasm of lung, TNM stage 1 (disorder)')).toEqual(['C3490']);
    expect(displayed('Opioid abuse (disorder)')).toEqual(['F1110']);
    expect(displayed('Paraplegia')).toEqual(['G8220']);
    expect(displayed('Secondary malignant neoplasm of colon')).toEqual(['C785']);
  });

  it('does not read a cancer that is suspected, or in the history, as current', () => {
    expect(displayed('Suspected lung cancer (situation)')).toEqual([]);
    expect(suggestedCodes(noteSaying('Past history: breast cancer 2009, treated. Now well.'))).toEqual([]);
    expect(suggestedCodes(noteSaying('Assessment: metastatic colon cancer, on FOLFOX.'))).toEqual(['C189']);
  });
});

describe('the condition lexicon', () => {
  it('names only billable FY2026 codes', () => {
    const reference = getSuspectingReference();
    const invalid = CONDITION_LEXICON.filter(
      (entry) => !entry.id.startsWith(BLOCKED_PREFIX) && reference.describe(entry.id)?.billable !== true,
    ).map((entry) => entry.id);
    expect(invalid).toEqual([]);
  });
});
