// `npm run --silent raf -- [--model v28|v24] ... < in.jsonl > out.jsonl`: runs the `raf` command line
// (packages/clinical/bin/raf.ts) as one bundled ES module. Under `node --import tsx` every module becomes
// CommonJS and each call across modules goes through a property getter, which cost about a third of the
// command line's time; esbuild's single-file bundle calls functions directly. The bundle is cached in
// node_modules/.cache/cairn/raf.mjs and rebuilt when missing or older than any source it is built from
// (packages/clinical/src, packages/clinical/bin, this script). It runs in this process, so stdin, stdout,
// stderr and the exit code are the command line's own; nothing is printed unless the build fails.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const entry = join(root, 'packages/clinical/bin/raf.ts');
const bundle = join(root, 'node_modules/.cache/cairn/raf.mjs');
const sources = [
  join(root, 'packages/clinical/src'),
  join(root, 'packages/clinical/bin'),
  fileURLToPath(import.meta.url),
];

/** Newest modification time of a file or of anything below a folder. */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** esbuild is a dev dependency of apps/server; npm usually hoists it to the root node_modules. */
function loadEsbuild() {
  for (const from of ['apps/server/package.json', 'package.json']) {
    try {
      return createRequire(join(root, from))('esbuild');
    } catch {
      // Try the next place.
    }
  }
  throw new Error('raf: esbuild not found (npm install at the repository root installs it)');
}

function buildBundle() {
  mkdirSync(dirname(bundle), { recursive: true });
  // Written beside the bundle and renamed, so a run started meanwhile never loads half a file.
  const partial = `${bundle}.${process.pid}.tmp`;
  loadEsbuild().buildSync({
    entryPoints: [entry],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  renameSync(partial, bundle);
}

const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) buildBundle();
// The bundle no longer sits below packages/clinical, so it is told where the reference data is.
process.env.CAIRN_REFERENCE_DATA_DIR ??= join(root, 'data');
await import(pathToFileURL(bundle).href);
