// What a browser loads for /login: the entry chunk, the lazy login layout and page, and every chunk
// they import statically, gzip-compressed as the server would send them. Budget (issue 2): 200 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const loginKeys = ['src/app/layouts/login-layout.tsx', 'src/app/routes/login/login.page.tsx'];
if (!entry || loginKeys.some((key) => !manifest[key]))
  throw new Error('Build the web app first: npm run build -w @cairn/web');

const files = [...closure([entry, ...loginKeys])]
  .map((key) => manifest[key]!.file)
  .filter((file) => file.endsWith('.js'));
let total = 0;
for (const file of files.sort()) {
  const gzipped = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const budget = 200;
console.log(
  `JavaScript for /login: ${(total / 1024).toFixed(1)} KB gzip in ${files.length} files (budget ${budget} KB)`,
);
process.exitCode = total / 1024 <= budget ? 0 : 1;
