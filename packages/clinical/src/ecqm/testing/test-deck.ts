/**
 * The measure developers' test decks (`data/ecqm-tests`, see its README) as vitest suites: one test per
 * case, which runs the case's bundle through its own measure and compares the individual MeasureReport's
 * population counts, group by group, with the case's expected ones. A case listed in
 * `KNOWN_DISAGREEMENTS` must give exactly the populations listed there instead (docs/quality.md explains
 * each from the measure's CQL), so that a fix, or any other change, shows.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Bundle } from 'fhir/r4';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceDataDir } from '../../data-dir';
import { createEcqmEngine, type EcqmEngine } from '../ecqm-engine';
import type { EcqmMeasureId } from '../measure-catalog';
import { reportPopulationCounts } from '../measure-report';
import { KNOWN_DISAGREEMENTS } from './known-disagreements';

export interface TestDeckCase {
  patientId: string;
  description: string;
  bundle: Bundle;
  /** Expected counts per population code, one entry per group. */
  expected: Record<string, number>[];
}

interface ExpectedFile {
  description: string;
  period: { start: string; end: string };
  groups: { populations: Record<string, number> }[];
}

/** Every case of a measure's deck, in folder order. */
export function readTestDeck(measureId: EcqmMeasureId, dataDir = referenceDataDir()): TestDeckCase[] {
  const folder = join(dataDir, 'ecqm-tests', measureId);
  return readdirSync(folder)
    .sort()
    .map((patientId) => {
      const read = (file: string): unknown => JSON.parse(readFileSync(join(folder, patientId, file), 'utf8'));
      const expected = read('expected.json') as ExpectedFile;
      return {
        patientId,
        description: expected.description.trim(),
        bundle: read('bundle.json') as Bundle,
        expected: expected.groups.map((group) => group.populations),
      };
    });
}

/** The counts of the expected populations only, per group, from Cairn's MeasureReport for the case. */
export async function actualCounts(engine: EcqmEngine, measureId: EcqmMeasureId, testCase: TestDeckCase) {
  const [patient] = await engine.evaluate([testCase.bundle], {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    measures: [measureId],
  });
  const report = patient?.measures[0]?.report;
  if (!report) throw new Error(`No MeasureReport for ${testCase.patientId}`);
  const groups = reportPopulationCounts(report);
  return testCase.expected.map((expected, index) =>
    Object.fromEntries(Object.keys(expected).map((code) => [code, groups[index]?.populations[code]])),
  );
}

/** A suite with one test per case of the measure's deck (see the module comment). */
export function describeTestDeck(measureId: EcqmMeasureId): void {
  describe(`${measureId} test deck (data/ecqm-tests)`, () => {
    let engine: EcqmEngine;
    beforeAll(async () => {
      engine = createEcqmEngine();
      // Compile the measure before the first case's clock starts (it takes seconds on a busy machine).
      await engine.evaluate([], { periodStart: '2025-01-01', periodEnd: '2025-12-31', measures: [measureId] });
    }, 120_000);
    for (const testCase of readTestDeck(measureId)) {
      const known = KNOWN_DISAGREEMENTS.find(
        (item) => item.measureId === measureId && item.patientId === testCase.patientId,
      );
      const name = `${measureId} ${testCase.description} (${testCase.patientId.slice(0, 8)})`;
      if (known) {
        it(`${name}: gives the known disagreement, ${known.why}`, async () => {
          const actual = await actualCounts(engine, measureId, testCase);
          expect(actual).toEqual(known.cairn);
          expect(actual).not.toEqual(testCase.expected);
        });
      } else {
        it(name, async () => {
          expect(await actualCounts(engine, measureId, testCase)).toEqual(testCase.expected);
        });
      }
    }
  });
}
