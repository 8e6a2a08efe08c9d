/**
 * The hand-written care-gap engine (`evaluateCareGaps`) against CMS's CQL (`@cairn/clinical/ecqm`) on the
 * same records: the demo generator's patients and the benchmark's five-year synthetic records, the
 * measurement period 2025 (records as of 2025-12-31). Prints, per measure both engines have, how the
 * statuses pair up, and a few records of each disagreement with both engines' reasons; docs/quality.md
 * explains the differences. Usage: node --import tsx bench/ecqm-compare.ts [demo patients] [synthetic records] [examples]
 */
import { evaluateCareGaps, type CareGap } from '../packages/clinical/src/care-gaps';
import { createEcqmEngine, toCareGap, toFhirBundle } from '../packages/clinical/src/ecqm';
import type { PatientRecord } from '../packages/clinical/src/record';
import { generateRecord } from '../packages/clinical/src/suspecting/testing/generate-record';
import { careProviders, generateOrganisation } from '../apps/server/src/modules/demo/generator/generate-organisation';
import { generatePatient } from '../apps/server/src/modules/demo/generator/generate-patient';
import { toPatientRecord } from '../apps/server/src/modules/demo/generator/to-record';

const demoCount = Number(process.argv[2] ?? 300);
const syntheticCount = Number(process.argv[3] ?? 300);
const examplesPerPair = Number(process.argv[4] ?? 3);
const AS_OF = '2025-12-31';
const ORGANISATION = '00000000-0000-4000-8000-000000000000';

function demoRecords(count: number): PatientRecord[] {
  let next = 0;
  const newId = () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;
  const organisation = generateOrganisation({
    organisationId: ORGANISATION,
    seed: 19,
    providerCount: 4,
    prefix: 'demo',
    newId,
  });
  const team = careProviders(organisation);
  return Array.from({ length: count }, (_, index) =>
    toPatientRecord(
      generatePatient({
        organisationId: ORGANISATION,
        seed: 19,
        index,
        today: AS_OF,
        primaryProvider: team[index % team.length] ?? team[0]!,
        providers: team,
        prefix: 'demo',
        newId,
      }),
    ),
  );
}

/**
 * A status with the reason a measure does not apply (`n/a:excluded`). The hand-written engine's age, sex
 * and diagnosis reasons read as the CQL engine's `not-in-population`, which does not say which failed.
 */
function statusOf(gap: CareGap): string {
  if (gap.status !== 'not-applicable') return gap.status;
  const reason = gap.notApplicableReason ?? 'not-in-population';
  return `n/a:${['age', 'sex', 'no-qualifying-diagnosis'].includes(reason) ? 'not-in-population' : reason}`;
}

const describeGap = (gap: CareGap): string =>
  `${statusOf(gap)} | ${gap.reason} | ${gap.evidence.map((item) => `${item.role}:${item.description}@${item.date}`).join('; ')}`;

async function compare(label: string, records: PatientRecord[]): Promise<void> {
  const engine = createEcqmEngine();
  const pairs = new Map<string, { count: number; examples: string[] }>();
  for (const record of records) {
    const hand = evaluateCareGaps(record, { asOf: AS_OF });
    const [patient] = await engine.evaluate([toFhirBundle(record, { asOf: AS_OF })], {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      measures: hand.map((gap) => gap.measureId as never),
    });
    for (const handGap of hand) {
      const result = patient?.measures.find((measure) => measure.measureId === handGap.measureId);
      if (!result) continue;
      const cqlGap = toCareGap(result);
      const key = `${handGap.measureId} ${statusOf(handGap)} -> ${statusOf(cqlGap)}`;
      const pair = pairs.get(key) ?? { count: 0, examples: [] };
      pair.count += 1;
      if (statusOf(handGap) !== statusOf(cqlGap) && pair.examples.length < examplesPerPair) {
        pair.examples.push(
          `${record.patientId} born ${record.demographics.birthDate} ${record.demographics.sex ?? '?'}\n      hand: ${describeGap(handGap)}\n      cql:  ${describeGap(cqlGap)}`,
        );
      }
      pairs.set(key, pair);
    }
  }
  console.log(`\n## ${label}: ${String(records.length)} records, period 2025 (hand-written status -> CQL status)`);
  for (const [key, pair] of [...pairs].sort(([left], [right]) => left.localeCompare(right, 'en', { numeric: true }))) {
    const [measure, from, , to] = key.split(' ');
    console.log(`${from === to ? '  ' : '≠ '}${measure ?? ''} ${from ?? ''} -> ${to ?? ''}: ${String(pair.count)}`);
    for (const example of pair.examples) console.log(`    ${example}`);
  }
}

await compare('demo generator', demoRecords(demoCount));
await compare(
  'synthetic five-year records (generate-record.ts)',
  Array.from({ length: syntheticCount }, (_, seed) => generateRecord(seed + 1, AS_OF)),
);
