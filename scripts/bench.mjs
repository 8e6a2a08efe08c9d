// Runs every benchmark under bench/ (or those whose file name contains an argument), one after another.
// Each benchmark prints its own results; docs/benchmarks.md records them with the machine and date.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const filters = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
