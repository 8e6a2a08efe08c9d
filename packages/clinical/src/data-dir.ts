import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder that holds Cairn's reference data (`data/` at the repository root).
 *
 * `CAIRN_REFERENCE_DATA_DIR` wins when set; otherwise the folder is found by walking up from this
 * module, which works both from the sources and from the server's bundle in `apps/server/dist`.
 */
export function referenceDataDir(): string {
  const fromEnv = process.env.CAIRN_REFERENCE_DATA_DIR;
  if (fromEnv) return fromEnv;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'data');
    if (existsSync(join(candidate, 'README.md')) && existsSync(join(candidate, 'icd10cm'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Reference data folder not found; set CAIRN_REFERENCE_DATA_DIR');
    dir = parent;
  }
}
