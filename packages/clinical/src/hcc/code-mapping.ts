import type { CompiledRow } from './conditions';
import type { Sex } from '../record';

/** A code's condition categories for one person: ascending, with their dense indexes and JSON text. */
export interface CodeMapping {
  readonly categories: readonly number[];
  /** Dense indexes of the categories that are payment HCCs. */
  readonly indexes: readonly number[];
  /** `[37]`, as the command line writes it. */
  readonly json: string;
}

/** A code's mapping rows, with the mapping precomputed when no row carries a condition. */
export interface CompiledCode {
  readonly rows: readonly CompiledRow[];
  readonly fixed: CodeMapping | undefined;
  /** Mappings of a conditional code by sex, MCE switch and age (see {@link mappingSlot}), filled on first use. */
  readonly byPerson: (CodeMapping | undefined)[] | undefined;
}

/** Ages 0..125 are cached per conditional code. */
const CACHED_AGES = 126;

/** Cache slot of a person in {@link CompiledCode.byPerson}, or -1 when not cached (unusual age). */
export function mappingSlot(age: number, sex: Sex | undefined, applyMce: boolean): number {
  if (!Number.isInteger(age) || age < 0 || age >= CACHED_AGES) return -1;
  return ((sex === 'F' ? 0 : 2) + (applyMce ? 1 : 0)) * CACHED_AGES + age;
}

/** Builds the mapping of a set of categories (ascending, distinct). */
export function buildCodeMapping(categories: readonly number[], indexOf: Int16Array): CodeMapping {
  return {
    categories: Object.freeze([...categories]),
    indexes: categories.map((hcc) => indexOf[hcc] ?? -1).filter((index) => index >= 0),
    json: `[${categories.join(',')}]`,
  };
}

/** Compiles every code of a model's mapping. */
export function compileCodes(
  mapping: ReadonlyMap<string, readonly CompiledRow[]>,
  indexOf: Int16Array,
): Map<string, CompiledCode> {
  const codes = new Map<string, CompiledCode>();
  for (const [code, rows] of mapping) {
    const unconditional = rows.every((row) => row.edit.condition === '');
    const categories = [...new Set(rows.map((row) => row.hcc))].sort((a, b) => a - b);
    codes.set(code, {
      rows,
      fixed: unconditional ? buildCodeMapping(categories, indexOf) : undefined,
      byPerson: unconditional ? undefined : new Array<CodeMapping | undefined>(4 * CACHED_AGES),
    });
  }
  return codes;
}
