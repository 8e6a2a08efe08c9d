import { describe, expect, it } from 'vitest';
import { aClaim, aPatient, aProcedure } from '../testing/factories';
import { suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

describe('amputation status', () => {
  it('suggests acquired absence of the left leg below the knee after a below-knee amputation', () => {
    const record = aPatient({
      procedures: [aProcedure('27880', 'Amputation, leg, through tibia and fibula, left', '2019-04-02')],
    });
    const suggestion = suggestionFor(record, 'Z89512');
    expect(suggestion?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestion?.hcc.v28).toEqual([409]);
  });

  it('uses the unspecified side when the record does not say', () => {
    expect(
      suggestedCodes(aPatient({ procedures: [aProcedure('27590', 'Amputation, thigh, through femur', '2018-01-01')] })),
    ).toEqual(['Z89619']);
  });

  it('recognises a SNOMED CT procedure by its words and gives both sides for a bilateral amputation', () => {
    const procedure = aProcedure('180030006', 'Bilateral transmetatarsal amputation of foot', '2020-01-01', {
      system: 'http://snomed.info/sct',
    });
    expect(suggestedCodes(aPatient({ procedures: [procedure] }))).toEqual(['Z89431', 'Z89432']);
  });

  it('tells a great toe from the other toes', () => {
    expect(
      suggestedCodes(aPatient({ procedures: [aProcedure('28820', 'Amputation of right great toe', '2020-01-01')] })),
    ).toEqual(['Z89411']);
    expect(
      suggestedCodes(aPatient({ procedures: [aProcedure('28820', 'Amputation of left second toe', '2020-01-01')] })),
    ).toEqual(['Z89422']);
  });

  it('derives the status from a traumatic amputation diagnosis', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('S88111A', '2021-05-01')] }))).toEqual(['Z89511']);
  });

  it('does not count a planned amputation or a partial traumatic amputation', () => {
    const planned = aProcedure('99999', 'Below knee amputation planned', '2026-01-01', {
      system: 'http://snomed.info/sct',
    });
    expect(suggestedCodes(aPatient({ procedures: [planned] }))).toEqual([]);
    expect(suggestedCodes(aPatient({ claims: [aClaim('S88121A', '2021-05-01')] }))).toEqual([]);
  });
});

describe('ostomy status', () => {
  it('suggests colostomy status after a colostomy', () => {
    const suggestion = suggestionFor(
      aPatient({ procedures: [aProcedure('44320', 'Colostomy', '2022-03-01')] }),
      'Z933',
    );
    expect(suggestion?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestion?.hcc.v28).toEqual([463]);
  });

  it('drops the status once the colostomy is taken down', () => {
    const procedures = [
      aProcedure('44320', 'Colostomy', '2022-03-01'),
      aProcedure('44620', 'Closure of enterostomy', '2022-09-01'),
    ];
    expect(suggestedCodes(aPatient({ procedures }))).toEqual([]);
  });

  it('recognises a gastrostomy and a tracheostomy by their words', () => {
    const procedures = [
      aProcedure('0DH63UZ', 'Percutaneous endoscopic gastrostomy (PEG) tube insertion', '2025-03-01', {
        system: 'http://www.cms.gov/Medicare/Coding/ICD10',
      }),
      aProcedure('48387007', 'Tracheostomy', '2025-03-01', { system: 'http://snomed.info/sct' }),
    ];
    expect(suggestedCodes(aPatient({ procedures }))).toEqual(['Z930', 'Z931']);
  });

  it('does not suggest a status already coded this year', () => {
    const record = aPatient({
      procedures: [aProcedure('44320', 'Colostomy', '2022-03-01')],
      claims: [aClaim('Z933', '2026-01-15')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });
});
