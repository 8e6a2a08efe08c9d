import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { importBundle } from './ingestion.service';

let database: Database;
let organisationId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
});
afterAll(async () => {
  await database.close();
});

function condition(id: string, code: string, display: string) {
  return {
    resource: {
      resourceType: 'Condition',
      id,
      subject: { reference: 'Patient/unmapped-1' },
      clinicalStatus: { coding: [{ code: 'active' }] },
      code: { coding: [{ system: 'http://snomed.info/sct', code, display }] },
    },
  };
}

describe('conditions coded only in SNOMED CT', () => {
  it('reports each code stored without an ICD-10-CM code, with its count, and keeps the conditions', async () => {
    const result = await importBundle(database.db, {
      organisationId,
      source: 'EHR',
      bundle: {
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          { resource: { resourceType: 'Patient', id: 'unmapped-1', birthDate: '1950-01-01' } },
          condition('u1', '999999001', 'A condition no map knows'),
          condition('u2', '999999001', 'A condition no map knows'),
          condition('u3', '38341003', 'Hypertension'),
        ],
      },
    });
    expect(result.imported).toMatchObject({ Condition: 3 });
    expect(result.unmappedSnomed).toEqual([{ code: '999999001', display: 'A condition no map knows', conditions: 2 }]);
  });

  it('reports nothing when every condition has an ICD-10-CM code', async () => {
    const result = await importBundle(database.db, {
      organisationId,
      source: 'EHR',
      bundle: {
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          { resource: { resourceType: 'Patient', id: 'unmapped-1', birthDate: '1950-01-01' } },
          condition('u4', '698754002', 'Chronic paralysis due to lesion of spinal cord'),
        ],
      },
    });
    expect(result.unmappedSnomed).toEqual([]);
  });
});
