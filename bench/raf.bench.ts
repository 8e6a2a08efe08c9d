/**
 * RAF scoring end to end through the command line: generates 500,000 beneficiaries (fixed seed) as
 * JSONL, pipes them through `node scripts/raf.mjs` (what `npm run raf` runs: the command line bundled
 * into one ES module) on one process, and reports beneficiaries per second (budget: at least 100,000
 * per second on one core, issue 4). The bundle is built first if missing or stale, outside the timing.
 * Usage: node --import tsx bench/raf.bench.ts [count] [--model v24]
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { referenceDataDir } from '../packages/clinical/src/data-dir';
import { createRandom } from '../packages/clinical/src/testing/random';

const count = Number(process.argv[2] ?? 500_000);
const modelIndex = process.argv.indexOf('--model');
const model = modelIndex > 0 ? (process.argv[modelIndex + 1] ?? 'v28') : 'v28';
const BUDGET_PER_SECOND = 100_000;

const random = createRandom(20260201);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

// Two thirds of the codes come from the V28 mapping (HCC codes), one third are non-HCC codes.
const hccCodes = readFileSync(join(referenceDataDir(), 'hcc', 'v28', 'ICD10_CC_mappings_CMS_HCC_2026_v28.csv'), 'utf8')
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[0]!)
  .filter((code) => code !== '');
const otherCodes = ['I10', 'E785', 'Z0000', 'M545', 'R0789', 'J069', 'K219', 'E039', 'Z23', 'M1990'];

function generateLine(index: number): string {
  const age = 20 + Math.floor(random() * 80);
  const dual = pick(['none', 'none', 'none', 'partial', 'full'] as const);
  const institutional = random() < 0.05;
  const newEnrollee = !institutional && random() < 0.05;
  const snp = newEnrollee && random() < 0.3;
  const aged = age >= 65;
  const community = { none: aged ? 'CNA' : 'CND', partial: aged ? 'CPA' : 'CPD', full: aged ? 'CFA' : 'CFD' }[dual];
  const segment = newEnrollee ? (snp ? 'SNPNE' : 'NE') : institutional ? 'INS' : community;
  const dx = Array.from({ length: Math.floor(random() * 13) }, () =>
    random() < 0.67 ? pick(hccCodes) : pick(otherCodes),
  );
  return JSON.stringify({
    id: `b${index}`,
    age,
    sex: random() < 0.55 ? 'F' : 'M',
    orec: pick(['0', '0', '0', '1', '2', '3']),
    medicaid: dual !== 'none',
    dual_status: dual,
    institutional,
    new_enrollee: newEnrollee,
    snp,
    segment,
    dx,
  });
}

const dir = mkdtempSync(join(tmpdir(), 'raf-bench-'));
const inputPath = join(dir, 'in.jsonl');
const lines: string[] = [];
for (let i = 0; i < count; i++) lines.push(generateLine(i));
writeFileSync(inputPath, lines.join('\n') + '\n');

// Builds the bundle if needed (an empty input scores nothing), so the timed run is the command line alone.
spawnSync(process.execPath, ['scripts/raf.mjs'], { input: '', stdio: ['pipe', 'ignore', 'inherit'] });
const started = performance.now();
const child = spawn(process.execPath, ['scripts/raf.mjs', '--model', model, '--stats'], {
  stdio: ['pipe', 'pipe', 'pipe'],
});
let stderr = '';
child.stderr.setEncoding('utf8');
child.stderr.on('data', (chunk: string) => (stderr += chunk));
createReadStream(inputPath).pipe(child.stdin);
let outputLines = 0;
child.stdout.on('data', (chunk: Buffer) => {
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) outputLines++;
});
const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
const seconds = (performance.now() - started) / 1000;
const stats = JSON.parse(stderr.trim().split('\n').pop() ?? '{}') as {
  errors?: number;
  cpuUserMs?: number;
  cpuSystemMs?: number;
};
const cpuSeconds = ((stats.cpuUserMs ?? NaN) + (stats.cpuSystemMs ?? NaN)) / 1000;
const perSecond = Math.round(count / seconds);
const perCpuSecond = Math.round(count / cpuSeconds);
const meanCodes = lines.reduce((n, l) => n + (JSON.parse(l) as { dx: string[] }).dx.length, 0) / count;
console.log(
  `raf ${model}: ${count} beneficiaries (${(statSync(inputPath).size / 1e6).toFixed(0)} MB JSONL, mean ${meanCodes.toFixed(1)} codes)`,
);
console.log(`  wall ${seconds.toFixed(2)} s: ${perSecond} beneficiaries/s end to end (budget ${BUDGET_PER_SECOND})`);
console.log(
  `  command line CPU ${cpuSeconds.toFixed(2)} s (start-up and table loading included): ${perCpuSecond} beneficiaries per CPU-second`,
);
console.log(
  `  ${outputLines} lines out, ${stats.errors ?? '?'} errors, exit ${exitCode}; load average ${loadavg()[0]?.toFixed(1)}`,
);
rmSync(dir, { recursive: true, force: true });
if (exitCode !== 0 || outputLines !== count || perSecond < BUDGET_PER_SECOND) process.exitCode = 1;
