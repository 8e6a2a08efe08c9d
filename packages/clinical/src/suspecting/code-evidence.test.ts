import { describe, expect, it } from 'vitest';
import { findCodeEvidence } from './code-evidence';
import { AS_OF, suggestedCodes } from './testing/expect-suggestions';
import { aClaim, aCondition, aDocument, aMedication, aPatient, egfr, hba1c, lvef } from './testing/factories';
import type { SuggestionEvidence } from './types';

const facts = (evidence: readonly SuggestionEvidence[]) =>
  evidence.map((item) => [item.resourceType, item.code ?? item.text, item.date]);

describe('findCodeEvidence', () => {
  it('finds the HbA1c and the metformin of a diabetes code the engine does not suggest', () => {
    // Metformin alone never suggests diabetes, and E11.9 coded this year stops every diabetes suggestion;
    // the two HbA1c results still meet the ADA criteria, so that rule's evidence comes along.
    const record = aPatient({
      claims: [aClaim('E119', '2026-02-10')],
      observations: [hba1c(7.9, '2025-08-01'), hba1c(8.2, '2026-05-01')],
      medications: [aMedication('Metformin 500 mg tablet', '2025-01-01')],
    });
    expect(suggestedCodes(record)).toEqual([]);

    const evidence = findCodeEvidence(record, { code: 'E11.65', asOf: AS_OF });

    expect(facts(evidence)).toEqual([
      ['MedicationRequest', 'Metformin 500 mg tablet', '2025-01-01'],
      ['Observation', '4548-4', '2025-08-01'],
      ['Claim', 'E119', '2026-02-10'],
      ['Observation', '4548-4', '2026-05-01'],
    ]);
    expect(evidence.findLast((item) => item.resourceType === 'Observation')).toMatchObject({ value: 8.2, unit: '%' });
    expect(evidence.find((item) => item.resourceType === 'MedicationRequest')?.ruleId).toBe(
      'drug-glucose-lowering-diabetes',
    );
    expect(evidence.find((item) => item.resourceType === 'Claim')?.ruleId).toBe('coded-on-record');
  });

  it('returns nothing for a code the record says nothing about', () => {
    const record = aPatient({
      observations: [hba1c(8.2, '2026-05-01')],
      medications: [aMedication('Metformin 500 mg tablet', '2025-01-01')],
    });
    expect(findCodeEvidence(record, { code: 'J44.9', asOf: AS_OF })).toEqual([]);
  });

  it('leaves out a stopped drug, results from before last year, facts after the visit and ended conditions', () => {
    const record = aPatient({
      observations: [hba1c(8.2, '2024-11-01'), hba1c(7.1, '2026-07-01')],
      medications: [aMedication('Metformin 500 mg tablet', '2025-01-01', { status: 'stopped', endDate: '2025-06-01' })],
      conditions: [aCondition('E119', '2025-03-01', { clinicalStatus: 'resolved' })],
    });
    expect(findCodeEvidence(record, { code: 'E1165', asOf: AS_OF })).toEqual([]);
  });

  it("takes the evidence of the engine's findings of the code's category, with their rules", () => {
    const record = aPatient({ observations: [egfr(52, '2025-09-01'), egfr(48, '2026-01-15')] });
    const evidence = findCodeEvidence(record, { code: 'N18.30', asOf: AS_OF });
    expect(facts(evidence)).toEqual([
      ['Observation', '33914-3', '2025-09-01'],
      ['Observation', '33914-3', '2026-01-15'],
    ]);
    expect(evidence[0]?.ruleId).toBe('kdigo-egfr-g3a');
  });

  it('reads the kidney function for diabetes with chronic kidney disease, and the diabetes results too', () => {
    const record = aPatient({ observations: [hba1c(7.4, '2026-03-01'), egfr(55, '2026-04-01')] });
    const codes = findCodeEvidence(record, { code: 'E1122', asOf: AS_OF }).map((item) => item.code);
    expect(codes).toEqual(['4548-4', '33914-3']);
  });

  it("takes the evidence of the visit's suggestions in the same payment HCC", () => {
    const record = aPatient({ observations: [lvef(35, '2026-04-01')] });
    const suggestion = {
      code: 'I110',
      evidence: [
        {
          resourceType: 'Condition' as const,
          resourceId: 'hypertension',
          date: '2025-06-01',
          source: 'EHR' as const,
          code: 'I10',
          text: 'Hypertension',
          ruleId: 'combination-hypertensive-heart-ckd',
          ruleSource: 'ICD-10-CM I.C.9.a.1',
        },
      ],
    };
    const unrelated = { ...suggestion, code: 'J449', evidence: [{ ...suggestion.evidence[0]!, resourceId: 'copd' }] };
    const evidence = findCodeEvidence(record, { code: 'I50.22', asOf: AS_OF, suggestions: [suggestion, unrelated] });
    expect(evidence.map((item) => item.resourceId)).toEqual(['hypertension', record.observations[0]?.id]);
  });

  it('finds the statement of the condition in a note', () => {
    const record = aPatient({
      documents: [aDocument('Assessment: type 2 diabetes mellitus, on diet.', '2026-04-01')],
    });
    const evidence = findCodeEvidence(record, { code: 'E11.65', asOf: AS_OF });
    expect(evidence.map((item) => item.resourceType)).toEqual(['DocumentReference']);
  });

  it('finds what treats a condition a single-indication drug rule names', () => {
    const record = aPatient({ medications: [aMedication('Carbidopa-levodopa 25-100 mg', '2025-10-01')] });
    const evidence = findCodeEvidence(record, { code: 'G20.A1', asOf: AS_OF });
    expect(evidence.map((item) => [item.resourceType, item.ruleId])).toEqual([
      ['MedicationRequest', 'drug-levodopa-parkinson'],
    ]);
  });
});
