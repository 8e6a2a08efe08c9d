import { suspect, type Suggestion } from '@cairn/clinical';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { carePlans, conditions, encounters, patients } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { loadPatientRecords } from '../analysis';
import { importBundle, type ImportResult } from './ingestion.service';

let database: Database;
let organisationId: string;
let firstImport: ImportResult;

const AS_OF = '2026-06-01';
const snomed = (code: string, display: string) => ({ coding: [{ system: 'http://snomed.info/sct', code, display }] });
const patient = { resourceType: 'Patient', id: 'p1', name: [{ family: 'Ada' }], birthDate: '1950-01-01' };
const alzheimer = {
  resourceType: 'Condition',
  id: 'alzheimer',
  clinicalStatus: { coding: [{ code: 'active' }] },
  code: snomed('26929004', "Alzheimer's disease (disorder)"),
  subject: { reference: 'Patient/p1' },
  onsetDateTime: '2025-01-10',
};
const visit = {
  resourceType: 'Encounter',
  id: 'visit-2025',
  status: 'finished',
  class: { code: 'AMB' },
  subject: { reference: 'Patient/p1' },
  period: { start: '2025-03-01T09:00:00-05:00' },
  reasonCode: [snomed('88805009', 'Chronic congestive heart failure (disorder)')],
};

function carePlan(id: string, category: ReturnType<typeof snomed>, overrides: Record<string, unknown> = {}) {
  return {
    resourceType: 'CarePlan',
    id,
    status: 'active',
    intent: 'plan',
    category: [category],
    subject: { reference: 'Patient/p1' },
    period: { start: '2019-03-01' },
    ...overrides,
  };
}

const copdPlan = carePlan(
  'copd-plan',
  snomed('412776001', 'Chronic obstructive pulmonary disease clinical management plan'),
);
const dementiaPlan = carePlan('dementia-plan', snomed('718347000', 'Mental health care plan'), {
  addresses: [{ reference: 'Condition/alzheimer' }],
});
const completedPlan = carePlan('diabetes-plan', snomed('698360004', 'Diabetes self management plan'), {
  status: 'completed',
});

async function importResources(resources: Record<string, unknown>[]): Promise<ImportResult> {
  const bundle = { resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) };
  return importBundle(database.db, { organisationId, source: 'EHR', bundle });
}

async function patientRow() {
  const [row] = await database.db
    .select()
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), eq(patients.sourceId, 'p1')));
  if (!row) throw new Error('patient not imported');
  return row;
}

async function suggestions(): Promise<Suggestion[]> {
  const { id } = await patientRow();
  const record = (await loadPatientRecords(database.db, organisationId, [id], AS_OF)).get(id)?.record;
  if (!record) throw new Error('record not loaded');
  return suspect(record, { asOf: AS_OF });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
  firstImport = await importResources([patient, alzheimer, visit, copdPlan, dementiaPlan, completedPlan]);
});
afterAll(async () => {
  await database.close();
});

describe('importing care plans and coded visit reasons', () => {
  it('stores the coded reasons of an encounter, SNOMED CT mapped to ICD-10-CM', async () => {
    expect(firstImport.rejected).toEqual([]);
    expect(firstImport.imported).toMatchObject({ CarePlan: 3, Encounter: 1, Condition: 1 });
    const [row] = await database.db.select().from(encounters).where(eq(encounters.organisationId, organisationId));
    expect(row?.reasons).toEqual([
      {
        display: 'Chronic congestive heart failure (disorder)',
        icdCode: 'I509',
        icdMapped: true,
        codings: [
          {
            system: 'http://snomed.info/sct',
            code: '88805009',
            display: 'Chronic congestive heart failure (disorder)',
          },
        ],
      },
    ]);
  });

  it("stores each care plan for the patient, with the condition it addresses resolved on the record's load", async () => {
    const { id: patientId } = await patientRow();
    const rows = await database.db.select().from(carePlans).where(eq(carePlans.organisationId, organisationId));
    expect(rows.map((row) => [row.sourceId, row.status, row.patientId]).sort()).toEqual([
      ['copd-plan', 'active', patientId],
      ['dementia-plan', 'active', patientId],
      ['diabetes-plan', 'completed', patientId],
    ]);
    const [condition] = await database.db.select().from(conditions).where(eq(conditions.sourceId, 'alzheimer'));
    const record = (await loadPatientRecords(database.db, organisationId, [patientId], AS_OF)).get(patientId)?.record;
    expect(
      record?.carePlans.find((plan) => plan.id === rows.find((row) => row.sourceId === 'dementia-plan')?.id),
    ).toMatchObject({
      date: '2019-03-01',
      categories: ['Mental health care plan'],
      addressedConditionIds: [condition?.id],
    });
  });

  it('suggests from them, each with its evidence: a visit reason recaptures, a care plan needs correlation', async () => {
    const found = await suggestions();
    expect(found.map((suggestion) => suggestion.code).sort()).toEqual(['G309', 'I509', 'J449']);
    expect(found.find((suggestion) => suggestion.code === 'I509')).toMatchObject({
      category: 'Recapture',
      evidence: [
        expect.objectContaining({
          resourceType: 'Encounter',
          date: '2025-03-01',
          text: 'Visit reason: Chronic congestive heart failure (disorder) (SNOMED CT 88805009)',
        }),
      ],
    });
    expect(found.find((suggestion) => suggestion.code === 'J449')).toMatchObject({
      category: 'Suspect',
      suspectKind: 'clinical-correlation-needed',
      evidence: [
        expect.objectContaining({
          resourceType: 'CarePlan',
          text: 'Care plan: Chronic obstructive pulmonary disease clinical management plan (active since 2019-03-01)',
        }),
      ],
    });
    expect(found.find((suggestion) => suggestion.code === 'G309')?.evidence).toContainEqual(
      expect.objectContaining({
        resourceType: 'CarePlan',
        text: "Care plan: Mental health care plan (active since 2019-03-01), addresses Alzheimer's disease (disorder)",
      }),
    );
  });

  it('updates a plan on re-import, raising the data version: a completed plan is no longer evidence', async () => {
    const before = await patientRow();
    const result = await importResources([
      { ...copdPlan, status: 'completed', period: { start: '2019-03-01', end: '2026-02-01' } },
    ]);
    expect(result.rejected).toEqual([]);
    expect((await patientRow()).dataVersion).toBe(before.dataVersion + 1);
    expect((await suggestions()).map((suggestion) => suggestion.code)).not.toContain('J449');
    const rows = await database.db.select().from(carePlans).where(eq(carePlans.organisationId, organisationId));
    expect(rows).toHaveLength(3);
  });

  it("rejects a care plan without its patient, and keeps another organisation's plans apart", async () => {
    const result = await importResources([{ ...copdPlan, id: 'orphan', subject: undefined }]);
    expect(result.rejected).toEqual([{ index: 0, resourceType: 'CarePlan', id: 'orphan', reason: 'no subject' }]);
    const other = await createOrganisation(database.db, 'Hillside Clinic');
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [patient, copdPlan].map((resource) => ({ resource })),
    };
    await importBundle(database.db, { organisationId: other.id, source: 'EHR', bundle });
    const theirs = await database.db.select().from(carePlans).where(eq(carePlans.organisationId, other.id));
    expect(theirs.map((row) => [row.sourceId, row.status])).toEqual([['copd-plan', 'active']]);
    const ours = await database.db
      .select()
      .from(carePlans)
      .where(and(eq(carePlans.organisationId, organisationId), eq(carePlans.sourceId, 'copd-plan')));
    expect(ours.map((row) => row.status)).toEqual(['completed']);
  });
});
