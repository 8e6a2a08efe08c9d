import type { CodeMapping } from './code-mapping';
import { findCode, findCodeBytes } from './code-index';
import type { CompiledModel } from './compile';
import { isDisabled, type DemographicFacts } from './demographics';

/** A condition category removed by the V28 heart rule or by a hierarchy parent. */
export interface DroppedHcc {
  hcc: number;
  /** The codes that produced it. */
  codes: string[];
  /** The parent HCC that dropped it, or `heart-rule` (V28: CC 223 without another heart-failure CC). */
  droppedBy: number | 'heart-rule';
}

/** A person's diagnoses after mapping, the heart rule, hierarchies and interactions (segment-independent). */
export interface DiagnosisState {
  /** Dense indexes of the present HCCs, ascending. */
  readonly presentIndexes: number[];
  /** Distinct normalised codes, in input order (empty when the codes were read as bytes: see `codeBytes`). */
  readonly codes: string[];
  /** Distinct codes read as ASCII bytes by {@link evaluateDiagnosisBytes}: code `i` is `bytes[starts[i]..ends[i]]`. */
  readonly codeBytes?: { readonly bytes: Uint8Array; readonly starts: number[]; readonly ends: number[] };
  /** Per code: condition categories after the age/sex edits, before the heart rule and hierarchies. */
  readonly mappings: CodeMapping[];
  /** Per code: its id in the model's code index, -1 when unmapped. */
  readonly ids: number[];
  /** Removed HCCs with what removed them (codes filled in by {@link codesForHcc}). */
  readonly dropped: { hcc: number; droppedBy: number | 'heart-rule' }[];
  /** Indexes (into the model's interactions) of the interaction terms that are 1. */
  readonly activeInteractions: number[];
}

const NO_MAPPING: CodeMapping = {
  categories: Object.freeze([]),
  indexes: [],
  json: '[]',
  bytes: Uint8Array.of(91, 93),
};
const PLAIN_CODE = /^[0-9A-Z]+$/;

/** Upper case, dot and blanks removed: `e11.22` -> `E1122`. */
export function normalizeCode(code: string): string {
  return PLAIN_CODE.test(code) ? code : code.replace(/[.\s]/g, '').toUpperCase();
}

/** The codes of a person's diagnoses that produced a condition category. */
export function codesForHcc(state: DiagnosisState, hcc: number): string[] {
  return state.codes.filter((_, index) => state.mappings[index]?.categories.includes(hcc));
}

/** Marks a payment HCC present, keeping `marked` ascending (CMS's hierarchy order) and distinct. */
function mark(present: Uint8Array, marked: number[], index: number): void {
  if (present[index] === 1) return;
  present[index] = 1;
  // Insertion by hand: Array.prototype.splice costs more than the whole rest of the mapping.
  let at = marked.length;
  marked.push(index);
  for (; at > 0 && (marked[at - 1] ?? 0) > index; at--) marked[at] = marked[at - 1] ?? 0;
  marked[at] = index;
}

/** A conditional code's mapping for this person, from the model's flat tables (`position` from `conditionalAt`). */
function conditionalMappingAt(
  model: CompiledModel,
  position: number,
  facts: DemographicFacts,
  applyMce: boolean,
): CodeMapping {
  const stride = model.conditionalStride;
  const bounds = model.conditionalBounds;
  let interval = 0;
  for (let i = position * (stride - 1), end = i + stride - 1; i < end; i++)
    if (facts.age >= (bounds[i] ?? 0)) interval++;
  const slot = (facts.sex === 'F' ? 0 : 2) + (applyMce ? 1 : 0);
  return model.conditionalMappings[(position * 4 + slot) * stride + interval] ?? NO_MAPPING;
}

/**
 * Applies the V28 heart rule, then the hierarchies: present HCCs in ascending order (CMS's rule
 * order, checked when the model is compiled), each still-present parent dropping its children.
 */
function applyHierarchies(model: CompiledModel, marked: readonly number[]): DiagnosisState['dropped'] {
  const present = model.scratch;
  const dropped: DiagnosisState['dropped'] = [];
  const heart = model.heartRule;
  if (heart && present[heart.target] === 1 && !heart.requires.some((index) => present[index] === 1)) {
    present[heart.target] = 0;
    dropped.push({ hcc: model.hccOf[heart.target] ?? 0, droppedBy: 'heart-rule' });
  }
  for (const parent of marked) {
    const children = model.childrenByIndex[parent];
    if (children === undefined || present[parent] !== 1) continue;
    for (const child of children) {
      if (present[child] !== 1) continue;
      present[child] = 0;
      dropped.push({ hcc: model.hccOf[child] ?? 0, droppedBy: model.hccOf[parent] ?? 0 });
    }
  }
  return dropped;
}

/** Appends the mapping of a known code (`id` >= 0) for this person and marks its payment HCCs. */
function mapKnownCode(
  model: CompiledModel,
  facts: DemographicFacts,
  id: number,
  applyMce: boolean,
  marked: number[],
  mappings: CodeMapping[],
): void {
  const present = model.scratch;
  const handle = model.mappingOfCode[id] ?? 0;
  const mapping =
    handle >= 0
      ? (model.fixedMappings[handle] ?? NO_MAPPING)
      : conditionalMappingAt(model, -handle - 1, facts, applyMce);
  mappings.push(mapping);
  const { indexes } = mapping;
  for (let at = 0; at < indexes.length; at++) mark(present, marked, indexes[at] ?? 0);
}

