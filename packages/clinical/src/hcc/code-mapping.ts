import { rowApplies, type CompiledRow } from './conditions';
import type { EditPerson } from './types';

/** A code's condition categories for one person: ascending, with their dense indexes and JSON text. */
export interface CodeMapping {
  readonly categories: readonly number[];
  /** Dense indexes of the categories that are payment HCCs. */
  readonly indexes: readonly number[];
  /** `[37]`, as the command line writes it. */
  readonly json: string;
  /** {@link json} as ASCII bytes. */
  readonly bytes: Uint8Array;
}

/**
 * A code's mapping rows with every possible mapping precomputed. The rows' conditions compare the
 * age with a few bounds and test the sex, so the mapping is constant between consecutive bounds:
 * one mapping per (sex, MCE switch, age interval).
 */
export interface CompiledCode {
  readonly rows: readonly CompiledRow[];
  /** The mapping when no row carries a condition. */
  readonly fixed: CodeMapping | undefined;
  /** Ascending age bounds where some condition changes (empty for a fixed code). */
  readonly bounds: readonly number[];
  /** By `(sexIndex * 2 + mce) * (bounds.length + 1) + interval`, sexIndex F 0 / M or unknown 1. */
  readonly byInterval: readonly CodeMapping[];
}

/** Builds the mapping of a set of categories (ascending, distinct). */
export function buildCodeMapping(categories: readonly number[], indexOf: Int16Array): CodeMapping {
  const json = `[${categories.join(',')}]`;
  return {
    categories: Object.freeze([...categories]),
    indexes: categories.map((hcc) => indexOf[hcc] ?? -1).filter((index) => index >= 0),
    json,
    bytes: Uint8Array.from(json, (char) => char.charCodeAt(0)),
  };
}

/**
 * Hands out one shared mapping per distinct set of categories: some 8,000 codes map to a few hundred
 * sets, so scoring reads a few hundred small objects that stay in cache instead of one per code.
 */
class MappingCache {
  private readonly known = new Map<string, CodeMapping>();

  constructor(private readonly indexOf: Int16Array) {}

  get(categories: readonly number[]): CodeMapping {
    const key = categories.join(',');
    let mapping = this.known.get(key);
    if (!mapping) {
      mapping = buildCodeMapping(categories, this.indexOf);
      this.known.set(key, mapping);
    }
    return mapping;
  }
}

function mappingAt(
  rows: readonly CompiledRow[],
  person: EditPerson,
  applyMce: boolean,
  cache: MappingCache,
): CodeMapping {
  const categories = [...new Set(rows.filter((row) => rowApplies(row, person, applyMce)).map((row) => row.hcc))];
  return cache.get(categories.sort((a, b) => a - b));
}

function compileCode(rows: readonly CompiledRow[], cache: MappingCache): CompiledCode {
  if (rows.every((row) => row.edit.condition === '')) {
    const categories =
      rows.length === 1 ? rows.map((row) => row.hcc) : [...new Set(rows.map((row) => row.hcc))].sort((a, b) => a - b);
    return { rows, fixed: cache.get(categories), bounds: [], byInterval: [] };
  }
  const bounds = [
    ...new Set(
      rows
        .flatMap((row) => [row.ageLow, row.ageHigh, row.mceLow, row.mceHigh])
        .filter((bound) => bound > 0 && bound !== Infinity),
    ),
  ].sort((a, b) => a - b);
  const starts = [0, ...bounds];
  const byInterval: CodeMapping[] = [];
  for (const sex of ['F', 'M'] as const) {
    for (const applyMce of [false, true]) {
      for (const age of starts) byInterval.push(mappingAt(rows, { age, sex }, applyMce, cache));
    }
  }
  return { rows, fixed: undefined, bounds, byInterval };
}

/** Compiles every code of a model's mapping. */
export function compileCodes(
  mapping: ReadonlyMap<string, readonly CompiledRow[]>,
  indexOf: Int16Array,
): Map<string, CompiledCode> {
  const codes = new Map<string, CompiledCode>();
  const cache = new MappingCache(indexOf);
  for (const [code, rows] of mapping) codes.set(code, compileCode(rows, cache));
  return codes;
}
