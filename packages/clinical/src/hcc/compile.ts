import type { CompiledRow } from './conditions';
import { CONTINUING_CELLS, NEW_ENROLLEE_CELLS, isNewEnrolleeSegment } from './demographics';
import type { TableHccModel } from './model';
import { SEGMENTS, type ModelTables, type Segment } from './tables';

/** One side of an interaction: a set of HCC indexes (any present) or CMS's `DISABL` flag. */
export type FlagSource = { readonly kind: 'hccs'; readonly members: readonly number[] } | { readonly kind: 'disabled' };

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
  /** By {@link continuingCellIndex}; by {@link newEnrolleeCellIndex} for the new-enrollee table. */
  readonly continuingCells: Float64Array;
  readonly newEnrolleeCells: Float64Array;
  /** `OriginallyDisabled_Female`, `OriginallyDisabled_Male` (aged community segments). */
  readonly originallyDisabled: Float64Array;
  /** Institutional `ORIGDIS` (V28) / `ORIGDS` (V24) and `LTIMCAID`. */
  readonly institutionalOriginallyDisabled: number;
  readonly longTermMedicaid: number;
  readonly isNewEnrollee: boolean;
  readonly variables: ReadonlyMap<string, number>;
}

/** CMS names of the originally-disabled terms of the aged community segments, by sex (F, M). */
export const ORIGINALLY_DISABLED_VARIABLES = ['OriginallyDisabled_Female', 'OriginallyDisabled_Male'] as const;

/** A code's mapping, with the categories precomputed when no row carries a condition. */
export interface CompiledCode {
  readonly rows: readonly CompiledRow[];
  /** Categories (ascending, distinct) when every row is unconditional; undefined otherwise. */
  readonly fixed: readonly number[] | undefined;
  /** Dense indexes of `fixed` that are payment HCCs. */
  readonly fixedIndexes: readonly number[];
}

/** A model's tables turned into dense arrays, once, so that scoring a person allocates little. */
export interface CompiledModel {
  readonly tables: ModelTables;
  readonly codes: ReadonlyMap<string, CompiledCode>;
  /** HCC number -> dense index, -1 if not a payment HCC. */
  readonly indexOf: Int16Array;
  /** Dense index -> HCC number, ascending. */
  readonly hccOf: readonly number[];
  readonly hierarchy: readonly (readonly [number, readonly number[]])[];
  /** Dense index -> children (dense indexes) it drops; rules are in ascending parent order. */
  readonly childrenByIndex: readonly (readonly number[] | undefined)[];
  /** Dense index -> bit mask of the interaction flags (groups, single HCCs) the HCC sets. */
  readonly flagMaskByIndex: Uint32Array;
  /** Bit of CMS's `DISABL` flag in the masks. */
  readonly disabledBit: number;
  /** V28 heart rule: index of CC 223 and of the heart-failure CCs that let it stand. */
  readonly heartRule: { readonly target: number; readonly requires: readonly number[] } | undefined;
  readonly interactions: readonly {
    readonly name: string;
    readonly left: FlagSource;
    readonly right: FlagSource;
    /** Bits of the two flags in the masks. */
    readonly leftBit: number;
    readonly rightBit: number;
  }[];
  readonly segments: ReadonlyMap<Segment, CompiledSegment>;
  /** Scratch presence flags reused by each evaluation (scoring is synchronous). */
  readonly scratch: Uint8Array;
}

/** Factors and scores are held as integers in units of 1/FACTOR_UNITS. */
export const FACTOR_UNITS = 10000;

