import type { CompiledRow } from './conditions';
import type { HccModelName } from './types';

/** Scoring segments, named as CMS prefixes them in its coefficient files (`CNA_HCC85`). */
export const SEGMENTS = ['CNA', 'CND', 'CPA', 'CPD', 'CFA', 'CFD', 'INS', 'NE', 'SNPNE'] as const;
export type Segment = (typeof SEGMENTS)[number];

/** An interaction term: the product of two flags (a group of HCCs, one HCC, or `DISABL`). */
export interface InteractionRule {
  readonly name: string;
  readonly left: string;
  readonly right: string;
}

/** Everything a model needs at run time, loaded once from `data/hcc`. */
export interface ModelTables {
  readonly name: HccModelName;
  /** Dotless upper-case ICD-10-CM code -> its mapping rows. */
  readonly mapping: ReadonlyMap<string, readonly CompiledRow[]>;
  readonly labels: ReadonlyMap<number, string>;
  /** Hierarchy rules in CMS's order (ascending parent): parent -> children it drops. */
  readonly hierarchy: readonly (readonly [number, readonly number[]])[];
  readonly paymentHccs: readonly number[];
  /** Diagnostic groups used by interactions, e.g. `HF_V28` -> [221, ..., 226]. */
  readonly groups: ReadonlyMap<string, readonly number[]>;
  readonly interactions: readonly InteractionRule[];
  /**
   * CMS variable name (without segment prefix) -> its words: `D1` "1 payment HCC", `DIABETES_HF_V28`
   * "Diabetes*Heart Failure", `F65_69` "Female 65-69".
   */
  readonly variableLabels: ReadonlyMap<string, string>;
  /** Segment -> CMS variable name (without segment prefix) -> relative factor. */
  readonly coefficients: ReadonlyMap<Segment, ReadonlyMap<string, number>>;
  /** CMS variable names of the institutional "originally disabled" term (V28 `ORIGDIS`, V24 `ORIGDS`). */
  readonly institutionalOriginallyDisabled: string;
  /** Whether CMS drops CC 223 unless another heart-failure CC is present (V28 only). */
  readonly heartRule: boolean;
}

/** Adds a factor to a segment's coefficient table, creating it on first use. */
export function setCoefficient(
  coefficients: Map<Segment, Map<string, number>>,
  segment: Segment,
  variable: string,
  value: number,
): void {
  if (!Number.isFinite(value)) throw new Error(`Bad coefficient for ${segment}_${variable}`);
  let table = coefficients.get(segment);
  if (!table) {
    table = new Map();
    coefficients.set(segment, table);
  }
  table.set(variable, value);
}

/** Parses `HCC17` (or `17`, `92.0`) to 17; throws on anything else. */
export function parseHccNumber(text: string): number {
  const match = /^(?:HCC)?(\d+)(?:\.0)?$/.exec(text.trim());
  if (!match) throw new Error(`Not an HCC: '${text}'`);
  return Number(match[1]);
}

/**
 * Parses a CMS SAS hierarchy macro (`%SET0(CC=17, HIER=%STR(18, 19, ...));`, possibly across line
 * breaks) into rules in file order.
 */
export function parseSasHierarchy(text: string): [number, number[]][] {
  const rules: [number, number[]][] = [];
  const pattern = /%SET0\(\s*CC\s*=\s*(\d+)\s*,\s*HIER\s*=\s*%STR\(([\d,\s]+)\)\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    const children = (match[2] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map(Number);
    rules.push([Number(match[1]), children]);
  }
  return rules;
}

/** Parses a CMS SAS label macro (`HCC1 ="HIV/AIDS "`) into HCC number -> label. */
export function parseSasLabels(text: string): Map<number, string> {
  const labels = new Map<number, string>();
  for (const match of text.matchAll(/^\s*HCC(\d+)\s*="([^"]*)"/gm))
    labels.set(Number(match[1]), (match[2] ?? '').trim());
  return labels;
}
