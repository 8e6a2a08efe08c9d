import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * A path inside `apps/server`, found by walking up from this module: the same answer from the
 * sources (`src/lib`) and from the bundle (`dist`).
 */
export function serverPath(...segments: string[]): string {
  root ??= findServerRoot();
  return join(root, ...segments);
}

function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'migrations'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('apps/server/migrations not found');
    dir = parent;
  }
  return dir;
}
