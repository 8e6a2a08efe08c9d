import { describe, expect, it } from 'vitest';
import { aClaim, aMedication, aPatient, aResult, lvef } from '../testing/factories';
import { suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

const ntProBnp = (value: number, date: string) => aResult('33762-6', value, 'pg/mL', date);
const bnp = (value: number, date: string) => aResult('30934-4', value, 'pg/mL', date);

describe('LVEF and heart failure with reduced ejection fraction', () => {
  it('suggests systolic heart failure for LVEF 40 % with an elevated NT-proBNP, meeting criteria', () => {
    const record = aPatient({ observations: [lvef(40, '2026-02-01'), ntProBnp(900, '2026-02-01')] });
    expect(suggestedCodes(record)).toEqual(['I5020']);
    expect(suggestionFor(record, 'I5020')?.suspectKind).toBe('meets-diagnostic-criteria');
  });

  it('asks for clinical correlation when the LVEF is low but nothing else supports heart failure', () => {
    expect(suggestionFor(aPatient({ observations: [lvef(35, '2026-02-01')] }), 'I5020')?.suspectKind).toBe(
      'clinical-correlation-needed',
    );
  });

  it('does not call LVEF 41 % reduced', () => {
    expect(suggestedCodes(aPatient({ observations: [lvef(41, '2026-02-01')] }))).toEqual([]);
  });

  it('suggests chronic systolic heart failure when two low LVEFs lie 90 days apart', () => {
    const record = aPatient({
      observations: [lvef(30, '2025-10-01'), lvef(32, '2026-02-01')],
      medications: [aMedication('sacubitril 49 MG / valsartan 51 MG Oral Tablet [Entresto]', '2025-10-15')],
    });
    expect(suggestedCodes(record)).toEqual(['I5022']);
  });
});

describe('natriuretic peptides (NICE NG106)', () => {
  it('suggests heart failure for NT-proBNP above 400, as clinical correlation needed', () => {
    expect(suggestionFor(aPatient({ observations: [ntProBnp(401, '2026-02-01')] }), 'I509')?.suspectKind).toBe(
      'clinical-correlation-needed',
    );
  });

  it('does not count NT-proBNP 400 or BNP 100', () => {
    expect(suggestedCodes(aPatient({ observations: [ntProBnp(400, '2026-02-01')] }))).toEqual([]);
    expect(suggestedCodes(aPatient({ observations: [bnp(100, '2026-02-01')] }))).toEqual([]);
    expect(suggestedCodes(aPatient({ observations: [bnp(101, '2026-02-01')] }))).toEqual(['I509']);
  });
});

describe('oral anticoagulants: atrial fibrillation told apart from venous thromboembolism', () => {
  it('suggests atrial fibrillation and long-term anticoagulant use for apixaban with no VTE history', () => {
    const record = aPatient({ medications: [aMedication('apixaban 5 MG Oral Tablet [Eliquis]', '2025-06-01')] });
    expect(suggestedCodes(record)).toEqual(['I4891', 'Z7901']);
    expect(suggestionFor(record, 'I4891')?.suspectKind).toBe('clinical-correlation-needed');
    expect(suggestionFor(record, 'Z7901')?.explanationGroup).toBe('no-hcc');
  });

  it('suggests only long-term anticoagulant use when the patient had a pulmonary embolism', () => {
    const record = aPatient({
      claims: [aClaim('I2699', '2024-03-01')],
      medications: [aMedication('rivaroxaban 20 MG Oral Tablet', '2024-03-05')],
    });
    expect(suggestedCodes(record)).toEqual(['Z7901']);
  });

  it('suggests only long-term anticoagulant use with a history of DVT', () => {
    const record = aPatient({
      claims: [aClaim('Z86718', '2025-03-01')],
      medications: [aMedication('Warfarin Sodium 5 MG Oral Tablet', '2025-03-05', { rxnormCode: '855332' })],
    });
    expect(suggestedCodes(record)).toEqual(['Z7901']);
  });

  it('reads warfarin by its RxNorm code when the display says nothing useful', () => {
    const record = aPatient({
      medications: [aMedication('Home medication 1', '2025-03-05', { rxnormCode: '855332' })],
    });
    expect(suggestedCodes(record)).toContain('I4891');
  });

  it('calls anticoagulation long-term at 90 days, not at 89', () => {
    expect(suggestedCodes(aPatient({ medications: [aMedication('apixaban 5 MG Oral Tablet', '2026-03-04')] }))).toEqual(
      ['I4891'],
    );
    expect(suggestedCodes(aPatient({ medications: [aMedication('apixaban 5 MG Oral Tablet', '2026-03-03')] }))).toEqual(
      ['I4891', 'Z7901'],
    );
  });

  it('does not suggest atrial fibrillation again when it was coded last year (recapture covers it)', () => {
    const record = aPatient({
      claims: [aClaim('I480', '2025-03-01')],
      medications: [aMedication('apixaban 5 MG Oral Tablet', '2025-03-05')],
    });
    expect(suggestedCodes(record)).toEqual(['I480', 'Z7901']);
    expect(suggestionFor(record, 'I480')?.category).toBe('Recapture');
  });
});

describe('long-term anticoagulation is one continuous course', () => {
  it('counts a switch from warfarin to apixaban as one course', () => {
    const medications = [
      aMedication('warfarin 5 MG Oral Tablet', '2025-06-01', { status: 'stopped', endDate: '2026-04-20' }),
      aMedication('apixaban 5 MG Oral Tablet', '2026-05-01'),
    ];
    expect(suggestedCodes(aPatient({ claims: [aClaim('I2699', '2025-05-01')], medications }))).toEqual(['Z7901']);
  });

  it('does not join a course that ended months before the current one', () => {
    const medications = [
      aMedication('warfarin 5 MG Oral Tablet', '2025-02-01', { status: 'stopped', endDate: '2025-05-01' }),
      aMedication('apixaban 5 MG Oral Tablet', '2026-05-01'),
    ];
    expect(suggestedCodes(aPatient({ claims: [aClaim('I2699', '2025-01-20')], medications }))).toEqual([]);
  });
});
