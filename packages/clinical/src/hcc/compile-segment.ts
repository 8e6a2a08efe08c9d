import { CONTINUING_CELLS, NEW_ENROLLEE_CELLS, isNewEnrolleeSegment } from './demographics';
import type { ModelTables, Segment } from './tables';
import type { TextPoolBuilder } from './text-pool';
import { formatUnits, toUnits } from './units';

/** CMS variable names of the payment-HCC count terms, by count (10 and more share `D10P`). */
export const COUNT_VARIABLES = ['', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8', 'D9', 'D10P'] as const;

/** CMS names of the originally-disabled terms of the aged community segments, by sex (F, M). */
export const ORIGINALLY_DISABLED_VARIABLES = ['OriginallyDisabled_Female', 'OriginallyDisabled_Male'] as const;

/**
 * A segment's factors laid out by HCC index, interaction index and payment-HCC count, in units of
 * 0.0001 (CMS publishes at most three decimals, so sums are exact integers); NaN = not in the segment.
 */
export interface CompiledSegment {
  readonly segment: Segment;
  readonly hcc: Float64Array;
  readonly interaction: Float64Array;
  /** Index 1..10: `D1`..`D9`, `D10P`. */
  readonly count: Float64Array;
  /** By `continuingCellIndex`, and by `newEnrolleeCellIndex` for the new-enrollee tables. */
  readonly continuingCells: Float64Array;
  readonly newEnrolleeCells: Float64Array;
  /** `OriginallyDisabled_Female`, `OriginallyDisabled_Male` (aged community segments). */
  readonly originallyDisabled: Float64Array;
  /** Institutional `ORIGDIS` (V28) / `ORIGDS` (V24) and `LTIMCAID`. */
  readonly institutionalOriginallyDisabled: number;
  readonly longTermMedicaid: number;
  readonly isNewEnrollee: boolean;
  readonly variables: ReadonlyMap<string, number>;
  /** Handles (in the model's text pool) of each term's JSON text (`"HCC37":0.166`), parallel to the arrays above. */
  readonly text: {
    readonly hcc: Int32Array;
    readonly interaction: Int32Array;
    readonly count: Int32Array;
    readonly continuingCells: Int32Array;
    readonly newEnrolleeCells: Int32Array;
    readonly originallyDisabled: Int32Array;
    readonly institutionalOriginallyDisabled: number;
    readonly longTermMedicaid: number;
  };
}

/** Lays out one segment's factors (and their JSON text) for the model's HCCs and interactions. */
export function compileSegment(
  tables: ModelTables,
  segment: Segment,
  hccOf: readonly number[],
  interactionNames: readonly string[],
  pool: TextPoolBuilder,
): CompiledSegment {
  const variables = tables.coefficients.get(segment);
  if (!variables) throw new Error(`${tables.name}: no factors for segment ${segment}`);
  const lookup = (name: string): number => toUnits(variables.get(name) ?? NaN, name);
  const text = (name: string): number => pool.add(name === '' ? '' : `"${name}":${formatUnits(lookup(name))}`);
  const hccNames = hccOf.map((hcc) => `HCC${hcc}`);
  return {
    segment,
    hcc: Float64Array.from(hccNames, lookup),
    interaction: Float64Array.from(interactionNames, lookup),
    count: Float64Array.from(COUNT_VARIABLES, (name) => (name === '' ? NaN : lookup(name))),
    continuingCells: Float64Array.from(CONTINUING_CELLS, lookup),
    newEnrolleeCells: Float64Array.from(NEW_ENROLLEE_CELLS, lookup),
    originallyDisabled: Float64Array.from(ORIGINALLY_DISABLED_VARIABLES, lookup),
    institutionalOriginallyDisabled: lookup(tables.institutionalOriginallyDisabled),
    longTermMedicaid: lookup('LTIMCAID'),
    isNewEnrollee: isNewEnrolleeSegment(segment),
    variables,
    text: {
      hcc: Int32Array.from(hccNames, text),
      interaction: Int32Array.from(interactionNames, text),
      count: Int32Array.from(COUNT_VARIABLES, text),
      continuingCells: Int32Array.from(CONTINUING_CELLS, text),
      newEnrolleeCells: Int32Array.from(NEW_ENROLLEE_CELLS, text),
      originallyDisabled: Int32Array.from(ORIGINALLY_DISABLED_VARIABLES, text),
      institutionalOriginallyDisabled: text(tables.institutionalOriginallyDisabled),
      longTermMedicaid: text('LTIMCAID'),
    },
  };
}
