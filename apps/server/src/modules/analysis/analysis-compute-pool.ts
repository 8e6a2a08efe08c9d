import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PatientRecord } from '@cairn/clinical';
import type { ComputeOutcome } from './analysis-compute-worker';

/** Computes records on worker threads, so that the engine uses every core while the main thread reads and writes. */
export interface ComputePool {
  compute(records: readonly PatientRecord[], asOf: string): Promise<ComputeOutcome[]>;
  close(): Promise<void>;
}

/**
 * A pool of `threads` engine workers, or undefined where the worker's source is not beside this file
 * (the server's bundle): the caller then computes in its own thread. The worker runs from TypeScript
 * under tsx (the command line tools), which worker threads inherit through `execArgv`.
 */
export function startComputePool(threads: number): ComputePool | undefined {
  const url = new URL('./analysis-compute-worker.ts', import.meta.url);
  if (threads < 1 || url.protocol !== 'file:' || !existsSync(fileURLToPath(url))) return undefined;
  let isBroken = false;
  const waiting = new Map<number, { resolve: (outcomes: ComputeOutcome[]) => void; reject: (error: Error) => void }>();
  const workers = Array.from({ length: threads }, () => {
    // Worker threads do not inherit tsx's loader: the worker registers it, then imports the TypeScript.
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`,
      { eval: true },
    );
    worker.on('message', (message: { id: number; outcomes: ComputeOutcome[] }) => {
      waiting.get(message.id)?.resolve(message.outcomes);
      waiting.delete(message.id);
    });
    const failAll = (error: Error) => {
      isBroken = true;
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', () => {
      failAll(new Error('analysis worker thread exited'));
    });
    return worker;
  });
  let nextId = 0;
  let nextWorker = 0;
  const send = (records: PatientRecord[], asOf: string) =>
    new Promise<ComputeOutcome[]>((resolve, reject) => {
      if (isBroken) {
        reject(new Error('analysis worker thread exited'));
        return;
      }
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      const worker = workers[nextWorker++ % workers.length];
      worker?.postMessage({ id, records, asOf });
    });
  return {
    async compute(records, asOf) {
      // One share per worker, so that a batch keeps every thread busy.
      const size = Math.ceil(records.length / workers.length);
      const shares = [];
      for (let index = 0; index < records.length; index += size) shares.push(records.slice(index, index + size));
      return (await Promise.all(shares.map((share) => send(share, asOf)))).flat();
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
