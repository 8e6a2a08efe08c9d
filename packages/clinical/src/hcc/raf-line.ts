import { selectSegment } from './demographics';
import { LineWriter } from './line-writer';
import { fromUnits } from './units';
import type { CompiledModel } from './compile';
import type { FastLine } from './fast-line';
import {
  computeRaf,
  computeRafFromBytes,
  paymentRaf,
  type RafComputation,
  type RafInput,
  type RafOptions,
  type RafResult,
} from './score';
import { SEGMENTS, type Segment } from './tables';

/** One output line of the `raf` command line (key order as the contract lists them). */
export interface RafLineOutput {
  id: unknown;
  segment: Segment;
  raf: number;
  raf_demographic: number;
  hccs: number[];
  payment_hcc_count: number;
  interactions: string[];
  hcc_map: Record<string, number[]>;
  terms: Record<string, number>;
  scores: RafResult['scores'];
  raf_payment?: number;
}

/** The line an input that cannot be scored yields; the run goes on. */
export interface RafLineError {
  id: unknown;
  error: string;
}

class LineError extends Error {}

function writeError(writer: LineWriter, id: unknown, error: string, counts: { errors: number } | undefined): void {
  if (counts) counts.errors++;
  const line: RafLineError = { id, error };
  writer.text(JSON.stringify(line));
}

const CODE = /^[A-Z][0-9A-Z]{2,6}$/;
const OREC_VALUES = new Set(['0', '1', '2', '3']);
const DUAL_VALUES = new Set(['none', 'partial', 'full']);
const SEGMENT_VALUES: ReadonlySet<string> = new Set(SEGMENTS);

function optionalBoolean(line: Record<string, unknown>, key: string): boolean | undefined {
  const value = line[key];
  if (value === undefined || typeof value === 'boolean') return value;
  throw new LineError(`${key} must be true or false`);
}

function readDiagnoses(value: unknown): string[] {
  if (!Array.isArray(value)) throw new LineError('dx must be an array of ICD-10-CM codes');
  const codes: string[] = [];
  for (let index = 0; index < value.length; index++) {
    const code: unknown = value[index];
    if (typeof code !== 'string') throw new LineError(`dx[${index}] must be a string`);
    if (CODE.test(code)) {
      codes.push(code);
      continue;
    }
    // Accept a dotted or lower-case code (`e11.22`); anything else is not a code.
    const normalized = code.replace('.', '').toUpperCase();
    if (!CODE.test(normalized)) throw new LineError(`dx[${index}] '${code}' is not an ICD-10-CM code`);
    codes.push(normalized);
  }
  return codes;
}

function readSegment(line: Record<string, unknown>, age: number): Segment {
  const { segment } = line;
  if (typeof segment === 'string' && SEGMENT_VALUES.has(segment)) return segment as Segment;
  if (segment !== undefined) throw new LineError(`segment must be one of ${SEGMENTS.join(', ')}`);
  const dualStatus = line.dual_status ?? 'none';
  if (typeof dualStatus !== 'string' || !DUAL_VALUES.has(dualStatus)) {
    throw new LineError('dual_status must be none, partial or full');
  }
  return selectSegment({
    age,
    dualStatus: dualStatus as 'none' | 'partial' | 'full',
    institutional: optionalBoolean(line, 'institutional') ?? false,
    newEnrollee: optionalBoolean(line, 'new_enrollee') ?? false,
    snp: optionalBoolean(line, 'snp') ?? false,
  });
}

/** Validates one parsed input line; throws a message naming the first thing wrong. */
function readInput(line: Record<string, unknown>): RafInput {
  const { age, sex, orec } = line;
  if (typeof age !== 'number' || !Number.isInteger(age) || age < 0 || age > 125) {
    throw new LineError('age must be a whole number of years from 0 to 125');
  }
  if (sex !== 'F' && sex !== 'M') throw new LineError('sex must be F or M');
  const orecText = typeof orec === 'number' ? String(orec) : orec;
  if (typeof orecText !== 'string' || !OREC_VALUES.has(orecText)) throw new LineError('orec must be 0, 1, 2 or 3');
  const medicaid = optionalBoolean(line, 'medicaid');
  if (medicaid === undefined) throw new LineError('medicaid must be true or false');
  return {
    age,
    sex,
    orec: orecText as RafInput['orec'],
    medicaid,
    segment: readSegment(line, age),
    diagnoses: readDiagnoses(line.dx),
  };
}

/**
 * Writes the output line: keys are CMS variable names and validated codes (ASCII, nothing to escape),
 * so everything but the id goes into the bytes directly.
 */
export function writeRafLine(writer: LineWriter, id: string | number, run: RafComputation, options: RafOptions): void {
  writer.ascii('{"id":');
  writer.text(JSON.stringify(id));
  writeRafFields(writer, run, options);
}

/**
 * Scores a line read by the fast reader (`fast-line.ts`) into `writer` (no line break): the id and
 * the codes are copied from the input bytes as they are.
 */
export function writeFastLine(writer: LineWriter, line: FastLine, model: CompiledModel, options: RafOptions): void {
  const run = computeRafFromBytes(model, line, options, line);
  writer.ascii('{"id":');
  writer.copy(line.bytes, line.idStart, line.idEnd);
  writeRafFields(writer, run, options);
}

