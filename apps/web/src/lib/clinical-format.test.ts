import type { DxEvidence } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { anEvidence } from '../testing/factories';
import {
  formatEvidenceValue,
  formatIcdCode,
  formatNumber,
  formatQuantity,
  formatRaf,
  formatRafChange,
  formatRafTerm,
  formatReferenceRange,
  formatResultValue,
  formatUnit,
  rafTermsToShow,
} from './clinical-format';

/** Evidence with no value, no code and no link unless given. */
const evidence = (overrides: Partial<DxEvidence>): DxEvidence => {
  const { code: _code, value: _value, unit: _unit, ...bare } = anEvidence({ link: { kind: 'none' } });
  return { ...bare, ...overrides };
};

describe('values as a clinician writes them', () => {
  it('shows an HbA1c of 7.7 as 7.7%, not the 7.699999999999999 % of float arithmetic', () => {
    expect(formatQuantity(7.1 + 0.6, '%')).toBe('7.7%');
    expect(formatResultValue({ value: 7.699999999999999, valueText: null, unit: '%' })).toBe('7.7%');
  });

  it('keeps the decimals a value was reported with instead of cutting to two', () => {
    expect(formatResultValue({ value: 79.835, valueText: null, unit: 'kg' })).toBe('79.835 kg');
    expect(formatResultValue({ value: 0.005, valueText: null, unit: 'mg/L' })).toBe('0.005 mg/L');
    expect(formatNumber(120)).toBe('120');
  });

  it('shows a value with the decimal places it was reported with: 7.70%, not 7.7%', () => {
    expect(formatQuantity(7.7, '%', { decimals: 2 })).toBe('7.70%');
    expect(formatResultValue({ value: 7.7, decimals: 2, valueText: null, unit: '%' })).toBe('7.70%');
    expect(formatResultValue({ value: 5, decimals: 1, valueText: null, unit: 'mmol/L' })).toBe('5.0 mmol/L');
    expect(formatResultValue({ value: 7.7, decimals: null, valueText: null, unit: '%' })).toBe('7.7%');
  });

  it('shows a PHQ-9 of 18 with no {score} and no UCUM brackets in any unit', () => {
    expect(formatResultValue({ value: 18, valueText: null, unit: '{score}' })).toBe('18');
    expect(formatResultValue({ value: 52, valueText: null, unit: 'mL/min/{1.73_m2}' })).toBe('52 mL/min/1.73 m²');
    expect(formatUnit('mm[Hg]')).toBe('mmHg');
    expect(formatUnit('[lb_av]')).toBe('lb');
  });

  it('shows a coded or text answer as given', () => {
    expect(formatResultValue({ value: null, valueText: 'Yellow', unit: null })).toBe('Yellow');
    expect(formatResultValue({ value: null, valueText: null, unit: null })).toBe('');
  });

  it('writes a reference range by its bounds, as reported', () => {
    expect(formatReferenceRange({ low: 4, high: 5.6 })).toBe('4–5.6');
    expect(formatReferenceRange({ low: null, high: 200 })).toBe('≤ 200');
    expect(formatReferenceRange({ low: 0.1 + 0.2, high: null })).toBe('≥ 0.3');
    expect(formatReferenceRange({ low: null, high: null })).toBe('');
    expect(formatReferenceRange(null)).toBe('');
  });
});

describe('codes', () => {
  it('dots every ICD-10-CM code after its category', () => {
    expect(formatIcdCode('E119')).toBe('E11.9');
    expect(formatIcdCode('N1831')).toBe('N18.31');
    expect(formatIcdCode('I10')).toBe('I10');
  });
});

describe('evidence', () => {
  it('shows a claim line by its code dotted with its title, never the bare E119', () => {
    const claim = evidence({
      resourceType: 'Claim',
      code: 'E119',
      codeTitle: 'Type 2 diabetes mellitus without complications',
      text: 'E119',
    });
    expect(formatEvidenceValue(claim)).toBe('E11.9 Type 2 diabetes mellitus without complications');
    expect(formatEvidenceValue({ ...claim, codeTitle: undefined })).toBe('E11.9');
  });

  it('shows a coded diagnosis by its code and title, its own words when the title is unknown', () => {
    const condition = evidence({ resourceType: 'Condition', code: 'N1831', text: 'CKD stage 3a' });
    expect(formatEvidenceValue(condition)).toBe('N18.31 CKD stage 3a');
    expect(formatEvidenceValue({ ...condition, codeTitle: 'Chronic kidney disease, stage 3a' })).toBe(
      'N18.31 Chronic kidney disease, stage 3a',
    );
  });

  it('shows a result by its name and its value as reported', () => {
    const hba1c = evidence({ resourceType: 'Observation', code: '4548-4', text: 'HbA1c', value: 7.1 + 0.6, unit: '%' });
    expect(formatEvidenceValue(hba1c)).toBe('HbA1c: 7.7%');
    const phq9 = evidence({ resourceType: 'Observation', text: 'PHQ-9 total score', value: 18, unit: '{score}' });
    expect(formatEvidenceValue(phq9)).toBe('PHQ-9 total score: 18');
  });

  it('shows a result with the decimal places it was reported with when the evidence gives them', () => {
    const hba1c = evidence({ resourceType: 'Observation', text: 'HbA1c', value: 7.7, decimals: 2, unit: '%' });
    expect(formatEvidenceValue(hba1c)).toBe('HbA1c: 7.70%');
  });

  it('shows a drug, a procedure or a snippet by its text', () => {
    expect(
      formatEvidenceValue(evidence({ resourceType: 'MedicationRequest', code: '860975', text: 'Metformin' })),
    ).toBe('Metformin');
  });

  it('shows a coded visit reason or a care plan by its words, not by the ICD-10-CM code it names', () => {
    const text = 'Visit reason: Chronic congestive heart failure (SNOMED CT 88805009)';
    expect(formatEvidenceValue(evidence({ resourceType: 'Encounter', code: 'I509', text }))).toBe(text);
    const plan = 'Care plan: Heart failure self management plan (active since 2019-03-01)';
    expect(formatEvidenceValue(evidence({ resourceType: 'CarePlan', text: plan }))).toBe(plan);
  });
});

describe('RAF', () => {
  it('reads scores and changes to three decimals, with the sign of the change', () => {
    expect(formatRaf(0.8)).toBe('0.800');
    expect(formatRafChange(0.166)).toBe('+0.166');
    expect(formatRafChange(-0.05)).toBe('−0.050');
  });

  it("names an interaction or count term in CMS's words, never by its variable", () => {
    expect(formatRafTerm({ name: 'DIABETES_HF_V28', label: 'Diabetes*Heart Failure' })).toBe(
      'Diabetes × Heart Failure',
    );
    expect(formatRafTerm({ name: 'D5', label: '5 payment HCCs' })).toBe('5 payment HCCs');
    expect(formatRafTerm({ name: 'DISABLED_CANCER_V28', label: 'Disabled, Cancer' })).toBe('Disabled, Cancer');
  });

  it('shows no term that adds nothing (D1 +0.000)', () => {
    const terms = [
      { name: 'D1', label: '1 payment HCC', raf: 0 },
      { name: 'DIABETES_HF_V28', label: 'Diabetes*Heart Failure', raf: 0.112 },
      { name: 'D2', label: '2 payment HCCs', raf: 0.0001 },
    ];
    expect(rafTermsToShow(terms).map((term) => term.name)).toEqual(['DIABETES_HF_V28']);
  });
});
