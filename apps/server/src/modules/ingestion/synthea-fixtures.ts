import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFhirJson } from '../../integrations/fhir/fhir-json';

/** The ten Synthea bundles of the test fixtures and the per-file counts their README states. */
export const SYNTHEA_DIR = join(import.meta.dirname, '..', '..', 'testing', 'fixtures', 'synthea');

export interface SyntheaFixture {
  file: string;
  bundle: { entry: { resource: Record<string, unknown> }[] };
  /** Entries per resource type, from the README ("Observation 400, Claim 57, ..."). */
  readmeCounts: Record<string, number>;
}

export function syntheaFixtures(): SyntheaFixture[] {
  const readme = readFileSync(join(SYNTHEA_DIR, 'README.md'), 'utf8');
  return readdirSync(SYNTHEA_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const section = readme.split(`### \`${file}\``)[1] ?? '';
      const line = /entries: ([^\n]+)/.exec(section)?.[1] ?? '';
      const readmeCounts = Object.fromEntries(
        line.split(', ').map((item) => {
          const [type = '', count = '0'] = item.trim().split(' ');
          return [type, Number(count)];
        }),
      );
      return {
        file,
        bundle: parseFhirJson(readFileSync(join(SYNTHEA_DIR, file), 'utf8')) as SyntheaFixture['bundle'],
        readmeCounts,
      };
    });
}
