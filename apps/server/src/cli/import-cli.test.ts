import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createOrganisation } from '../testing/factories';
import { SYNTHEA_DIR } from '../modules/ingestion';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, 'import-cli.ts');
const MILAN = join(SYNTHEA_DIR, 'Milan_Beatty_e78d0ed2-1b54-4c30-90ae-f7405af1e402.json');

let dataDir: string;
let slug: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cairn-import-cli-'));
  // The embedded database the command will open: migrated, with one organisation, then closed.
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  await runMigrations(database);
  slug = (await createOrganisation(database.db, 'Lakeside Practice')).slug;
  await database.close();
  const lines = [
    { resourceType: 'Patient', id: 'nd-1', birthDate: '1960-02-03', name: [{ family: 'Okafor', given: ['Ben'] }] },
    { resourceType: 'Condition', id: 'nd-c1', code: { text: 'Gout' }, subject: { reference: 'Patient/nd-1' } },
    { resourceType: 'Condition', id: 'nd-c2', code: { text: 'Gout' } },
  ];
  await writeFile(join(dataDir, 'extra.ndjson'), lines.map((line) => JSON.stringify(line)).join('\n'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run import', () => {
  it('imports bundle and NDJSON files into the organisation and prints the result as its last line', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CAIRN_DATA_DIR: dataDir, CAIRN_DEMO: '0', CAIRN_ENV: 'local' };
    delete env.DATABASE_URL;
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', CLI, '--org', slug, MILAN, join(dataDir, 'extra.ndjson')],
      { env, cwd: join(import.meta.dirname, '..', '..', '..', '..') },
    );
    const lastLine = stdout.trim().split('\n').at(-1) ?? '';
    const result = JSON.parse(lastLine) as {
      imported: Record<string, number>;
      rejected: { index: number; reason: string; file: string }[];
      unmappedSnomed: { code: string; display: string; conditions: number }[];
      totals: Record<string, number>;
    };
    expect(Object.keys(result)).toEqual(['imported', 'rejected', 'unmappedSnomed', 'totals']);
    // Milan's conditions all map to ICD-10-CM; the NDJSON's carry no SNOMED CT code.
    expect(result.unmappedSnomed).toEqual([]);
    expect(result.imported).toMatchObject({ Patient: 2, Condition: 6, Encounter: 15, Observation: 124 });
    expect(result.rejected).toEqual([
      { index: 2, resourceType: 'Condition', id: 'nd-c2', reason: 'no subject', file: 'extra.ndjson' },
    ]);
    expect(result.totals).toEqual({
      patients: 2,
      encounters: 15,
      conditions: 6,
      observations: expect.any(Number) as number,
      medications: 3,
      documents: 0,
    });
  }, 180_000);
});