/** CMS variable names of the payment-HCC count terms, by count (10 and more share `D10P`). */
export const COUNT_VARIABLES = ['', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8', 'D9', 'D10P'] as const;

/** V28 heart rule (CMS V28 software): CC 223 stands only with CC 221, 222, 224, 225 or 226. */
const HEART_RULE_TARGET = 223;
const HEART_RULE_REQUIRES = [221, 222, 224, 225, 226];

function resolveFlag(tables: ModelTables, indexOf: Int16Array, name: string): FlagSource {
  if (name === 'DISABL') return { kind: 'disabled' };
  const hccs = tables.groups.get(name) ?? (/^HCC\d+$/.test(name) ? [Number(name.slice(3))] : undefined);
  if (!hccs) throw new Error(`${tables.name}: interaction refers to unknown flag ${name}`);
  return { kind: 'hccs', members: hccs.map((hcc) => indexOf[hcc] ?? -1).filter((index) => index >= 0) };
}

/** Factor -> units of 0.0001; throws if a factor has more than four decimals (sums would not be exact). */
function toUnits(factor: number, name: string): number {
  const units = Math.round(factor * FACTOR_UNITS);
  if (Math.abs(units - factor * FACTOR_UNITS) > 1e-6)
    throw new Error(`Factor ${name} = ${factor} has more than 4 decimals`);
  return units;
}

function compileSegment(
  tables: ModelTables,
  segment: Segment,
  hccOf: readonly number[],
  interactionNames: readonly string[],
) {
  const variables = tables.coefficients.get(segment);
  if (!variables) throw new Error(`${tables.name}: no factors for segment ${segment}`);
  const lookup = (name: string): number => toUnits(variables.get(name) ?? NaN, name);
  const compiledSegment: CompiledSegment = {
    segment,
    hcc: Float64Array.from(hccOf, (hcc) => lookup(`HCC${hcc}`)),
    interaction: Float64Array.from(interactionNames, lookup),
    count: Float64Array.from(COUNT_VARIABLES, (name) => (name === '' ? NaN : lookup(name))),
    continuingCells: Float64Array.from(CONTINUING_CELLS, lookup),
    newEnrolleeCells: Float64Array.from(NEW_ENROLLEE_CELLS, lookup),
    originallyDisabled: Float64Array.from(ORIGINALLY_DISABLED_VARIABLES, lookup),
    institutionalOriginallyDisabled: lookup(tables.institutionalOriginallyDisabled),
    longTermMedicaid: lookup('LTIMCAID'),
    isNewEnrollee: isNewEnrolleeSegment(segment),
    variables,
  };
  return compiledSegment;
}

const compiled = new WeakMap<TableHccModel, CompiledModel>();

/** The compiled form of a loaded model (built on first use). */
export function compileModel(model: TableHccModel): CompiledModel {
  const cached = compiled.get(model);
  if (cached) return cached;
  const { tables } = model;
  const hccOf = [...tables.paymentHccs];
  const indexOf = new Int16Array(Math.max(...hccOf) + 1).fill(-1);
  hccOf.forEach((hcc, index) => (indexOf[hcc] = index));
  const toIndexes = (hccs: readonly number[]): number[] => hccs.map((hcc) => indexOf[hcc] ?? -1).filter((i) => i >= 0);
  const flagNames = [...new Set(tables.interactions.flatMap((rule) => [rule.left.trim(), rule.right.trim()]))];
  if (flagNames.length > 32) throw new Error(`${tables.name}: more than 32 interaction flags`);
  const bitOf = (name: string): number => 2 ** flagNames.indexOf(name.trim());
  const flagMaskByIndex = new Uint32Array(hccOf.length);
  for (const name of flagNames) {
    const source = resolveFlag(tables, indexOf, name);
    if (source.kind === 'hccs')
      for (const member of source.members) flagMaskByIndex[member] = (flagMaskByIndex[member] ?? 0) | bitOf(name);
  }
  const interactions = tables.interactions.map((rule) => ({
    name: rule.name,
    left: resolveFlag(tables, indexOf, rule.left.trim()),
    right: resolveFlag(tables, indexOf, rule.right.trim()),
    leftBit: bitOf(rule.left),
    rightBit: bitOf(rule.right),
  }));
  const hierarchy = tables.hierarchy.map(([parent, children]) => [indexOf[parent] ?? -1, toIndexes(children)] as const);
  // Scoring walks present HCCs in ascending order, which is CMS's rule order only if the rules ascend.
  hierarchy.forEach(([parent], i) => {
    if (parent < 0 || (i > 0 && parent <= (hierarchy[i - 1]?.[0] ?? -1)))
      throw new Error(`${tables.name}: hierarchy out of order`);
  });
  const childrenByIndex: (readonly number[] | undefined)[] = hccOf.map(() => undefined);
  for (const [parent, children] of hierarchy) childrenByIndex[parent] = children;
  const segments = new Map<Segment, CompiledSegment>();
  for (const segment of SEGMENTS) {
    segments.set(
      segment,
      compileSegment(
        tables,
        segment,
        hccOf,
        interactions.map((rule) => rule.name),
      ),
    );
  }
  const codes = new Map<string, CompiledCode>();
  for (const [code, rows] of tables.mapping) {
    const unconditional = rows.every((row) => row.edit.condition === '');
    const fixed = unconditional ? [...new Set(rows.map((row) => row.hcc))].sort((a, b) => a - b) : undefined;
    codes.set(code, { rows, fixed, fixedIndexes: fixed ? toIndexes(fixed) : [] });
  }
  const result: CompiledModel = {
    tables,
    codes,
    indexOf,
    hccOf,
    hierarchy,
    childrenByIndex,
    flagMaskByIndex,
    disabledBit: flagNames.includes('DISABL') ? bitOf('DISABL') : 0,
    heartRule: tables.heartRule
      ? { target: indexOf[HEART_RULE_TARGET] ?? -1, requires: toIndexes(HEART_RULE_REQUIRES) }
      : undefined,
    interactions,
    segments,
    scratch: new Uint8Array(hccOf.length),
  };
  compiled.set(model, result);
  return result;
}
