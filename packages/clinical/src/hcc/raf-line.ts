import { selectSegment } from './demographics';
import { formatUnits, fromUnits } from './units';
import { computeRaf, paymentRaf, type RafComputation, type RafInput, type RafOptions, type RafResult } from './score';
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

function writeError(id: unknown, error: string, counts: { errors: number } | undefined): string {
  if (counts) counts.errors++;
  const line: RafLineError = { id, error };
  return JSON.stringify(line);
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
 * Writes the output line by hand: keys are CMS variable names and validated codes (no characters
 * that need escaping), and skipping per-line objects keeps the command line above its budget.
 */
export function writeRafLine(id: string | number, run: RafComputation, options: RafOptions): string {
  const { model, state } = run;
  let hccMap = '';
  for (let index = 0; index < state.codes.length; index++) {
    hccMap += `${index === 0 ? '' : ','}"${state.codes[index] ?? ''}":${state.mappings[index]?.json ?? '[]'}`;
  }
  let terms = '';
  const interactions: string[] = [];
  for (const term of run.terms) {
    terms += terms === '' ? term.text : `,${term.text}`;
    if (term.kind === 'interaction') interactions.push(`"${term.variable}"`);
  }
  let scores = '';
  for (let index = 0; index < run.segments.length; index++) {
    const score = run.segmentScores[index];
    if (!score) continue;
    scores += `${scores === '' ? '' : ','}"${run.segments[index] ?? ''}":{"raf":${formatUnits(score.raf)},"demographic":${formatUnits(score.demographic)}}`;
  }
  const raf = fromUnits(run.primary.raf);
  const hccs = state.presentIndexes.map((index) => model.hccOf[index] ?? 0);
  const payment =
    options.normalizationFactor === undefined
      ? ''
      : `,"raf_payment":${paymentRaf(raf, options.normalizationFactor, options.codingAdjustment)}`;
  return (
    `{"id":${JSON.stringify(id)},"segment":"${run.segment}",` +
    `"raf":${formatUnits(run.primary.raf)},"raf_demographic":${formatUnits(run.primary.demographic)},"hccs":[${hccs.join(',')}],` +
    `"payment_hcc_count":${hccs.length},"interactions":[${interactions.join(',')}],"hcc_map":{${hccMap}},` +
    `"terms":{${terms}},"scores":{${scores}}${payment}}`
  );
}

/**
 * Scores one JSONL input line of the `raf` command line. Never throws for bad input: a line that
 * cannot be scored yields `{ id, error }` naming what is wrong (counted in `counts` when given).
 */
export function scoreRafLine(text: string, options: RafOptions = {}, counts?: { errors: number }): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return writeError(null, 'line is not valid JSON', counts);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return writeError(null, 'line must be a JSON object', counts);
  }
  const line = parsed as Record<string, unknown>;
  const id = line.id ?? null;
  try {
    if (typeof id !== 'string' && typeof id !== 'number') throw new LineError('id must be a string or a number');
    return writeRafLine(id, computeRaf(readInput(line), options, true), options);
  } catch (error) {
    if (error instanceof LineError || error instanceof RangeError) return writeError(id, error.message, counts);
    throw error;
  }
}
