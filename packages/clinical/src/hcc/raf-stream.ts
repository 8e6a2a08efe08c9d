import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';
import { LineWriter } from './line-writer';
import { writeScoredLine } from './raf-line';
import type { RafOptions } from './score';

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

/** Reads JSONL from `input`, writes one scored line per non-blank input line to `output`. */
export async function runRafStream(input: Readable, output: Writable, options: RafOptions): Promise<RafRunCounts> {
  input.setEncoding('utf8');
  const counts: RafRunCounts = { lines: 0, errors: 0 };
  const writer = new LineWriter();
  let pending = '';
  const score = (line: string): void => {
    if (line.trim() === '') return;
    counts.lines++;
    writeScoredLine(writer, line, options, counts);
    writer.ascii('\n');
  };
  const flush = async (): Promise<void> => {
    if (writer.length === 0) return;
    if (!output.write(writer.take())) await once(output, 'drain');
  };
  let first = true;
  for await (const chunk of input) {
    pending += chunk as string;
    // A UTF-8 byte-order mark (written by some Windows tools) is not part of the first line.
    if (first && pending.startsWith('\uFEFF')) pending = pending.slice(1);
    first = false;
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      score(pending.slice(start, end));
      start = end + 1;
      if (writer.length >= BATCH_BYTES) await flush();
    }
    pending = pending.slice(start);
  }
  score(pending);
  await flush();
  return counts;
}
