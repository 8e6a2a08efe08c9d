import type { Sex } from '../record';
import type { AgeRange, EditPerson, HccCodeEdit } from './types';

/** A mapping row compiled for fast evaluation: ages as half-open [low, high) over whole years. */
export interface CompiledRow {
  readonly hcc: number;
  readonly ageLow: number;
  readonly ageHigh: number;
  readonly sex: Sex | undefined;
  readonly mceLow: number;
  readonly mceHigh: number;
  readonly edit: HccCodeEdit;
}

const COMPARISON = /^age\s*(<=|>=|<|>|=)\s*(\d+)$/;
const BETWEEN = /^(\d+)\s*<=\s*age\s*<=\s*(\d+)$/;

/**
 * Parses the age predicates of the CMS mapping table (`age < 50`, `age >= 18`, `age = 0`,
 * `0 <= age <= 17`) into an inclusive range of whole years. Anything else throws: a silently ignored
 * edit would give a score that looks right and is wrong.
 */
export function parseAgeCondition(text: string): AgeRange | undefined {
  const condition = text.trim();
  if (condition === '') return undefined;
  const between = BETWEEN.exec(condition);
  if (between) return { min: Number(between[1]), max: Number(between[2]) };
  const comparison = COMPARISON.exec(condition);
  if (!comparison) throw new Error(`Unknown CMS age condition '${text}'`);
  const bound = Number(comparison[2]);
  const operator = comparison[1] ?? '=';
  switch (operator) {
    case '<':
      return { min: 0, max: bound - 1 };
    case '<=':
      return { min: 0, max: bound };
    case '>':
      return { min: bound + 1, max: undefined };
    case '>=':
      return { min: bound, max: undefined };
    default:
      return { min: bound, max: bound };
  }
}

/** CMS's wording of a range, e.g. `age < 50`, `age >= 18`, `0 <= age <= 17`. */
export function describeAgeRange(range: AgeRange): string {
  if (range.max === undefined) return `age >= ${range.min}`;
  if (range.min === range.max) return `age = ${range.min}`;
  return range.min === 0 ? `age < ${range.max + 1}` : `${range.min} <= age <= ${range.max}`;
}

/**
 * Builds a compiled row from its conditions. `wording` keeps CMS's own text of a condition (e.g.
 * `0 <= age <= 17`) for display; without it the text is derived from the range.
 */
export function compileRow(
  hcc: number,
  conditions: Omit<HccCodeEdit, 'hcc' | 'condition'>,
  wording: { age?: string; mceAge?: string } = {},
): CompiledRow {
  const parts: string[] = [];
  if (conditions.age) parts.push(wording.age?.trim() || describeAgeRange(conditions.age));
  if (conditions.sex) parts.push(`sex = ${conditions.sex}`);
  if (conditions.mceAge) parts.push(`MCE ${wording.mceAge?.trim() || describeAgeRange(conditions.mceAge)}`);
  const edit: HccCodeEdit = { hcc, ...conditions, condition: parts.join(' and ') };
  return {
    hcc,
    ageLow: conditions.age?.min ?? 0,
    ageHigh: conditions.age?.max === undefined ? Infinity : conditions.age.max + 1,
    sex: conditions.sex,
    mceLow: conditions.mceAge?.min ?? 0,
    mceHigh: conditions.mceAge?.max === undefined ? Infinity : conditions.mceAge.max + 1,
    edit,
  };
}

/**
 * Whether a row applies to a person. An unknown sex takes the male rows: CMS's base mapping is the
 * male one and its software only re-maps D66/D67 when SEX = 2 (female).
 */
export function rowApplies(row: CompiledRow, person: EditPerson, applyMce: boolean): boolean {
  const { age } = person;
  if (age < row.ageLow || age >= row.ageHigh) return false;
  if (applyMce && (age < row.mceLow || age >= row.mceHigh)) return false;
  if (row.sex === undefined) return true;
  return row.sex === (person.sex ?? 'M');
}
