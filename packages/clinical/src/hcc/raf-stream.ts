import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';
import { FastLine, readFastLine } from './fast-line';
import { LineWriter } from './line-writer';
import { writeFastLine, writeScoredLine } from './raf-line';
import { compiledModelFor, type RafOptions } from './score';

const USAGE =
  'usage: raf [--model v28|v24] [--no-mce] [--normalization FACTOR] [--coding-adjustment FRACTION] [--stats]';

/** Command line settings: scoring options, and whether to print run statistics on stderr. */
export interface RafArguments {
  options: RafOptions;
  stats: boolean;
}

function parseNumber(flag: string, value: string | undefined, valid: (n: number) => boolean): number | string {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && valid(number)
    ? number
    : `${flag} needs a valid number`;
}

/** Parses the command line's flags. */
export function parseRafArguments(args: readonly string[]): RafArguments | { error: string } {
  const options: RafOptions = {};
  let stats = false;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--model') {
      const model = args[++i];
      if (model !== 'v28' && model !== 'v24') return { error: `--model must be v28 or v24\n${USAGE}` };
      options.model = model;
    } else if (flag === '--no-mce') options.applyMce = false;
    else if (flag === '--stats') stats = true;
    else if (flag === '--normalization' || flag === '--coding-adjustment') {
      const value = parseNumber(flag, args[++i], (n) => (flag === '--normalization' ? n > 0 : n >= 0 && n < 1));
      if (typeof value === 'string') return { error: `${value}\n${USAGE}` };
      if (flag === '--normalization') options.normalizationFactor = value;
      else options.codingAdjustment = value;
    } else return { error: `unknown argument ${flag ?? ''}\n${USAGE}` };
  }
  return { options, stats };
}

/** What a run did: lines scored and lines that yielded an error. */
export interface RafRunCounts {
  lines: number;
  errors: number;
}

const BATCH_BYTES = 1 << 16;
const EMPTY = Buffer.alloc(0);

/** Scores the input lines of a byte stream, line by line. */
class LineScorer {
  readonly counts: RafRunCounts = { lines: 0, errors: 0 };
  readonly writer = new LineWriter();
  private readonly line = new FastLine();
  private readonly model;

  constructor(private readonly options: RafOptions) {
    this.model = compiledModelFor(options);
  }

  /** Scores bytes `start`..`end` of `bytes` (a line feed or the end of `bytes` follows). */
  score(bytes: Buffer, start: number, end: number): void {
    const { writer } = this;
    if (readFastLine(this.line, bytes, start, end)) {
      this.counts.lines++;
      writeFastLine(writer, this.line, this.model, this.options);
      writer.byte(10);
      return;
    }
    // Anything the fast reader does not take exactly: JSON.parse and the full validation.
    const text = bytes.toString('utf8', start, end);
    if (text.trim() === '') return;
    this.counts.lines++;
    writeScoredLine(writer, text, this.options, this.counts);
    writer.byte(10);
  }
}

/** Whether `bytes` start with a UTF-8 byte-order mark (written by some Windows tools; not part of the first line). */
function startsWithBom(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** Reads JSONL from `input`, writes one scored line per non-blank input line to `output`. */
export async function runRafStream(input: Readable, output: Writable, options: RafOptions): Promise<RafRunCounts> {
  const scorer = new LineScorer(options);
  const { writer } = scorer;
  const flush = async (): Promise<void> => {
    if (writer.length === 0) return;
    if (!output.write(writer.take())) await once(output, 'drain');
  };
  let pending: Buffer = EMPTY;
  let first = true;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
    pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
    if (first) {
      if (pending.length < 3) continue;
      if (startsWithBom(pending)) pending = pending.subarray(3);
      first = false;
    }
    let start = 0;
    for (let end = pending.indexOf(10); end !== -1; end = pending.indexOf(10, start)) {
      scorer.score(pending, start, end);
      start = end + 1;
      if (writer.length >= BATCH_BYTES) await flush();
    }
    pending = pending.subarray(start);
  }
  if (first && startsWithBom(pending)) pending = pending.subarray(3);
  scorer.score(pending, 0, pending.length);
  await flush();
  return scorer.counts;
}
