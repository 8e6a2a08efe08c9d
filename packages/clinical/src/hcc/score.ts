import type { Sex } from '../record';
import { compileModel, type CompiledModel } from './compile';
import type { CompiledSegment } from './compile-segment';
import {
  scoreSegment,
  type DemographicIndexes,
  type SegmentUnits,
  type TermKind,
  type UnitTerm,
} from './score-segment';
import {
  continuingCellIndex,
  isOriginallyDisabled,
  newEnrolleeCellIndex,
  segmentsForAge,
  type Orec,
} from './demographics';
import {
  codesForHcc,
  evaluateDiagnoses,
  evaluateDiagnosisBytes,
  type CodeBytes,
  type DiagnosisState,
  type DroppedHcc,
} from './evaluate';
import { getTableModel } from './model';
import type { Segment } from './tables';
import { fromUnits } from './units';
import type { HccModelName } from './types';

/** One beneficiary to score. */
export interface RafInput {
  /** Age in whole years as of February 1 of the payment year (CMS). */
  age: number;
  sex: Sex;
  orec: Orec;
  /** Medicaid: institutional `LTIMCAID` and the new-enrollee `MCAID` cells. */
  medicaid: boolean;
  segment: Segment;
  /** ICD-10-CM codes (dots and case are normalised). */
  diagnoses: readonly string[];
}

/** Scoring options; normalisation and the MA coding-pattern adjustment come from the yearly Rate Announcement. */
export interface RafOptions {
  /** Default `v28`. */
  model?: HccModelName;
  /** Apply the Medicare Code Editor age ranges (default true, as CMS's software). */
  applyMce?: boolean;
  /** Divides the raw score, e.g. 1.067 for V28 in PY2026 (Rate Announcement). */
  normalizationFactor?: number;
  /** MA coding-pattern adjustment as a fraction, e.g. 0.059 (statutory minimum 5.9 %). */
  codingAdjustment?: number;
}

/** One scored term: a CMS variable that is 1 for the person in the segment and the factor it added. */
export interface RafTerm {
  variable: string;
  factor: number;
  kind: TermKind;
  /** For `hcc` terms: the HCC and the codes that produced it. */
  hcc?: number;
  codes?: string[];
}

export interface SegmentScore {
  raf: number;
  demographic: number;
}

export interface RafResult {
  model: HccModelName;
  segment: Segment;
  /** Raw risk score: the sum of the segment's factors, rounded to 4 decimals. */
  raf: number;
  rafDemographic: number;
  /** raf / normalizationFactor x (1 - codingAdjustment), when a normalisation factor is given. */
  paymentRaf: number | undefined;
  /** Payment HCCs after the heart rule and hierarchies, ascending. */
  hccs: number[];
  paymentHccCount: number;
  /** CMS names of the interaction terms scored in the segment. */
  interactions: string[];
  /** Code -> condition categories after the age/sex edits, before hierarchies. */
  hccMap: Record<string, number[]>;
  terms: RafTerm[];
  dropped: DroppedHcc[];
  /** Raw and demographic score of every segment that applies at the person's age. */
  scores: Partial<Record<Segment, SegmentScore>>;
}

const round4 = (value: number): number => Math.round(value * 10000) / 10000;

/** The scoring run of one beneficiary, before it is shaped for the library or the command line. */
export interface RafComputation {
  readonly model: CompiledModel;
  /** The requested segment. */
  readonly segment: Segment;
  readonly state: DiagnosisState;
  /** Scores in units of 1/FACTOR_UNITS. */
  readonly primary: SegmentUnits;
  /** Terms of the requested segment (HCC terms without their codes). */
  readonly terms: UnitTerm[];
  /** Every segment that applies at the age, in CMS order, with its (unrounded) score. */
  readonly segments: readonly Segment[];
  readonly segmentScores: readonly SegmentUnits[];
}

function checkSegment(input: RafInput): readonly Segment[] {
  const segments = segmentsForAge(input.age);
  if (!segments.includes(input.segment)) {
    throw new RangeError(`segment ${input.segment} does not apply at age ${input.age} (${segments.join(', ')} do)`);
  }
  return segments;
}

/** Runs CMS's scoring for one beneficiary; throws a RangeError when the segment does not apply at that age. */
export function computeRaf(input: RafInput, options: RafOptions, codesAreNormalized = false): RafComputation {
  const model = compiledModelFor(options);
  const segments = checkSegment(input);
  const state = evaluateDiagnoses(model, input, input.diagnoses, {
    applyMce: options.applyMce ?? true,
    codesAreNormalized,
  });
  return scoreSegments(model, input, segments, state);
}

/**
 * {@link computeRaf} with the diagnoses read as bytes (`input.diagnoses` is not read): the command
 * line's fast path, which never makes a string of a code.
 */