/** Maps each distinct code, marking its payment HCCs in the model's scratch flags (ascending in `marked`). */
function mapDiagnoses(
  model: CompiledModel,
  facts: DemographicFacts,
  rawCodes: readonly string[],
  options: { applyMce: boolean; codesAreNormalized: boolean },
): { codes: string[]; mappings: CodeMapping[]; marked: number[]; ids: number[] } {
  const codes: string[] = [];
  const mappings: CodeMapping[] = [];
  const marked: number[] = [];
  const ids: number[] = [];
  for (const raw of rawCodes) {
    const code = options.codesAreNormalized ? raw : normalizeCode(raw);
    const id = findCode(model.codeIndex, code);
    // Duplicates are found by code id; an unmapped code by its text.
    if (id < 0 ? codes.includes(code) : ids.includes(id)) continue;
    codes.push(code);
    ids.push(id);
    if (id < 0) mappings.push(NO_MAPPING);
    else mapKnownCode(model, facts, id, options.applyMce, marked, mappings);
  }
  return { codes, mappings, marked, ids };
}

/**
 * The heart rule, hierarchies and interaction flags over the marked HCCs, completing the state of the
 * mapped codes (`mapped`); clears the scratch flags.
 */
function finishDiagnoses(
  model: CompiledModel,
  facts: DemographicFacts,
  marked: readonly number[],
  mapped: Pick<DiagnosisState, 'codes' | 'codeBytes' | 'mappings' | 'ids'>,
): DiagnosisState {
  const dropped = applyHierarchies(model, marked);
  const present = model.scratch;
  const presentIndexes: number[] = [];
  let flags = isDisabled(facts) ? model.disabledBit : 0;
  for (const index of marked) {
    if (present[index] !== 1) continue;
    presentIndexes.push(index);
    flags |= model.flagMaskByIndex[index] ?? 0;
    present[index] = 0;
  }
  const activeInteractions: number[] = [];
  const { interactions } = model;
  for (let index = 0; index < interactions.length; index++) {
    const rule = interactions[index];
    if (rule && (flags & rule.leftBit) !== 0 && (flags & rule.rightBit) !== 0) activeInteractions.push(index);
  }
  // Built field by field rather than by an object spread (a generic property copy per person).
  return {
    presentIndexes,
    codes: mapped.codes,
    codeBytes: mapped.codeBytes,
    mappings: mapped.mappings,
    ids: mapped.ids,
    dropped,
    activeInteractions,
  };
}

/**
 * Runs the diagnosis half of CMS's software for one person: diagnoses to condition categories with
 * the age/sex (and optionally MCE) edits, the heart rule, hierarchies and the interaction flags.
 * Uses the model's scratch flags (all zero between calls), so it must not be re-entered.
 */
export function evaluateDiagnoses(
  model: CompiledModel,
  facts: DemographicFacts,
  rawCodes: readonly string[],
  options: { applyMce: boolean; codesAreNormalized: boolean },
): DiagnosisState {
  const { codes, mappings, marked, ids } = mapDiagnoses(model, facts, rawCodes, options);
  return finishDiagnoses(model, facts, marked, { codes, codeBytes: undefined, mappings, ids });
}

/** Codes held as ASCII bytes, upper case without dots: code `i` is `bytes[starts[i]..ends[i]]`. */
export interface CodeBytes {
  readonly bytes: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly count: number;
}

function sameBytes(bytes: Uint8Array, start: number, end: number, otherStart: number, otherEnd: number): boolean {
  if (end - start !== otherEnd - otherStart) return false;
  for (let i = 0; i < end - start; i++) if (bytes[start + i] !== bytes[otherStart + i]) return false;
  return true;
}

/**
 * {@link evaluateDiagnoses} for codes read as bytes (the command line's input), without making a
 * string of each code; the state names the distinct codes by their bytes (`codeBytes`).
 */
export function evaluateDiagnosisBytes(
  model: CompiledModel,
  facts: DemographicFacts,
  input: CodeBytes,
  applyMce: boolean,
): DiagnosisState {
  const { bytes } = input;
  const mappings: CodeMapping[] = [];
  const marked: number[] = [];
  const ids: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < input.count; i++) {
    const start = input.starts[i] ?? 0;
    const end = input.ends[i] ?? 0;
    const id = findCodeBytes(model.codeIndex, bytes, start, end);
    if (id >= 0 ? ids.includes(id) : hasUnmapped(bytes, ids, starts, ends, start, end)) continue;
    ids.push(id);
    starts.push(start);
    ends.push(end);
    if (id < 0) mappings.push(NO_MAPPING);
    else mapKnownCode(model, facts, id, applyMce, marked, mappings);
  }
  return finishDiagnoses(model, facts, marked, { codes: [], codeBytes: { bytes, starts, ends }, mappings, ids });
}

/** Whether an unmapped code with these bytes is already listed (duplicates of unmapped codes are found by text). */
function hasUnmapped(
  bytes: Uint8Array,
  ids: readonly number[],
  starts: readonly number[],
  ends: readonly number[],
  start: number,
  end: number,
): boolean {
  for (let k = 0; k < ids.length; k++) {
    if (ids[k] === -1 && sameBytes(bytes, start, end, starts[k] ?? 0, ends[k] ?? 0)) return true;
  }
  return false;
}
