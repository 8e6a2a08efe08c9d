// Suspecting engine throughput: synthetic patient records with five years of data each, run through
// `suspect` on one core. Budget (issue 4): at least 2,000 records per second per core.
import { cpus, loadavg } from 'node:os';
import { suspect } from '../packages/clinical/src/suspecting';
import { generateRecord } from '../packages/clinical/src/suspecting/testing/generate-record';

const RECORDS = 2_000;
const ROUNDS = 5;
const AS_OF = '2026-06-30';

const records = Array.from({ length: RECORDS }, (_, seed) => generateRecord(seed + 1, AS_OF));
const sizes = records.map((record) => ({
  facts:
    record.conditions.length +
    record.claims.length +
    record.observations.length +
    record.medications.length +
    record.documents.length +
    record.procedures.length,
  text: record.documents.reduce((total, document) => total + document.text.length, 0),
}));
const meanFacts = sizes.reduce((total, size) => total + size.facts, 0) / RECORDS;
const meanText = sizes.reduce((total, size) => total + size.text, 0) / RECORDS;

// Warm-up: loads the ICD-10-CM catalog and both HCC models, and lets V8 optimise.
let suggestions = 0;
for (const record of records) suggestions += suspect(record, { asOf: AS_OF }).length;

// Per core means per CPU-second of this (single-threaded) process: the machine is shared, so wall-clock
// time would also count time spent waiting for a core. Both are printed.
const rates: number[] = [];
const wallRates: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  suggestions = 0;
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (const record of records) suggestions += suspect(record, { asOf: AS_OF }).length;
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  rates.push(RECORDS / ((cpu.user + cpu.system) / 1e6));
  wallRates.push(RECORDS / wallSeconds);
}
rates.sort((left, right) => left - right);
wallRates.sort((left, right) => left - right);
const median = rates[Math.floor(rates.length / 2)] ?? 0;
const wallMedian = wallRates[Math.floor(wallRates.length / 2)] ?? 0;

console.log(`machine: ${cpus()[0]?.model ?? 'unknown'} x ${String(cpus().length)}, Node ${process.version}`);
console.log(
  `records: ${String(RECORDS)} synthetic, 5 years each; mean ${meanFacts.toFixed(0)} facts and ${(meanText / 1000).toFixed(1)} kB of notes per record`,
);
console.log(`suggestions per record: ${(suggestions / RECORDS).toFixed(2)}`);
console.log(
  `throughput per core: median ${median.toFixed(0)} records per CPU-second (min ${(rates[0] ?? 0).toFixed(0)}, max ${(rates.at(-1) ?? 0).toFixed(0)}) over ${String(ROUNDS)} rounds`,
);
console.log(`wall clock: median ${wallMedian.toFixed(0)} records/s (load average ${loadavg()[0]?.toFixed(1) ?? '?'})`);
console.log(`budget 2,000 records/s: ${median >= 2000 ? 'met' : 'NOT met'}`);
