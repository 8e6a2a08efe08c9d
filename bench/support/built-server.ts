import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The built server (`npm run build`) in a process of its own, as in production, ready when it answers /healthz. */
export interface BuiltServer {
  base: string;
  /** The server's process id (to read its CPU time from /proc). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** This checkout, whose build the benchmarks start unless told another (an older commit's worktree). */
export const REPOSITORY_ROOT = join(import.meta.dirname, '..', '..');

export async function startBuiltServer(
  port: number,
  env: Record<string, string>,
  checkout: string = REPOSITORY_ROOT,
): Promise<BuiltServer> {
  const main = join(checkout, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`Build first: npm run build (in ${checkout})`);
  const base = `http://127.0.0.1:${String(port)}`;
  const server: ChildProcess = spawn(process.execPath, [main], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      CAIRN_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The load comes from this machine: the per-address limits are not what is measured.
      CAIRN_RATE_LIMIT_ALLOW_LIST: '127.0.0.1 ::1 ::ffff:127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async (): Promise<void> => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await once(server, 'exit');
  };
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, pid: server.pid, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('The server did not start');
}
