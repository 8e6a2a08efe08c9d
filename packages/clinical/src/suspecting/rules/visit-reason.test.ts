import { describe, expect, it } from 'vitest';
import { findCodeEvidence } from '../code-evidence';
import { suspect } from '../engine';
import { AS_OF, suggestedCodes, suggestionFor } from '../testing/expect-suggestions';
import { aClaim, aCondition, aPatient, aSnomedReason, aVisit } from '../testing/factories';

const heartFailure = aSnomedReason('88805009', 'Chronic congestive heart failure', 'I509');

describe('coded visit reasons', () => {
  it('suggest a chronic HCC condition named as the reason for a visit this year, documented elsewhere', () => {
    const suggestion = suggestionFor(aPatient({ encounters: [aVisit('2026-03-01', [heartFailure])] }), 'I509');
    expect(suggestion).toMatchObject({ category: 'Suspect', suspectKind: 'documented-elsewhere' });
    expect(suggestion?.evidence).toEqual([
      expect.objectContaining({
        resourceType: 'Encounter',
        date: '2026-03-01',
        code: 'I509',
        text: 'Visit reason: Chronic congestive heart failure (SNOMED CT 88805009)',
        ruleId: 'visit-reason',
      }),
    ]);
  });

  it('recapture a chronic HCC condition named as the reason for a visit of the two prior years', () => {
    const suggestion = suggestionFor(aPatient({ encounters: [aVisit('2025-03-01', [heartFailure])] }), 'I509');
    expect(suggestion).toMatchObject({ category: 'Recapture', explanationGroup: 'readdress' });
    expect(suggestion?.evidence[0]).toMatchObject({ resourceType: 'Encounter', ruleId: 'recapture-chronic-hcc' });
  });

  it('cite an ICD-10-CM reason by its own code and recapture its chronic counterpart', () => {
    const reason = {
      display: 'Acute on chronic systolic heart failure',
      icdCode: 'I5023',
      codings: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I50.23' }],
    };
    const suggestion = suggestionFor(aPatient({ encounters: [aVisit('2025-05-02', [reason])] }), 'I5022');
    expect(suggestion?.evidence[0]?.text).toBe(
      'Visit reason: Acute on chronic systolic heart failure (ICD-10-CM I50.23)',
    );
  });

  it('say nothing of reasons without an HCC, of acute conditions, of visits before the look-back or after the as-of date', () => {
    const record = aPatient({
      encounters: [
        aVisit('2026-02-01', [aSnomedReason('38341003', 'Hypertension', 'I10')]),
        aVisit('2026-02-01', [aSnomedReason('22298006', 'Myocardial infarction', 'I219')]),
        aVisit('2023-12-31', [heartFailure]),
        aVisit('2026-07-01', [heartFailure]),
        aVisit('2026-02-01', [{ display: 'Follow-up', codings: [] }]),
      ],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('do not make a second suggestion, nor add evidence, when the visit codes the same condition that day', () => {
    const record = aPatient({
      conditions: [aCondition('I509', '2025-03-01', { display: 'Chronic congestive heart failure' })],
      encounters: [aVisit('2025-03-01', [heartFailure])],
    });
    const suggestions = suspect(record, { asOf: AS_OF });
    expect(suggestions.map((suggestion) => suggestion.code)).toEqual(['I509']);
    expect(suggestions[0]?.evidence.map((item) => item.resourceType)).toEqual(['Condition']);
  });

  it('add a visit of another day to the suggestion of the condition, as one suggestion', () => {
    const record = aPatient({
      claims: [aClaim('I509', '2024-06-01')],
      encounters: [aVisit('2025-03-01', [heartFailure])],
    });
    const suggestions = suspect(record, { asOf: AS_OF });
    expect(suggestions.map((suggestion) => suggestion.code)).toEqual(['I509']);
    expect(suggestions[0]?.evidence.map((item) => item.resourceType)).toEqual(['Claim', 'Encounter']);
  });

  it('do not suggest what is coded this year, nor a condition the record says resolved', () => {
    expect(
      suggestedCodes(
        aPatient({ claims: [aClaim('I509', '2026-01-10')], encounters: [aVisit('2026-03-01', [heartFailure])] }),
      ),
    ).toEqual([]);
    const resolved = aCondition('I509', '2025-09-01', { clinicalStatus: 'resolved' });
    expect(
      suggestedCodes(aPatient({ conditions: [resolved], encounters: [aVisit('2026-03-01', [heartFailure])] })),
    ).toEqual([]);
  });

  it("are evidence a note's MEAT finds for the code's category", () => {
    const record = aPatient({ encounters: [aVisit('2025-03-01', [heartFailure])] });
    expect(findCodeEvidence(record, { code: 'I50.22', asOf: AS_OF })).toEqual([
      expect.objectContaining({ resourceType: 'Encounter', ruleId: 'coded-on-record' }),
    ]);
  });
});
