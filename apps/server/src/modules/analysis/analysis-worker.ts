import type { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { Database } from '../../db/client';
import { refreshChangedPopulations } from '../population';
import { relaySuggestionEvent } from '../realtime';
import { claimJobs, pruneDoneJobs, queueDailyRefresh } from './analysis-jobs';
import { ANALYSIS_CHANNEL } from './analysis-queue';
import { localToday, runJobs, type RunOptions } from './analysis-run';
import {
  canStartAnalysisThreads,
  startAnalysisThread,
  type QueueName,
  type ThreadData,
  type ThreadMessage,
} from './analysis-threads';
import { runQualityBatch, type QualityRunOptions } from './quality-run';

/** A running worker of the analysis queue. */
export interface AnalysisWorker {
  /** Finishes the job in hand and stops. */
  stop(): Promise<void>;
}

export interface WorkerOptions extends RunOptions {
  /** Fallback poll when no notification arrives (default 3 s). */
  pollMs?: number;
  /**
   * Jobs claimed per transaction (default 500 on PostgreSQL: one statement per table reads the batch;
   * 10 on PGlite, whose one connection serves the requests too and waits while a batch's snapshot is read).
   */
  batchSize?: number;
  /** How often the daily refresh runs (default hourly). */
  refreshMs?: number;
  /**
   * Threads that work the queue, each with its own connections and core (PostgreSQL only, default 0:
   * this thread works it). The engine is the bulk of an analysis and JavaScript runs one thread at a
   * time, so a second core doubles what one process analyses.
   */
  threads?: number;
  /**
   * With `threads`, the threads of the quality pass (default 1), each with one CQL engine, at a lower
   * scheduling priority than the suggestion threads and the requests. Without threads, this thread works
   * the quality queue whenever the analysis queue is empty.
   */
  qualityThreads?: number;
  /** The queues this worker works (default both; a thread works one). */
  queues?: readonly QueueName[];
}

const DEFAULT_BATCH = 500;
const PGLITE_BATCH = 10;
/**
 * Patients per quality batch: a patient's twelve measures take about 0.1-0.3 s of CPU, so a batch is a
 * few seconds of work between two claims; on PGlite, where requests share the thread, a short one.
 */
const QUALITY_BATCH = 20;
const PGLITE_QUALITY_BATCH = 5;
const RECONNECT_MS = 1000;
const silentLog = { error: () => undefined };

/** Claims and runs one batch; answers how many jobs it claimed. */
async function runBatch(database: Database, options: RunOptions & { batchSize?: number }): Promise<number> {
  const jobs = await claimJobs(database.db, options.batchSize ?? DEFAULT_BATCH);
  if (jobs.length > 0) await runJobs(database.db, jobs, options);
  return jobs.length;
}

/**
 * Processes the analysis queue in this process, outside any request: claims batches, wakes on
 * `NOTIFY cairn_analysis` (PostgreSQL and PGlite both deliver it) and polls as a fallback, and queues
 * the daily refresh at start and then every hour.
 */
export function startAnalysisWorker(database: Database, options: WorkerOptions): AnalysisWorker {
  const threadData = threadDataOf(database, options);
  if (threadData && (options.threads ?? 0) > 0)
    return startWorkerThreads(
      database,
      options,
      { ...threadData, mode: 'work' },
      {
        analysis: options.threads ?? 0,
        quality: options.qualityThreads ?? 1,
      },
    );
  const pollMs = options.pollMs ?? 3000;
  const queues = new Set(options.queues ?? ['analysis', 'quality']);
  const runOptions = {
    ...options,
    batchSize: options.batchSize ?? (database.kind === 'pglite' ? PGLITE_BATCH : DEFAULT_BATCH),
  };
  const qualityOptions = { ...options, batchSize: qualityBatchSize(database) };
  // The quality pass runs when no suggestion is waiting: suggestions are fast and shown at the visit. The
  // population tables are rebuilt before it, once an organisation's analyses are all in.
  const runNext = async () => {
    const claimed = queues.has('analysis') ? await runBatch(database, runOptions) : 0;
    if (claimed > 0 || !queues.has('quality')) return claimed;
    const rebuilt = await refreshChangedPopulations(database.db, (options.today ?? localToday)());
    return rebuilt.length + (await runQualityBatch(database.db, qualityOptions));
  };
  // Changed by stop() and by notifications while the loop awaits.
  const state = { isStopped: false, isNotified: false };
  let wake: (() => void) | undefined;
  // A notification that arrives while a batch runs must not be lost until the next poll.
  const wakeUp = () => {
    state.isNotified = true;
    wake?.();
  };
  const unlisten = listen(database, wakeUp);

  const refresh = async () => {
    try {
      await queueDailyRefresh(database.db, (options.today ?? localToday)());
      await pruneDoneJobs(database.db);
    } catch (error) {
      options.log.error({ error: error instanceof Error ? error.name : 'Error' }, 'analysis refresh failed');
    }
  };
  const refreshTimer = setInterval(() => void refresh().then(wakeUp), options.refreshMs ?? 3_600_000);
  refreshTimer.unref();

  const loop = (async () => {
    await refresh();
    while (!state.isStopped) {
      let claimed = 0;
      try {
        claimed = await runNext();
      } catch (error) {
        options.log.error({ error: error instanceof Error ? error.name : 'Error' }, 'analysis worker batch failed');
      }
      if (claimed > 0) continue;
      if (state.isNotified) {
        state.isNotified = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      state.isNotified = false;
    }
  })();

  return {
    async stop() {
      state.isStopped = true;
      clearInterval(refreshTimer);
      wakeUp();
      await loop;
      const unsubscribe = await unlisten;
      // The database may already be closed (the app closes it in an onClose hook of its own).
      await unsubscribe().catch(() => undefined);
    },
  };
}

/** Subscribes to the queue's channel; answers how to unsubscribe. */
async function listen(database: Database, onNotify: () => void): Promise<() => Promise<void>> {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    return driver.client
      .listen(ANALYSIS_CHANNEL, () => {
        onNotify();
      })
      .then(
        (unsubscribe) => () => unsubscribe(),
        () => async () => undefined,
      );
  }
  return listenOnPostgres(driver.pool, onNotify);
}

/** A dedicated connection (not a pool client) that LISTENs, reconnecting after a loss; polling covers the gap. */
async function listenOnPostgres(pool: pg.Pool, onNotify: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let isClosed = false;
  let timer: NodeJS.Timeout | undefined;
  const scheduleReconnect = () => {
    if (isClosed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch(scheduleReconnect);
    }, RECONNECT_MS);
    timer.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client(pool.options);
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('notification', (message) => {
      if (message.channel === ANALYSIS_CHANNEL) onNotify();
    });
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${ANALYSIS_CHANNEL}`);
    } catch (error) {
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      throw error;
    }
    // Jobs queued while not listening are picked up now rather than at the next poll.
    onNotify();
  };
  await connect().catch(scheduleReconnect);
  return async () => {
    isClosed = true;
    clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

function qualityBatchSize(database: Database): number {
  return database.kind === 'pglite' ? PGLITE_QUALITY_BATCH : QUALITY_BATCH;
}

/** What a thread needs to work this database's queue as this process would; none where threads cannot. */
function threadDataOf(
  database: Database,
  options: Partial<RunOptions> & { batchSize?: number; concurrency?: number },
): Omit<ThreadData, 'mode' | 'queue'> | undefined {
  const { driver } = database;
  // PGlite is one connection in this thread; a test's own computation cannot cross to a thread.
  if (driver.kind !== 'postgres' || options.compute || options.retryDelaySeconds || !canStartAnalysisThreads())
    return undefined;
  const databaseUrl = driver.pool.options.connectionString;
  if (!databaseUrl) return undefined;
  return {
    databaseUrl,
    ...(options.today ? { today: options.today() } : {}),
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  };
}

/**
 * Relays what a thread sends: its realtime events to this process's hub, its log lines to this log, the
 * benchmark's timings to its callback.
 */
function relay(
  database: Database,
  options: RunOptions & Pick<QualityRunOptions, 'onEvaluated'>,
  message: ThreadMessage,
): void {
  if (message.kind === 'publish') void relaySuggestionEvent(database.db, message.input);
  else if (message.kind === 'log') options.log.error(message.object, message.message);
  else if (message.kind === 'evaluated') options.onEvaluated?.(message.milliseconds, message.cpuMilliseconds);
}

/** Threads working each queue; one that dies is started again after a second. */
function startWorkerThreads(
  database: Database,
  options: WorkerOptions,
  data: Omit<ThreadData, 'queue'>,
  counts: Record<QueueName, number>,
): AnalysisWorker {
  let isStopping = false;
  const running = new Set<Worker>();
  const start = (queue: QueueName) => {
    const worker = startAnalysisThread({ ...data, queue }, (message) => {
      relay(database, options, message);
    });
    running.add(worker);
    worker.on('error', (error) => {
      options.log.error({ error: error.name }, 'analysis thread failed');
    });
    worker.on('exit', () => {
      running.delete(worker);
      if (!isStopping) setTimeout(() => start(queue), RECONNECT_MS).unref();
    });
  };
  for (const queue of ['analysis', 'quality'] as const)
    for (let index = 0; index < counts[queue]; index += 1) start(queue);
  return {
    async stop() {
      isStopping = true;
      await Promise.all(
        [...running].map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => {
                resolve();
              });
              worker.on('message', (message: ThreadMessage) => {
                if (message.kind === 'stopped') void worker.terminate();
              });
              worker.postMessage({ kind: 'stop' });
            }),
        ),
      );
    },
  };
}

/** Drains the queue on `count` threads at once; answers how many analyses they ran. */
async function drainOnThreads(
  database: Database,
  options: RunOptions & Pick<QualityRunOptions, 'onEvaluated'>,
  data: ThreadData,
  count: number,
): Promise<number> {
  const drains = Array.from(
    { length: count },
    () =>
      new Promise<number>((resolve, reject) => {
        let analyses: number | undefined;
        const worker = startAnalysisThread(data, (message) => {
          relay(database, options, message);
          if (message.kind === 'drained') analyses = message.analyses;
        });
        worker.on('error', reject);
        worker.on('exit', () => {
          if (analyses === undefined) reject(new Error('an analysis thread stopped before the queue was empty'));
          else resolve(analyses);
        });
      }),
  );
  return (await Promise.all(drains)).reduce((sum, analyses) => sum + analyses, 0);
}

export interface DrainOptions extends Partial<RunOptions> {
  batchSize?: number;
  concurrency?: number;
  threads?: number;
  /** Drain the quality queue afterwards (default true). */
  quality?: boolean;
  /** With `threads`, the quality queue's threads (default: `threads`). */
  qualityThreads?: number;
  /** Patients per quality batch (default 20 on PostgreSQL, 5 on PGlite). */
  qualityBatchSize?: number;
  /** The benchmark hears each patient the CQL engine evaluated in this thread. */
  onEvaluated?: QualityRunOptions['onEvaluated'];
}

/**
 * Runs pending analysis jobs until none is left, then, unless `quality` is false, the quality jobs they
 * queued; answers how many analyses ran (tests, seed and analyse commands). On PostgreSQL several batches
 * run at once (by default 3), so that one batch's reads overlap another's computation; PGlite has one
 * connection, so one. `threads` drains on that many threads instead (PostgreSQL), so that the engine
 * uses every core.
 */
export async function drainAnalysisQueue(database: Database, options: DrainOptions = {}): Promise<number> {
  const analyses = await drainSuggestionQueue(database, options);
  if (options.quality ?? true) await drainQualityQueue(database, options);
  return analyses;
}

async function drainSuggestionQueue(database: Database, options: DrainOptions): Promise<number> {
  const runOptions = { log: silentLog, ...options };
  const threadData = threadDataOf(database, options);
  if (threadData && (options.threads ?? 0) > 0)
    return drainOnThreads(
      database,
      runOptions,
      { ...threadData, mode: 'drain', queue: 'analysis' },
      options.threads ?? 0,
    );
  const loops = Math.max(1, options.concurrency ?? (database.kind === 'postgres' ? 3 : 1));
  const drainLoop = async () => {
    let total = 0;
    for (;;) {
      const claimed = await runBatch(database, runOptions);
      if (claimed === 0) return total;
      total += claimed;
    }
  };
  const totals = await Promise.all(Array.from({ length: loops }, drainLoop));
  return totals.reduce((sum, total) => sum + total, 0);
}

/**
 * Runs pending quality jobs until none is left; answers how many patients' jobs ran. On `qualityThreads`
 * (or `threads`) threads on PostgreSQL, else in this thread, one batch at a time.
 */
export async function drainQualityQueue(database: Database, options: DrainOptions = {}): Promise<number> {
  const runOptions = { log: silentLog, ...options };
  const threadData = threadDataOf(database, options);
  const threads = options.qualityThreads ?? options.threads ?? 0;
  if (threadData && threads > 0) {
    const data: ThreadData = {
      ...threadData,
      mode: 'drain',
      queue: 'quality',
      reportTimings: options.onEvaluated !== undefined,
    };
    return drainOnThreads(database, runOptions, data, threads);
  }
  const batchOptions = { ...runOptions, batchSize: options.qualityBatchSize ?? qualityBatchSize(database) };
  let total = 0;
  for (;;) {
    const claimed = await runQualityBatch(database.db, batchOptions);
    if (claimed === 0) return total;
    total += claimed;
  }
}
