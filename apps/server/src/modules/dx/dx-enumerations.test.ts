import { type SUSPECT_KINDS, EXPLANATION_GROUPS as WIRE_GROUPS, type DxItem } from '@cairn/contracts';
import { EXPLANATION_GROUPS, type SuggestionCategory, type SuspectKind } from '@cairn/clinical';
import { describe, expect, expectTypeOf, it } from 'vitest';

/**
 * The contracts carry the clinical engine's enumerations to the browser (the web never loads the
 * engine): the two lists must stay the same, or a suggestion could fail its own response schema.
 */
describe('the enumerations the diagnosis tab sends', () => {
  it('are the clinical engine’s', () => {
    expect([...WIRE_GROUPS]).toEqual([...EXPLANATION_GROUPS]);
    expectTypeOf<SuspectKind>().toEqualTypeOf<(typeof SUSPECT_KINDS)[number]>();
    expectTypeOf<SuggestionCategory>().toEqualTypeOf<DxItem['category']>();
  });
});
