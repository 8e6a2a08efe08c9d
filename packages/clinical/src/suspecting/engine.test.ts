import { describe, expect, it } from 'vitest';
import { suspect } from './engine';
import { SUSPECTING_RULES } from './rules';
import { getSuspectingReference } from './reference';
import { aClaim, aCondition, aDocument, aMedication, aPatient, bmi, egfr, hba1c, lvef } from './testing/factories';
import { AS_OF, suggestedCodes, suggestionFor } from './testing/expect-suggestions';
import { EXPLANATION_GROUPS } from './types';

describe('one suggestion per code', () => {
  it('merges every rule that finds a code into one suggestion with all the evidence', () => {
    const record = aPatient({
      documents: [aDocument('Assessment: atrial fibrillation, rate controlled.', '2026-01-05')],
      medications: [aMedication('apixaban 5 MG Oral Tablet', '2026-01-05')],
    });
    const suggestions = suspect(record, { asOf: AS_OF }).filter((suggestion) => suggestion.code === 'I4891');
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]?.ruleIds).toEqual(
      expect.arrayContaining(['documented-elsewhere', 'drug-anticoagulant-atrial-fibrillation']),
    );
    expect(suggestions[0]?.suspectKind).toBe('documented-elsewhere');
  });

  it('keeps Recapture when a suspect rule also finds the recaptured code', () => {
    const record = aPatient({
      claims: [aClaim('N1832', '2025-02-01')],
      observations: [egfr(40, '2026-01-01'), egfr(41, '2026-04-01')],
    });
    const suggestion = suggestionFor(record, 'N1832');
    expect(suggestion?.category).toBe('Recapture');
    expect(suggestion?.ruleIds).toEqual(['recapture-chronic-hcc', 'kdigo-egfr-g3b']);
  });
});

