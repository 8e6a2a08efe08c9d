import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { VisitEventInput } from '../realtime';

/** The analysis workers' queues: suggestions (`analysis_jobs`) and the quality pass (`quality_jobs`). */
export type QueueName = 'analysis' | 'quality';

/**
 * What a thread of the analysis queue is started with: it opens its own pool on the PostgreSQL server
 * and, like another server process, either works its queue until told to stop or drains it once.
 */
export interface ThreadData {
  databaseUrl: string;
  mode: 'work' | 'drain';
  /** The queue the thread works; a quality thread keeps one CQL engine and runs at a lower priority. */
  queue: QueueName;
  /** The analysis date (default: the thread's local today). */
  today?: string;
  batchSize?: number;
  concurrency?: number;
  /** A quality thread sends each patient's evaluation time (the benchmark). */
  reportTimings?: boolean;
}

/** Messages a thread sends: realtime events and log lines go through the main thread, which owns both. */
export type ThreadMessage =
  | { kind: 'publish'; input: VisitEventInput }
  | { kind: 'log'; object: unknown; message: string }
  | { kind: 'drained'; analyses: number }
  | { kind: 'evaluated'; milliseconds: number; cpuMilliseconds: number }
  | { kind: 'stopped' };

/** Messages the main thread sends: stop after the batch in hand. */
export type MainMessage = { kind: 'stop' };

/**
 * The thread's entry: `analysis-thread.js` beside the server's bundle (`build.mjs` emits it), or its
 * TypeScript source under tsx and vitest; none (threads are then not available) otherwise.
 */
function threadEntry(): { url: URL; isTypeScript: boolean } | undefined {
  for (const [file, isTypeScript] of [
    ['./analysis-thread.js', false],
    ['./analysis-thread.ts', true],
  ] as const) {
    const url = new URL(file, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return { url, isTypeScript };
  }
  return undefined;
}

/** True when analysis threads can start here. */
export function canStartAnalysisThreads(): boolean {
  return threadEntry() !== undefined;
}

/** Starts one analysis thread; `onMessage` hears what it sends. */
export function startAnalysisThread(data: ThreadData, onMessage: (message: ThreadMessage) => void): Worker {
  const entry = threadEntry();
  if (!entry) throw new Error('the analysis thread entry is missing');
  // Worker threads do not inherit tsx's loader: the TypeScript entry registers it, then imports itself.
  const options = { workerData: data };
  const worker = entry.isTypeScript
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.url.href)}); })`,
        { eval: true, ...options },
      )
    : new Worker(entry.url, options);
  worker.on('message', onMessage);
  return worker;
}
