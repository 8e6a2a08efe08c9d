// A worker thread of the compute pool (`analysis-compute-pool.ts`): computes the records it is sent.
import { parentPort } from 'node:worker_threads';
import type { PatientRecord } from '@cairn/clinical';
import { computeAnalysis, type ComputedAnalysis } from './analysis-compute';
import { describeJobError } from './analysis-jobs';

/** One record's outcome: the analysis, or the error already described without patient data. */
export type ComputeOutcome = { computed: ComputedAnalysis } | { error: string };

parentPort?.on('message', (message: { id: number; records: PatientRecord[]; asOf: string }) => {
  const outcomes = message.records.map((record): ComputeOutcome => {
    try {
      return { computed: computeAnalysis(record, message.asOf) };
    } catch (error) {
      return { error: describeJobError(error) };
    }
  });
  parentPort?.postMessage({ id: message.id, outcomes });
});