describe('HCC hierarchies', () => {
  it('suggests only the higher CKD stage when a lower one was coded before, folding in its evidence', () => {
    const record = aPatient({
      claims: [aClaim('N1831', '2025-02-01')],
      observations: [egfr(25, '2026-01-01'), egfr(22, '2026-04-01')],
    });
    expect(suggestedCodes(record)).toEqual(['N184']);
    const suggestion = suggestionFor(record, 'N184');
    expect(suggestion?.explanationGroup).toBe('existing-hcc');
    expect(suggestion?.evidence.some((item) => item.code === 'N1831')).toBe(true);
  });

  it('suppresses a suggestion whose HCC sits below one coded this year', () => {
    const record = aPatient({
      claims: [aClaim('N184', '2026-02-01')],
      observations: [egfr(50, '2026-01-01'), egfr(50, '2026-04-01')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('suggests a higher HCC than the one coded this year, in the existing-hcc-mid-year group', () => {
    const record = aPatient({
      claims: [aClaim('N1831', '2026-02-01')],
      observations: [egfr(25, '2026-01-15'), egfr(24, '2026-04-20')],
    });
    expect(suggestionFor(record, 'N184')?.explanationGroup).toBe('existing-hcc-mid-year');
  });

  it('suppresses diabetes without complications when diabetes with complications is coded this year', () => {
    const record = aPatient({
      claims: [aClaim('E1122', '2026-02-01')],
      observations: [hba1c(7.2, '2026-01-01'), hba1c(7.4, '2026-04-01')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });
});

describe('the V24 model', () => {
  it('applies V24 hierarchies and groups: CKD stage 4 (HCC 137) over a stage 3 coded this year (HCC 138)', () => {
    const record = aPatient({
      claims: [aClaim('N1831', '2026-02-01')],
      observations: [egfr(25, '2026-01-15'), egfr(24, '2026-04-20')],
    });
    const suggestion = suggestionFor(record, 'N184', { model: 'v24' });
    expect(suggestion?.hcc.v24).toEqual([137]);
    expect(suggestion?.explanationGroup).toBe('existing-hcc-mid-year');
  });

  it('covers CKD stage 3a by a stage 3b coded this year in both models (V24: one HCC 138; V28: 328 above 329)', () => {
    const record = aPatient({
      claims: [aClaim('N1832', '2026-02-01')],
      observations: [egfr(50, '2026-01-15'), egfr(50, '2026-04-20')],
    });
    expect(suggestionFor(record, 'N1831', { model: 'v24' })).toBeUndefined();
    expect(suggestionFor(record, 'N1831', { model: 'v28' })).toBeUndefined();
  });
});

describe('explanation groups', () => {
  it('puts an HCC never coded, with evidence from this year only, in new-hcc-mid-year', () => {
    expect(suggestionFor(aPatient({ observations: [bmi(44, '2026-03-01')] }), 'E66813')?.explanationGroup).toBe(
      'new-hcc-mid-year',
    );
  });

  it('puts an HCC never coded, with evidence from last year, in new-hcc', () => {
    expect(suggestionFor(aPatient({ observations: [lvef(30, '2025-08-01')] }), 'I5020')?.explanationGroup).toBe(
      'new-hcc',
    );
  });

  it('exports every spec explanation group, the workflow ones included', () => {
    expect(EXPLANATION_GROUPS).toHaveLength(11);
    expect(EXPLANATION_GROUPS).toEqual(
      expect.arrayContaining(['provider-rejected', 'coder-rejected', 'cart-for-provider', 'cart-for-coder']),
    );
  });
});

describe('every suggestion', () => {
  const record = aPatient({
    claims: [aClaim('E119', '2024-05-01'), aClaim('I5022', '2025-05-01'), aClaim('I10', '2025-05-01')],
    conditions: [aCondition('F331', '2025-01-01')],
    observations: [egfr(40, '2025-10-01'), egfr(38, '2026-02-01'), bmi(42, '2026-02-01')],
    medications: [
      aMedication('warfarin 5 MG Oral Tablet', '2025-01-01'),
      aMedication('insulin glargine', '2025-01-01'),
    ],
    documents: [aDocument('PMH: COPD, paroxysmal atrial fibrillation.', '2025-12-01', { source: 'HIE' })],
  });
  const suggestions = suspect(record, { asOf: AS_OF });

  it('is a billable FY2026 code with its CMS title and HCCs of both models', () => {
    const reference = getSuspectingReference();
    expect(suggestions.length).toBeGreaterThan(5);
    for (const suggestion of suggestions) {
      expect(reference.describe(suggestion.code)).toEqual({ description: suggestion.description, billable: true });
      expect(suggestion.hcc.v28).toEqual(reference.hccsOf(suggestion.code, 'v28', { age: 75, sex: 'F' }));
      expect(suggestion.hcc.v24).toEqual(reference.hccsOf(suggestion.code, 'v24', { age: 75, sex: 'F' }));
    }
  });

  it('is unique by code, carries evidence with its rule and source, and oldest evidence first', () => {
    expect(new Set(suggestions.map((suggestion) => suggestion.code)).size).toBe(suggestions.length);
    for (const suggestion of suggestions) {
      expect(suggestion.evidence.length).toBeGreaterThan(0);
      for (const item of suggestion.evidence) expect(item.ruleSource.length).toBeGreaterThan(10);
      const dates = suggestion.evidence.map((item) => item.date);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it('is a Recapture or a Suspect with a kind, and the engine group is one of the spec groups', () => {
    for (const suggestion of suggestions) {
      expect(suggestion.suspectKind === undefined).toBe(suggestion.category === 'Recapture');
      expect(EXPLANATION_GROUPS).toContain(suggestion.explanationGroup);
    }
  });

  it('never depends on facts after the as-of date', () => {
    const later = { ...record, observations: [...record.observations, egfr(10, '2026-12-01')] };
    expect(suspect(later, { asOf: AS_OF })).toEqual(suggestions);
  });
});

describe('the as-of date', () => {
  it('must be an ISO date', () => {
    expect(() => suspect(aPatient(), { asOf: '06/01/2026' })).toThrow(RangeError);
    expect(suspect(aPatient(), { asOf: '2026-06-01T10:00:00Z' })).toEqual([]);
  });

  it('refuses a record without a valid birth date (age edits and adult-only rules need it)', () => {
    expect(() => suspect(aPatient({ birthDate: '' }), { asOf: AS_OF })).toThrow(RangeError);
  });
});

describe('the rule set', () => {
  it('has at least 30 rules over the three suspect kinds, each with a unique id and a published source', () => {
    expect(SUSPECTING_RULES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(SUSPECTING_RULES.map((rule) => rule.id)).size).toBe(SUSPECTING_RULES.length);
    expect(new Set(SUSPECTING_RULES.map((rule) => rule.kind))).toEqual(
      new Set(['documented-elsewhere', 'meets-diagnostic-criteria', 'clinical-correlation-needed']),
    );
    for (const rule of SUSPECTING_RULES) expect(rule.source).toMatch(/\w{4,}/);
  });
});
