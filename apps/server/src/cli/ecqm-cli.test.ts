import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { referenceDataDir } from '@cairn/clinical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, 'ecqm-cli.ts');
const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const deckCase = (measure: string, patient: string): string =>
  join(referenceDataDir(), 'ecqm-tests', measure, patient, 'bundle.json');
// Two cases of the CMS165 deck: chronic kidney disease stage 5 (excluded); BP 139/89 taken in an
// emergency visit (not in the numerator).
const EXCLUDED = { patient: '0b9cb569-149a-4b47-a535-66b59a77bceb', file: '' };
const EMERGENCY_BP = { patient: '6885264d-efbf-4e48-99a2-2e8ce29d61ba', file: '' };

let scratch: string;
let badFile: string;

beforeAll(async () => {
  EXCLUDED.file = deckCase('CMS165', EXCLUDED.patient);
  EMERGENCY_BP.file = deckCase('CMS165', EMERGENCY_BP.patient);
  scratch = await mkdtemp(join(tmpdir(), 'cairn-ecqm-cli-'));
  badFile = join(scratch, 'broken.json');
  await writeFile(badFile, '{"resourceType": "Bundle", "entry": [');
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function ecqm(args: string[]): Promise<Record<string, unknown>[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

interface Report {
  resourceType: string;
  measure: string;
  subject: { reference: string };
  period: { start: string; end: string };
  group: { population: { code: { coding: { code: string }[] }; count: number }[] }[];
}

const counts = (report: Report): Record<string, number>[] =>
  report.group.map((group) =>
    Object.fromEntries(
      group.population.map((population): [string, number] => [population.code.coding[0]?.code ?? '', population.count]),
    ),
  );

describe('npm run ecqm', () => {
  it('writes one MeasureReport per file and measure, and an OperationOutcome for a bad file', async () => {
    const lines = await ecqm([
      '--measure',
      'CMS165',
      '--period-start',
      '2025-01-01',
      '--period-end',
      '2025-12-31',
      EXCLUDED.file,
      badFile,
      EMERGENCY_BP.file,
    ]);
    expect(lines.map((line) => line.resourceType)).toEqual(['MeasureReport', 'OperationOutcome', 'MeasureReport']);
    const [excluded, bad, emergency] = lines as [Report, Record<string, unknown>, Report];
    expect(excluded).toMatchObject({
      measure: 'https://madie.cms.gov/Measure/ControllingHighBloodPressureFHIR',
      subject: { reference: `Patient/${EXCLUDED.patient}` },
      period: { start: '2025-01-01', end: '2025-12-31' },
      type: 'individual',
    });
    expect(counts(excluded)).toEqual([
      { 'initial-population': 1, denominator: 1, 'denominator-exclusion': 1, numerator: 0 },
    ]);
    expect(counts(emergency)).toEqual([
      { 'initial-population': 1, denominator: 1, 'denominator-exclusion': 0, numerator: 0 },
    ]);
    expect(bad).toMatchObject({ issue: [{ severity: 'error', diagnostics: expect.stringContaining('broken.json') }] });
  });

  it('runs every measure with --measure all, over the measures’ own period by default', async () => {
    const lines = (await ecqm(['--measure', 'all', EMERGENCY_BP.file])) as unknown as Report[];
    expect(lines).toHaveLength(12);
    expect(new Set(lines.map((report) => report.measure)).size).toBe(12);
    expect(lines.every((report) => report.period.start === '2025-01-01' && report.period.end === '2025-12-31')).toBe(
      true,
    );
    // Compiling all twelve measures takes seconds; more on CI's two busy cores.
  }, 120_000);

  it('fails with the usage on an unknown measure', async () => {
    await expect(ecqm(['--measure', 'CMS9999', EXCLUDED.file])).rejects.toMatchObject({
      stderr: expect.stringContaining('Unknown measure CMS9999'),
    });
  });
});
