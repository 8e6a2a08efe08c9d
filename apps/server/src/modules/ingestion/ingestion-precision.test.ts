import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { observations } from '../../db/clinical-schema';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { readImportFiles } from './import-files';
import { importBundle } from './ingestion.service';

/** Issue 16, item 2: a result keeps the decimal places it was reported with (7.70 %, not 7.7 %). */

let database: Database;
let organisationId: string;
let dir: string;

function observation(id: string, value: string): string {
  return `{"resourceType":"Observation","id":"${id}","status":"final","subject":{"reference":"Patient/p-1"},
    "effectiveDateTime":"2026-03-02","code":{"coding":[{"system":"http://loinc.org","code":"${id}"}]},${value}}`;
}

const BUNDLE = `{"resourceType":"Bundle","type":"collection","entry":[
  {"resource":{"resourceType":"Patient","id":"p-1","name":[{"family":"Okafor"}],"birthDate":"1950-01-02"}},
  {"resource":${observation('4548-4', '"valueQuantity":{"value":7.70,"unit":"%"}')}},
  {"resource":${observation('2345-7', '"valueQuantity":{"value":95,"unit":"mg/dL"}')}},
  {"resource":${observation('44261-6', '"valueInteger":5')}},
  {"resource":${observation(
    '85354-9',
    `"component":[
      {"code":{"coding":[{"system":"http://loinc.org","code":"8480-6"}]},"valueQuantity":{"value":120.0,"unit":"mm[Hg]"}},
      {"code":{"coding":[{"system":"http://loinc.org","code":"8462-4"}]},"valueQuantity":{"value":8.05e1,"unit":"mm[Hg]"}}]`,
  )}}
]}`;

beforeAll(async () => {
  database = await openTestDatabase();
  organisationId = (await createOrganisation(database.db)).id;
  dir = await mkdtemp(join(tmpdir(), 'cairn-precision-'));
  await writeFile(join(dir, 'results.json'), BUNDLE);
  for (const input of await readImportFiles([join(dir, 'results.json')])) {
    await importBundle(database.db, { organisationId, source: 'EHR', bundle: input.bundle });
  }
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

async function storedResult(loinc: string) {
  const [row] = await database.db
    .select({ value: observations.value, decimals: observations.valueDecimals })
    .from(observations)
    .where(and(eq(observations.organisationId, organisationId), eq(observations.loinc, loinc)));
  return row;
}

describe('importing results from a file', () => {
  it('stores the decimal places each value was written with', async () => {
    expect(await storedResult('4548-4')).toEqual({ value: 7.7, decimals: 2 });
    expect(await storedResult('2345-7')).toEqual({ value: 95, decimals: 0 });
    expect(await storedResult('44261-6')).toEqual({ value: 5, decimals: 0 });
  });

  it("stores a panel's component values with their own places", async () => {
    expect(await storedResult('8480-6')).toEqual({ value: 120, decimals: 1 });
    expect(await storedResult('8462-4')).toEqual({ value: 80.5, decimals: 1 });
  });

  it('leaves the places unknown for a bundle built in code, whose numbers have no text', async () => {
    const bundle = JSON.parse(BUNDLE.replace('"value":7.70', '"value":7.71')) as unknown;
    await importBundle(database.db, { organisationId, source: 'HIE', bundle });
    const [row] = await database.db
      .select({ decimals: observations.valueDecimals })
      .from(observations)
      .where(
        and(
          eq(observations.organisationId, organisationId),
          eq(observations.source, 'HIE'),
          eq(observations.loinc, '4548-4'),
        ),
      );
    expect(row).toEqual({ decimals: null });
  });
});
