import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImportFiles } from './import-files';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cairn-import-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readImportFiles', () => {
  it('reads a JSON bundle as it is and the resources of an NDJSON file as one collection', async () => {
    const bundle = { resourceType: 'Bundle', type: 'transaction', entry: [] };
    await writeFile(join(dir, 'one.json'), JSON.stringify(bundle));
    await writeFile(
      join(dir, 'two.ndjson'),
      '{"resourceType":"Patient","id":"a"}\n\n{"resourceType":"Condition","id":"b"}\n',
    );
    const inputs = await readImportFiles([join(dir, 'one.json'), join(dir, 'two.ndjson')]);
    expect(inputs).toEqual([
      { file: 'one.json', bundle },
      {
        file: 'two.ndjson',
        bundle: {
          resourceType: 'Bundle',
          type: 'collection',
          entry: [
            { resource: { resourceType: 'Patient', id: 'a' } },
            { resource: { resourceType: 'Condition', id: 'b' } },
          ],
        },
      },
    ]);
  });

  it('names the file that is missing, is not JSON, or is not FHIR', async () => {
    await writeFile(join(dir, 'broken.json'), '{"resourceType":');
    await writeFile(join(dir, 'other.json'), '{"hello":1}');
    await expect(readImportFiles([join(dir, 'missing.json')])).rejects.toThrow(/Cannot read .*missing\.json: ENOENT/);
    await expect(readImportFiles([join(dir, 'broken.json')])).rejects.toThrow(/broken\.json is not valid JSON/);
    await expect(readImportFiles([join(dir, 'other.json')])).rejects.toThrow(/other\.json is not a FHIR bundle/);
  });
});
