import type { Database } from '../../db/client';

/** A running worker of the analysis queue. */
export interface AnalysisWorker {
  /** Finishes the job in hand and stops. */
  stop(): Promise<void>;
}

/**
 * Starts processing the analysis queue in this process (issue 5 item 3): placeholder until the
 * pipeline lands.
 */
export function startAnalysisWorker(
  _database: Database,
  _options: { log: { error(object: unknown, message: string): void } },
): AnalysisWorker {
  return { stop: async () => undefined };
}

/** Runs pending analysis jobs until none is left; answers how many ran (tests, seed command). */
export async function drainAnalysisQueue(_database: Database): Promise<number> {
  return 0;
}
