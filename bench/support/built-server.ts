import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The built server (`npm run build`) in a process of its own, as in production, ready when it answers /healthz. */
export interface BuiltServer {
  base: string;
  stop(): Promise<void>;
}

export async function startBuiltServer(port: number, env: Record<string, string>): Promise<BuiltServer> {
  const main = join(import.meta.dirname, '..', '..', 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('Build first: npm run build');
  const base = `http://127.0.0.1:${String(port)}`;
  const server: ChildProcess = spawn(process.execPath, [main], {
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
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('The server did not start');
}
