import { describe, expect, it } from 'vitest';
import { chosenNoteCodes, noteDiagnosisOptions, recordNoteChoices } from './note-diagnoses';
import { aCartItem, aDecision, anEmptySummary, anItem } from '../../../testing/factories';

describe('noteDiagnosisOptions', () => {
  it("offers the cart's codes first, then suggestions not rejected, each once", () => {
    const data = anEmptySummary({
      cart: [aCartItem()],
      groups: [
        {
          hcc: null,
          label: 'All',
          items: [
            anItem(),
            anItem({ icdCode: 'I10', description: 'Essential (primary) hypertension' }),
            anItem({ icdCode: 'J449', description: 'COPD', decision: aDecision({ status: 'rejected' }) }),
          ],
        },
      ],
    });
    expect(noteDiagnosisOptions(data).map((option) => [option.icdCode, option.isInCart])).toEqual([
      ['E1122', true],
      ['I10', false],
    ]);
  });

  it('offers a code once however the cart and the suggestions write it, chosen when the cart has it', () => {
    const data = anEmptySummary({
      cart: [aCartItem({ icdCode: 'E11.65', description: 'Type 2 diabetes mellitus with hyperglycemia' })],
      groups: [{ hcc: 38, label: 'Diabetes', items: [anItem({ icdCode: 'E1165' })] }],
    });
    const options = noteDiagnosisOptions(data);
    expect(options.map((option) => [option.icdCode, option.label, option.isInCart])).toEqual([
      ['E1165', 'E11.65 Type 2 diabetes mellitus with hyperglycemia', true],
    ]);
  });
});

describe('the note wizard’s chosen codes', () => {
  const options = noteDiagnosisOptions(
    anEmptySummary({
      cart: [aCartItem(), aCartItem({ icdCode: 'E1165', description: 'Type 2 diabetes mellitus with hyperglycemia' })],
      groups: [{ hcc: null, label: 'All', items: [anItem({ icdCode: 'I10', description: 'Hypertension' })] }],
    }),
  );

  it('are every code in the cart until the provider changes them', () => {
    expect(chosenNoteCodes(options, new Map())).toEqual(['E1122', 'E1165']);
  });

  it('keep what the provider unticked and ticked, and choose a code that joins the cart later', () => {
    const choices = recordNoteChoices(options, ['E1165', 'I10'], new Map());
    expect(chosenNoteCodes(options, choices)).toEqual(['E1165', 'I10']);

    const withMore = noteDiagnosisOptions(
      anEmptySummary({
        cart: [
          aCartItem(),
          aCartItem({ icdCode: 'E1165', description: 'Type 2 diabetes mellitus with hyperglycemia' }),
          aCartItem({ icdCode: 'N18.31', description: 'Chronic kidney disease, stage 3a' }),
        ],
        groups: [{ hcc: null, label: 'All', items: [anItem({ icdCode: 'I10', description: 'Hypertension' })] }],
      }),
    );
    expect(chosenNoteCodes(withMore, choices)).toEqual(['E1165', 'N1831', 'I10']);
  });

  it('forget a choice the provider took back', () => {
    const unticked = recordNoteChoices(options, ['E1165'], new Map());
    expect(recordNoteChoices(options, ['E1122', 'E1165'], unticked).size).toBe(0);
  });
});