export function computeRafFromBytes(
  model: CompiledModel,
  input: RafInput,
  options: RafOptions,
  codes: CodeBytes,
): RafComputation {
  const segments = checkSegment(input);
  const state = evaluateDiagnosisBytes(model, input, codes, options.applyMce ?? true);
  return scoreSegments(model, input, segments, state);
}

/** The compiled model the options name. */
export function compiledModelFor(options: RafOptions): CompiledModel {
  return compileModel(getTableModel(options.model ?? 'v28'));
}

/** Per model, the compiled segments of each segment list (segmentsForAge hands out two lists). */
const compiledLists = new WeakMap<CompiledModel, Map<readonly Segment[], readonly (CompiledSegment | undefined)[]>>();

function compiledSegmentsOf(
  model: CompiledModel,
  segments: readonly Segment[],
): readonly (CompiledSegment | undefined)[] {
  let lists = compiledLists.get(model);
  if (!lists) {
    lists = new Map();
    compiledLists.set(model, lists);
  }
  let compiled = lists.get(segments);
  if (!compiled) {
    compiled = segments.map((segment) => model.segments.get(segment));
    if (lists.size > 16) lists.clear();
    lists.set(segments, compiled);
  }
  return compiled;
}

function scoreSegments(
  model: CompiledModel,
  input: RafInput,
  segments: readonly Segment[],
  state: DiagnosisState,
): RafComputation {
  const demographics: DemographicIndexes = {
    continuingCell: continuingCellIndex(input),
    newEnrolleeCell: newEnrolleeCellIndex(input),
    originallyDisabled: isOriginallyDisabled(input) ? (input.sex === 'F' ? 0 : 1) : -1,
    medicaid: input.medicaid,
  };
  const terms: UnitTerm[] = [];
  const segmentScores: SegmentUnits[] = [];
  let primary: SegmentUnits = { raf: 0, demographic: 0 };
  const compiledSegments = compiledSegmentsOf(model, segments);
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const compiled = compiledSegments[index];
    if (!compiled) throw new Error(`${model.tables.name}: no segment ${segment ?? ''}`);
    const isPrimary = segment === input.segment;
    const score = scoreSegment(model, compiled, state, demographics, isPrimary ? terms : undefined);
    segmentScores.push(score);
    if (isPrimary) primary = score;
  }
  return { model, segment: input.segment, state, primary, terms, segments, segmentScores };
}

/** raw / normalisation factor x (1 - MA coding-pattern adjustment), rounded to 4 decimals. */
export function paymentRaf(raw: number, normalizationFactor: number, codingAdjustment = 0): number {
  if (!(normalizationFactor > 0)) throw new RangeError('normalization factor must be positive');
  if (!(codingAdjustment >= 0 && codingAdjustment < 1)) throw new RangeError('coding adjustment must be in [0, 1)');
  return round4((raw / normalizationFactor) * (1 - codingAdjustment));
}

/**
 * Scores a beneficiary as CMS's software does, in the requested segment and in every segment that
 * applies at their age, with the breakdown: which code produced which HCC, what the heart rule and
 * hierarchies dropped, and the factor of each term. Throws a RangeError when the requested segment
 * does not apply at that age.
 */
export function scoreRaf(input: RafInput, options: RafOptions = {}): RafResult {
  const run = computeRaf(input, options);
  const { state } = run;
  const scores: Partial<Record<Segment, SegmentScore>> = {};
  run.segments.forEach((segment, index) => {
    const score = run.segmentScores[index];
    if (score) scores[segment] = { raf: fromUnits(score.raf), demographic: fromUnits(score.demographic) };
  });
  const raf = fromUnits(run.primary.raf);
  return {
    model: run.model.tables.name,
    segment: input.segment,
    raf,
    rafDemographic: fromUnits(run.primary.demographic),
    paymentRaf:
      options.normalizationFactor === undefined
        ? undefined
        : paymentRaf(raf, options.normalizationFactor, options.codingAdjustment),
    hccs: run.state.presentIndexes.map((index) => run.model.hccOf[index] ?? 0),
    paymentHccCount: run.state.presentIndexes.length,
    interactions: run.terms.filter((term) => term.kind === 'interaction').map((term) => term.variable),
    hccMap: Object.fromEntries(
      state.codes.map((code, index) => [code, [...(state.mappings[index]?.categories ?? [])]]),
    ),
    terms: run.terms.map(({ variable, units, kind, hcc }) =>
      hcc === undefined
        ? { variable, factor: fromUnits(units), kind }
        : { variable, factor: fromUnits(units), kind, hcc, codes: codesForHcc(state, hcc) },
    ),
    dropped: run.state.dropped.map((drop) => ({ ...drop, codes: codesForHcc(state, drop.hcc) })),
    scores,
  };
}
