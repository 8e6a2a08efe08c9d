/**
 * Care gaps: generates patient records with five years of data (fixed seed: visits, vitals, labs,
 * screenings, diagnoses, procedures, medications), evaluates all nine eCQMs for each with
 * `evaluateCareGaps`, and reports patients per second and measure evaluations per second on one core.
 * Usage: node --import tsx bench/care-gaps.bench.ts [patients]
 */
import { performance } from 'node:perf_hooks';
import { evaluateCareGaps, type CareGapStatus } from '../packages/clinical/src/care-gaps';
import { emptyPatientRecord, type PatientRecord } from '../packages/clinical/src/record';
import { createRandom } from '../packages/clinical/src/testing/random';

const count = Number(process.argv[2] ?? 20_000);
const AS_OF = '2026-11-21';

const random = createRandom(20261121);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (probability: number) => random() < probability;

function randomDate(fromYear: number, toYear: number): string {
  const year = fromYear + Math.floor(random() * (toYear - fromYear + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const date = `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return date > AS_OF ? AS_OF : date;
}

const DIAGNOSES = ['E119', 'E1165', 'I10', 'E785', 'J449', 'F329', 'N183', 'I5022', 'Z6841', 'M545', 'E6601'];
const LABS: readonly [string, number, number][] = [
  ['4548-4', 5.5, 11],
  ['98979-8', 25, 100],
  ['9318-7', 5, 300],
  ['39156-5', 17, 42],
  ['2093-3', 120, 260],
];
const PROCEDURES: readonly [string, string][] = [
  ['http://www.ama-assn.org/go/cpt', '45378'],
  ['http://www.ama-assn.org/go/cpt', '99406'],
  ['http://snomed.info/sct', '722161008'],
  ['http://www.ama-assn.org/go/cpt', '93000'],
];

function createRecord(index: number): PatientRecord {
  let id = 0;
  const next = (prefix: string) => `${prefix}-${String(index)}-${String((id += 1))}`;
  const record = emptyPatientRecord(`patient-${String(index)}`, {
    birthDate: randomDate(1935, 2010),
    sex: chance(0.5) ? 'F' : 'M',
  });
  for (let visit = 0; visit < 4 + Math.floor(random() * 12); visit += 1) {
    const date = randomDate(2022, 2026);
    record.encounters.push({
      id: next('enc'),
      date,
      types: [{ system: 'http://www.ama-assn.org/go/cpt', code: pick(['99213', '99214', '99396', '99442']) }],
      source: 'EHR',
    });
    record.observations.push({
      id: next('obs'),
      loinc: '8480-6',
      display: 'Systolic',
      date,
      value: 110 + Math.floor(random() * 50),
      unit: 'mm[Hg]',
      source: 'EHR',
    });
    record.observations.push({
      id: next('obs'),
      loinc: '8462-4',
      display: 'Diastolic',
      date,
      value: 65 + Math.floor(random() * 35),
      unit: 'mm[Hg]',
      source: 'EHR',
    });
    if (chance(0.3))
      record.observations.push({
        id: next('obs'),
        loinc: '72166-2',
        display: 'Smoking status',
        date,
        valueCode: pick(['449868002', '266919005', '8517006']),
        source: 'EHR',
      });
    if (chance(0.3))
      record.observations.push({
        id: next('obs'),
        loinc: '44261-6',
        display: 'PHQ-9',
        date,
        value: Math.floor(random() * 20),
        source: 'EHR',
      });
  }
  for (let lab = 0; lab < 6 + Math.floor(random() * 14); lab += 1) {
    const [loinc, low, high] = pick(LABS);
    record.observations.push({
      id: next('obs'),
      loinc,
      display: loinc,
      date: randomDate(2022, 2026),
      value: low + random() * (high - low),
      source: 'EHR',
    });
  }
  for (let dx = 0; dx < 1 + Math.floor(random() * 6); dx += 1) {
    const code = pick(DIAGNOSES);
    record.conditions.push({
      id: next('cond'),
      icdCode: code,
      display: code,
      date: randomDate(2018, 2026),
      clinicalStatus: 'active',
      category: 'problem-list-item',
      source: 'EHR',
    });
    record.claims.push({ id: next('claim'), icdCode: code, serviceDate: randomDate(2022, 2026), source: 'HIE' });
  }
  for (let procedure = 0; procedure < Math.floor(random() * 4); procedure += 1) {
    const [system, code] = pick(PROCEDURES);
    record.procedures.push({
      id: next('proc'),
      system,
      code,
      display: code,
      date: randomDate(2014, 2026),
      source: 'EHR',
    });
  }
  if (chance(0.4))
    record.medications.push({
      id: next('med'),
      display: pick(['metformin 500 MG', 'sertraline 50 MG', 'lisinopril 10 MG']),
      startDate: randomDate(2022, 2026),
      status: 'active',
      source: 'EHR',
    });
  return record;
}

const records = Array.from({ length: count }, (_, index) => createRecord(index));
const items = records.reduce(
  (sum, record) => sum + record.observations.length + record.encounters.length + record.conditions.length,
  0,
);

// Warm up the JIT on a slice, then time the whole set.
for (const record of records.slice(0, 2_000)) evaluateCareGaps(record, { asOf: AS_OF });
const statuses: Record<CareGapStatus, number> = { open: 0, closed: 0, prospective: 0, 'not-applicable': 0 };
const started = performance.now();
const cpuStarted = process.cpuUsage();
for (const record of records) for (const gap of evaluateCareGaps(record, { asOf: AS_OF })) statuses[gap.status] += 1;
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStarted);
// CPU time as well as wall time: on a shared machine the CPU figure is the steadier one.
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const perSecond = (n: number) => Math.round(n / seconds).toLocaleString('en-US');
const perCpuSecond = (n: number) => Math.round(n / cpuSeconds).toLocaleString('en-US');

console.log(
  `care gaps: ${String(count)} patients (${(items / count).toFixed(1)} items each, 2022-2026), as of ${AS_OF}`,
);
console.log(
  `  ${perSecond(count)} patients/s, ${perSecond(count * 9)} measure evaluations/s (${seconds.toFixed(2)} s)`,
);
console.log(`  statuses: ${JSON.stringify(statuses)}`);
console.log(`  ${perCpuSecond(count)} patients per CPU second (${cpuSeconds.toFixed(2)} CPU s)`);
