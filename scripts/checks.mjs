// The static checks of `npm test` (ESLint, Prettier, and TypeScript over each project), as many at once as
// the machine has cores: each is single-threaded. A check's output is printed whole when it ends; the run
// fails when one of them does. `npm run lint` and `npm run typecheck` run the same checks one by one.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const readPackage = (dir) => JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
// The root's own TypeScript project, and each workspace that has a typecheck script; the server's and the
// web's, the longest, first.
const projects = ['.', ...readPackage('.').workspaces.filter((dir) => readPackage(dir).scripts?.typecheck)].sort(
  (left, right) => Number(right.startsWith('apps/')) - Number(left.startsWith('apps/')),
);
// ESLint, the longest check by far, in two halves (the server, the rest) so that the lanes end together.
const checks = [
  { name: 'eslint apps/server', command: ['npx', 'eslint', 'apps/server'] },
  { name: 'eslint (the rest)', command: ['npx', 'eslint', '.', '--ignore-pattern', 'apps/server/**'] },
  ...projects.map((project) => ({ name: `tsc ${project}`, command: ['npx', 'tsc', '--noEmit', '-p', project] })),
  { name: 'prettier', command: ['npx', 'prettier', '--check', '.'] },
];

function run({ name, command }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`${code === 0 ? 'passed' : 'FAILED'}: ${name} (${seconds} s)`);
      if (code !== 0) console.log(output);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const lanes = Array.from({ length: Math.min(checks.length, Math.max(2, availableParallelism())) }, async () => {
  let passed = true;
  for (let check = queue.shift(); check; check = queue.shift()) passed = (await run(check)) && passed;
  return passed;
});
process.exit((await Promise.all(lanes)).every(Boolean) ? 0 : 1);
