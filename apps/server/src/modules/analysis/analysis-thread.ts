// A thread of the analysis queue (`analysis-threads.ts`): its own PostgreSQL pool, the engine on its
// own core. It works or drains the queue exactly as another server process would; realtime events and
// log lines go to the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/client';
import { registerSuggestionEvents } from '../realtime';
import type { MainMessage, ThreadData, ThreadMessage } from './analysis-threads';
import { drainAnalysisQueue, startAnalysisWorker } from './analysis-worker';

const data = workerData as ThreadData;
const post = (message: ThreadMessage) => parentPort?.postMessage(message);
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
};

if (data.mode === 'drain') {
  const analyses = await drainAnalysisQueue(database, { ...options, concurrency: data.concurrency ?? 2 });
  await database.close();
  post({ kind: 'drained', analyses });
} else {
  const worker = startAnalysisWorker(database, options);
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
