/**
 * `npm run --silent raf -- [--model v28|v24] [--no-mce] [--normalization F] [--coding-adjustment A]
 * < in.jsonl > out.jsonl`: scores one beneficiary per input line with CMS-HCC (see
 * packages/clinical/src/hcc/raf-line.ts for the line format). Streams: reads stdin in chunks and
 * writes in batches, so memory stays flat on any input size.
 */
import { parseRafArguments, runRafStream } from '../src/hcc/raf-stream';

const parsed = parseRafArguments(process.argv.slice(2));
if ('error' in parsed) {
  process.stderr.write(`raf: ${parsed.error}\n`);
  process.exit(2);
}
await runRafStream(process.stdin, process.stdout, parsed.options);
