import { buildCodeIndex, type CodeIndex } from './code-index';
import { compileCodes, type CodeMapping, type CompiledCode } from './code-mapping';
import { compileSegment, type CompiledSegment } from './compile-segment';
import type { TableHccModel } from './model';
import { TextPoolBuilder, type TextPool } from './text-pool';
import { SEGMENTS, type ModelTables, type Segment } from './tables';

/** One side of an interaction: a set of HCC indexes (any present) or CMS's `DISABL` flag. */
export type FlagSource = { readonly kind: 'hccs'; readonly members: readonly number[] } | { readonly kind: 'disabled' };

/** A model's tables turned into dense arrays, once, so that scoring a person allocates little. */
export interface CompiledModel {
  readonly tables: ModelTables;
  readonly codes: ReadonlyMap<string, CompiledCode>;
  /** Code -> code id (see `code-index.ts`); the arrays below are by code id. */
  readonly codeIndex: CodeIndex;
  readonly codeEntries: readonly CompiledCode[];
  /** The mapping of a code without conditions (undefined for a conditional code). */
  readonly fixedById: readonly (CodeMapping | undefined)[];
  /**
   * Conditional codes (age/sex/MCE edits) in flat arrays, so a lookup reads a few cached numbers rather
   * than the code's objects: code id -> position (-1 for an unconditional code); per position
   * `conditionalStride - 1` ascending age bounds (padded with Infinity) and `4 * conditionalStride`
   * mappings by `((sex F 0, M or unknown 1) * 2 + MCE switch) * conditionalStride + interval`.
   */
  readonly conditionalAt: Int32Array;
  /**
   * Code id -> its mapping in one small table: a handle into `fixedMappings` (the few hundred shared
   * mappings) for an unconditional code, `-(position + 1)` for a conditional one. Scoring reads this
   * one 16-bit entry per code instead of a pointer and a range from three arrays of 8,000.
   */
  readonly mappingOfCode: Int16Array;
  readonly fixedMappings: readonly CodeMapping[];
  readonly conditionalStride: number;
  readonly conditionalBounds: Float64Array;
  readonly conditionalMappings: readonly CodeMapping[];
  /** HCC number -> dense index, -1 if not a payment HCC. */
  readonly indexOf: Int16Array;
  /** Dense index -> HCC number, ascending. */
  readonly hccOf: readonly number[];
  /** Dense index -> CMS variable name (`HCC37`), made once rather than per scored term. */
  readonly hccVariables: readonly string[];
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
  /** JSON text of every segment's terms (see `text-pool.ts`). */
  readonly textPool: TextPool;
  /** Scratch presence flags reused by each evaluation (scoring is synchronous). */
  readonly scratch: Uint8Array;
}
/** V28 heart rule (CMS V28 software): CC 223 stands only with CC 221, 222, 224, 225 or 226. */
const HEART_RULE_TARGET = 223;
const HEART_RULE_REQUIRES = [221, 222, 224, 225, 226];

function resolveFlag(tables: ModelTables, indexOf: Int16Array, name: string): FlagSource {
  if (name === 'DISABL') return { kind: 'disabled' };
  const hccs = tables.groups.get(name) ?? (/^HCC\d+$/.test(name) ? [Number(name.slice(3))] : undefined);
  if (!hccs) throw new Error(`${tables.name}: interaction refers to unknown flag ${name}`);
  return { kind: 'hccs', members: hccs.map((hcc) => indexOf[hcc] ?? -1).filter((index) => index >= 0) };
}

const compiled = new WeakMap<TableHccModel, CompiledModel>();

type ConditionalTables = Pick<
  CompiledModel,
  'conditionalAt' | 'conditionalStride' | 'conditionalBounds' | 'conditionalMappings'
>;

/** Numbers the distinct (shared) mappings of the unconditional codes; see {@link CompiledModel.mappingOfCode}. */
function indexMappings(
  fixedById: readonly (CodeMapping | undefined)[],
  conditionalAt: Int32Array,
): Pick<CompiledModel, 'mappingOfCode' | 'fixedMappings'> {
  const handles = new Map<CodeMapping, number>();
  const mappingOfCode = new Int16Array(fixedById.length);
  fixedById.forEach((mapping, id) => {
    if (!mapping) {
      mappingOfCode[id] = -((conditionalAt[id] ?? 0) + 1);
      return;
    }
    let handle = handles.get(mapping);
    if (handle === undefined) {
      handle = handles.size;
      handles.set(mapping, handle);
    }
    mappingOfCode[id] = handle;
  });
  if (handles.size > 0x7fff || conditionalAt.some((position) => position >= 0x7fff))
    throw new Error('Too many mappings for a 16-bit table');
  return { mappingOfCode, fixedMappings: [...handles.keys()] };
}

/** Lays the conditional codes' precomputed mappings out flat (see {@link CompiledModel.conditionalAt}). */
function flattenConditional(entries: readonly CompiledCode[]): ConditionalTables {
  const conditional = entries.filter((entry) => entry.fixed === undefined);
  const stride = Math.max(0, ...conditional.map((entry) => entry.bounds.length)) + 1;
  const conditionalAt = new Int32Array(entries.length).fill(-1);
  const conditionalBounds = new Float64Array(conditional.length * (stride - 1)).fill(Infinity);
  const conditionalMappings: CodeMapping[] = [];
  let position = 0;
  entries.forEach((entry, id) => {
    if (entry.fixed !== undefined) return;
    conditionalAt[id] = position;
    entry.bounds.forEach((bound, i) => (conditionalBounds[position * (stride - 1) + i] = bound));
    const intervals = entry.bounds.length + 1;
    for (let slot = 0; slot < 4; slot++) {
      for (let interval = 0; interval < stride; interval++) {
        const mapping = entry.byInterval[slot * intervals + Math.min(interval, intervals - 1)];
        if (!mapping) throw new Error('Conditional code without a mapping');
        conditionalMappings.push(mapping);
      }
    }
    position++;
  });
  return { conditionalAt, conditionalStride: stride, conditionalBounds, conditionalMappings };
}

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
  const pool = new TextPoolBuilder();
  const interactionNames = interactions.map((rule) => rule.name);
  for (const segment of SEGMENTS) segments.set(segment, compileSegment(tables, segment, hccOf, interactionNames, pool));
  const codes = compileCodes(tables.mapping, indexOf);
  const codeEntries = [...codes.values()];
  const fixedById = codeEntries.map((entry) => entry.fixed);
  const conditionalTables = flattenConditional(codeEntries);
  const result: CompiledModel = {
    tables,
    codes,
    codeIndex: buildCodeIndex([...codes.keys()]),
    codeEntries,
    fixedById,
    ...conditionalTables,
    ...indexMappings(fixedById, conditionalTables.conditionalAt),
    indexOf,
    hccOf,
    hccVariables: hccOf.map((hcc) => `HCC${hcc}`),
    hierarchy,
    childrenByIndex,
    flagMaskByIndex,
    disabledBit: flagNames.includes('DISABL') ? bitOf('DISABL') : 0,
    heartRule: tables.heartRule
      ? { target: indexOf[HEART_RULE_TARGET] ?? -1, requires: toIndexes(HEART_RULE_REQUIRES) }
      : undefined,
    interactions,
    segments,
    textPool: pool.build(),
    scratch: new Uint8Array(hccOf.length),
  };
  compiled.set(model, result);
  return result;
}
