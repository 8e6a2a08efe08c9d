import { describe, expect, it } from 'vitest';
import { aClaim, aPatient, aProcedure, egfr, uacr } from '../testing/factories';
import { AS_OF, suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

const twoEgfrs = (first: number, second: number, secondDate = '2026-04-01', firstDate = '2026-01-01') =>
  aPatient({ observations: [egfr(first, firstDate), egfr(second, secondDate)] });

describe('KDIGO eGFR staging with 90-day persistence', () => {
  it('suggests CKD stage 3a for two eGFRs of 50 ninety days apart, as meeting diagnostic criteria', () => {
    const suggestion = suggestionFor(
      aPatient({ observations: [egfr(50, '2026-01-01'), egfr(52, '2026-04-01')] }),
      'N1831',
    );
    expect(suggestion?.category).toBe('Suspect');
    expect(suggestion?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestion?.evidence.map((item) => item.value)).toEqual([50, 52]);
    expect(suggestion?.evidence[0]?.ruleId).toBe('kdigo-egfr-g3a');
    expect(suggestion?.evidence[0]?.ruleSource).toMatch(/KDIGO 2012/);
  });

  it('does not suggest CKD when the results are 89 days apart', () => {
    expect(suggestedCodes(twoEgfrs(50, 50, '2026-03-31'))).not.toContain('N1831');
  });

  it('suggests CKD when the results are exactly 90 days apart', () => {
    expect(suggestedCodes(twoEgfrs(50, 50, '2026-04-01'))).toContain('N1831');
  });

  it('treats an eGFR of exactly 60 as normal and 59.9 as stage 3a', () => {
    expect(suggestedCodes(twoEgfrs(60, 59.9)).filter((code) => code.startsWith('N18'))).toEqual([]);
    expect(suggestedCodes(twoEgfrs(59.9, 59.9))).toContain('N1831');
  });

  it('stages by KDIGO bands: 45 is 3a, 44.9 is 3b, 30 is 3b, 29.9 is 4, 15 is 4, 14.9 is 5', () => {
    expect(suggestedCodes(twoEgfrs(45, 45))).toContain('N1831');
    expect(suggestedCodes(twoEgfrs(44.9, 44.9))).toContain('N1832');
    expect(suggestedCodes(twoEgfrs(30, 30))).toContain('N1832');
    expect(suggestedCodes(twoEgfrs(29.9, 29.9))).toContain('N184');
    expect(suggestedCodes(twoEgfrs(15, 15))).toContain('N184');
    expect(suggestedCodes(twoEgfrs(14.9, 14.9))).toContain('N185');
  });

  it('stages by the best result of the span: 50 then 25 is stage 3a, the stage that held for 90 days', () => {
    expect(suggestedCodes(twoEgfrs(50, 25))).toEqual(expect.arrayContaining(['N1831']));
    expect(suggestedCodes(twoEgfrs(50, 25))).not.toContain('N184');
  });

  it('does not call two low results years apart persistent: the confirming one must be less than a year back', () => {
    expect(
      suggestedCodes(twoEgfrs(50, 50, '2026-04-01', '2019-03-01')).filter((code) => code.startsWith('N18')),
    ).toEqual([]);
    expect(suggestedCodes(twoEgfrs(50, 50, '2026-04-01', '2025-04-02'))).toContain('N1831');
    expect(
      suggestedCodes(twoEgfrs(50, 50, '2026-04-01', '2025-04-01')).filter((code) => code.startsWith('N18')),
    ).toEqual([]);
    // A recent pair confirms even when an old low result lies further back.
    const record = aPatient({ observations: [egfr(40, '2018-01-01'), egfr(50, '2025-12-01'), egfr(52, '2026-04-01')] });
    expect(suggestionFor(record, 'N1831')?.evidence.map((item) => item.value)).toEqual([50, 52]);
  });

  it('does not call CKD persistent when a normal result lies between the two low ones', () => {
    const record = aPatient({ observations: [egfr(50, '2026-01-01'), egfr(75, '2026-02-15'), egfr(50, '2026-04-01')] });
    expect(suggestedCodes(record)).not.toContain('N1831');
  });

  it('does not suggest CKD when the latest eGFR has recovered to 60 or more', () => {
    const record = aPatient({ observations: [egfr(50, '2025-09-01'), egfr(50, '2026-01-01'), egfr(70, '2026-04-01')] });
    expect(suggestedCodes(record).filter((code) => code.startsWith('N18'))).toEqual([]);
  });

  it('ignores results dated after the as-of date', () => {
    expect(suggestedCodes(twoEgfrs(50, 50, '2026-07-01'), AS_OF)).not.toContain('N1831');
  });

  it('reads eGFR by its display when the LOINC code is unknown', () => {
    const record = aPatient({
      observations: [
        egfr(40, '2026-01-01'),
        { ...egfr(40, '2026-04-01'), loinc: '99999-9', display: 'eGFR (CKD-EPI 2021)' },
      ],
    });
    expect(suggestedCodes(record)).toContain('N1832');
  });
});

describe('KDIGO albuminuria', () => {
  it('suggests CKD stage 2 for persistent albuminuria of 30 mg/g with an eGFR of 75', () => {
    const record = aPatient({ observations: [uacr(30, '2026-01-01'), uacr(45, '2026-04-01'), egfr(75, '2026-04-01')] });
    const suggestion = suggestionFor(record, 'N182');
    expect(suggestion?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestion?.explanationGroup).toBe('no-hcc');
  });

  it('suggests CKD stage 1 when the eGFR is 90 or more', () => {
    const record = aPatient({
      observations: [uacr(300, '2026-01-01'), uacr(310, '2026-04-01'), egfr(95, '2026-04-01')],
    });
    expect(suggestedCodes(record)).toContain('N181');
  });

  it('does not count an albumin-to-creatinine ratio of 29.9 mg/g', () => {
    const record = aPatient({
      observations: [uacr(29.9, '2026-01-01'), uacr(45, '2026-04-01'), egfr(75, '2026-04-01')],
    });
    expect(suggestedCodes(record)).not.toContain('N182');
  });

  it('converts mg/mmol to mg/g (3.4 mg/mmol is 30 mg/g)', () => {
    const record = aPatient({
      observations: [
        { ...uacr(3.4, '2026-01-01'), unit: 'mg/mmol' },
        { ...uacr(3.4, '2026-04-01'), unit: 'mg/mmol' },
        egfr(80, '2026-04-01'),
      ],
    });
    expect(suggestedCodes(record)).toContain('N182');
  });
});

describe('maintenance dialysis', () => {
  it('suggests ESRD and dialysis status for haemodialysis sessions over more than 90 days', () => {
    const record = aPatient({
      procedures: [
        aProcedure('90935', 'Hemodialysis', '2026-01-05'),
        aProcedure('90935', 'Hemodialysis', '2026-05-20'),
      ],
      observations: [egfr(8, '2026-01-01'), egfr(9, '2026-05-01')],
    });
    const codes = suggestedCodes(record);
    expect(codes).toEqual(expect.arrayContaining(['N186', 'Z992']));
    expect(codes).not.toContain('N185');
  });

  it('does not call a single month of dialysis maintenance dialysis', () => {
    const record = aPatient({
      procedures: [
        aProcedure('90935', 'Hemodialysis', '2026-04-01'),
        aProcedure('90935', 'Hemodialysis', '2026-05-01'),
      ],
    });
    expect(suggestedCodes(record)).not.toContain('Z992');
  });

  it('does not count a fistula creation as a dialysis session', () => {
    const record = aPatient({
      procedures: [
        aProcedure('36821', 'Arteriovenous fistula creation for dialysis access', '2025-10-01'),
        aProcedure('36821', 'Arteriovenous fistula revision for dialysis access', '2026-05-01'),
      ],
    });
    expect(suggestedCodes(record)).not.toContain('Z992');
  });

  it('suggests nothing for a patient whose CKD stage 4 is already coded this year', () => {
    const record = aPatient({
      observations: [egfr(25, '2026-01-01'), egfr(25, '2026-04-01')],
      claims: [aClaim('N184', '2026-02-01')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });
});
