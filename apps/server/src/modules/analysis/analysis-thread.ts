// A thread of the analysis queues (`analysis-threads.ts`): its own PostgreSQL pool, the engine on its
// own core. It works or drains its queue (suggestions, or the quality pass with one CQL engine) exactly
// as another server process would; realtime events and log lines go to the main thread.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/client';
import { registerSuggestionEvents } from '../realtime';
import type { MainMessage, ThreadData, ThreadMessage } from './analysis-threads';
import { drainAnalysisQueue, drainQualityQueue, startAnalysisWorker } from './analysis-worker';

const data = workerData as ThreadData;
const post = (message: ThreadMessage) => parentPort?.postMessage(message);

/**
 * The quality pass is hours of CPU when the whole population is evaluated: its thread yields the cores to
 * the suggestion threads and the requests (nice 10, this thread only: Linux gives each thread its own
 * priority, and /proc/thread-self names this one). Elsewhere it runs at the process's priority.
 */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, 10);
  } catch {
    // Not Linux, or not allowed: the same priority as the process.
  }
}

if (data.queue === 'quality') lowerThisThreadsPriority();
const database = await openDatabase({ databaseUrl: data.databaseUrl, dataDir: '' });
registerSuggestionEvents(database.db, () => ({
  publish: async (input) => {
    post({ kind: 'publish', input });
  },
}));
const log = {
  error(object: unknown, message: string) {
    post({ kind: 'log', object, message });
  },
};
const options = {
  log,
  ...(data.today ? { today: () => data.today ?? '' } : {}),
  ...(data.batchSize ? { batchSize: data.batchSize } : {}),
  ...(data.reportTimings
    ? {
        onEvaluated: (milliseconds: number, cpuMilliseconds: number) => {
          post({ kind: 'evaluated', milliseconds, cpuMilliseconds });
        },
      }
    : {}),
};

if (data.mode === 'drain') {
  const analyses =
    data.queue === 'quality'
      ? await drainQualityQueue(database, options)
      : await drainAnalysisQueue(database, { ...options, concurrency: data.concurrency ?? 2, quality: false });
  await database.close();
  post({ kind: 'drained', analyses });
} else {
  const worker = startAnalysisWorker(database, { ...options, queues: [data.queue] });
  // The one message the main thread sends is `stop`.
  parentPort?.once('message', (_message: MainMessage) => {
    void worker
      .stop()
      .then(() => database.close())
      .finally(() => {
        post({ kind: 'stopped' });
      });
  });
}
