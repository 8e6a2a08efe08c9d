/**
 * `npm run --silent raf -- [--model v28|v24] [--no-mce] [--normalization F] [--coding-adjustment A]
 * [--stats] < in.jsonl > out.jsonl`: scores one beneficiary per input line with CMS-HCC (line format
 * in packages/clinical/src/hcc/raf-line.ts). Streams stdin in chunks and writes in batches, so memory
 * stays flat on any input size. `--stats` prints lines, errors and CPU time as JSON on stderr.
 */
import { parseRafArguments, runRafStream } from '../src/hcc/raf-stream';

const parsed = parseRafArguments(process.argv.slice(2));
if ('error' in parsed) {
  process.stderr.write(`raf: ${parsed.error}\n`);
  process.exit(2);
}
const counts = await runRafStream(process.stdin, process.stdout, parsed.options);
if (parsed.stats) {
  const cpu = process.cpuUsage();
  process.stderr.write(
    `${JSON.stringify({ ...counts, cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000 })}\n`,
  );
}