/** Everything after the id, and the closing brace. */
function writeRafFields(writer: LineWriter, run: RafComputation, options: RafOptions): void {
  const { model, state } = run;
  writer.ascii(',"segment":"');
  writer.ascii(run.segment);
  writer.ascii('","raf":');
  writer.units(run.primary.raf);
  writer.ascii(',"raf_demographic":');
  writer.units(run.primary.demographic);
  writer.ascii(',"hccs":[');
  const { presentIndexes } = state;
  for (let at = 0; at < presentIndexes.length; at++) {
    if (at > 0) writer.byte(44);
    writer.integer(model.hccOf[presentIndexes[at] ?? 0] ?? 0);
  }
  writer.ascii('],"payment_hcc_count":');
  writer.integer(presentIndexes.length);
  writer.ascii(',"interactions":[');
  const { terms } = run;
  let first = true;
  for (const term of terms) {
    if (term.kind !== 'interaction') continue;
    writer.ascii(first ? '"' : ',"');
    writer.ascii(term.variable);
    writer.byte(34);
    first = false;
  }
  writer.ascii('],"hcc_map":{');
  writeHccMap(writer, state);
  writer.ascii('},"terms":{');
  const { bytes, starts } = model.textPool;
  for (let at = 0; at < terms.length; at++) {
    if (at > 0) writer.byte(44);
    const text = terms[at]?.text ?? 0;
    writer.copy(bytes, starts[text] ?? 0, starts[text + 1] ?? 0);
  }
  writer.ascii('},"scores":{');
  writeScores(writer, run);
  writer.byte(125);
  if (options.normalizationFactor !== undefined) {
    writer.ascii(',"raf_payment":');
    writer.ascii(String(paymentRaf(fromUnits(run.primary.raf), options.normalizationFactor, options.codingAdjustment)));
  }
  writer.byte(125);
}

/** ASCII text as bytes. */
function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const EMPTY_LIST = asciiBytes('[]');

function writeHccMap(writer: LineWriter, state: RafComputation['state']): void {
  const { codeBytes, mappings } = state;
  for (let index = 0; index < mappings.length; index++) {
    // Mappings are shared by every code with the same categories, so their bytes stay in cache.
    const json = mappings[index]?.bytes ?? EMPTY_LIST;
    if (codeBytes) {
      writer.mapEntry(index === 0, codeBytes.bytes, codeBytes.starts[index] ?? 0, codeBytes.ends[index] ?? 0, json);
      continue;
    }
    writer.ascii(index === 0 ? '"' : ',"');
    writer.ascii(state.codes[index] ?? '');
    writer.ascii('":');
    writer.bytesOf(json);
  }
}

/** `"CNA":{"raf":` (first) and `,"CNA":{"raf":` (after it) for each segment of a list, prepared once per list. */
const scoreKeys = new Map<readonly Segment[], readonly Uint8Array[]>();
const DEMOGRAPHIC_KEY = asciiBytes(',"demographic":');

function scoreKeysOf(segments: readonly Segment[]): readonly Uint8Array[] {
  let keys = scoreKeys.get(segments);
  if (!keys) {
    keys = segments.map((segment, index) => asciiBytes(`${index === 0 ? '' : ','}"${segment}":{"raf":`));
    if (scoreKeys.size > 16) scoreKeys.clear();
    scoreKeys.set(segments, keys);
  }
  return keys;
}

function writeScores(writer: LineWriter, run: RafComputation): void {
  // The segment lists come from segmentsForAge: two lists, so two sets of keys.
  const keys = scoreKeysOf(run.segments);
  for (let index = 0; index < run.segments.length; index++) {
    const score = run.segmentScores[index];
    const key = keys[index];
    if (score && key) writer.unitsPair(key, score.raf, DEMOGRAPHIC_KEY, score.demographic);
  }
}

/**
 * Scores one JSONL input line of the `raf` command line into `writer` (no line break). Never throws
 * for bad input: a line that cannot be scored yields `{ id, error }` naming what is wrong (counted in
 * `counts` when given).
 */
export function writeScoredLine(
  writer: LineWriter,
  text: string,
  options: RafOptions,
  counts?: { errors: number },
): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    writeError(writer, null, 'line is not valid JSON', counts);
    return;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    writeError(writer, null, 'line must be a JSON object', counts);
    return;
  }
  const line = parsed as Record<string, unknown>;
  const id = line.id ?? null;
  try {
    if (typeof id !== 'string' && typeof id !== 'number') throw new LineError('id must be a string or a number');
    writeRafLine(writer, id, computeRaf(readInput(line), options, true), options);
  } catch (error) {
    if (!(error instanceof LineError || error instanceof RangeError)) throw error;
    writeError(writer, id, error.message, counts);
  }
}

/** {@link writeScoredLine} for one line, as a string. */
export function scoreRafLine(text: string, options: RafOptions = {}, counts?: { errors: number }): string {
  const writer = new LineWriter(1024);
  writeScoredLine(writer, text, options, counts);
  return writer.take().toString('utf8');
}
