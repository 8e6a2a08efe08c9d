import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { claimDiagnoses, conditions, encounters, observations, patients } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { importBundle, organisationTotals, type ImportResult } from './ingestion.service';
import { syntheaFixtures, type SyntheaFixture } from './synthea-fixtures';

let database: Database;
let organisationId: string;
const fixtures = syntheaFixtures();
const firstImport = new Map<string, ImportResult>();

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
  for (const fixture of fixtures) {
    firstImport.set(
      fixture.file,
      await importBundle(database.db, { organisationId, source: 'EHR', bundle: fixture.bundle }),
    );
  }
});
afterAll(async () => {
  await database.close();
});

const IMPORTED_TYPES = [
  'Patient',
  'Organization',
  'Practitioner',
  'Encounter',
  'Condition',
  'Observation',
  'MedicationRequest',
  'Procedure',
  'Immunization',
  'DiagnosticReport',
  'Claim',
  'ExplanationOfBenefit',
  'AllergyIntolerance',
  'CarePlan',
];

function resourcesOf(fixture: SyntheaFixture, type: string) {
  return fixture.bundle.entry.map((entry) => entry.resource).filter((resource) => resource.resourceType === type);
}

async function patientRowId(fixture: SyntheaFixture): Promise<string> {
  const sourceId = String(resourcesOf(fixture, 'Patient')[0]?.id);
  const [row] = await database.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), eq(patients.sourceId, sourceId)));
  if (!row) throw new Error(`patient of ${fixture.file} not imported`);
  return row.id;
}

async function countFor(
  table: typeof conditions | typeof observations | typeof claimDiagnoses | typeof encounters,
  patientId: string,
) {
  const [row] = await database.db.select({ value: count() }).from(table).where(eq(table.patientId, patientId));
  return row?.value ?? 0;
}

describe('importing the ten Synthea bundles', () => {
  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    'imports every readable resource of %s',
    (_file, fixture) => {
      const result = firstImport.get(fixture.file);
      expect(result?.rejected).toEqual([]);
      const expected = Object.fromEntries(
        Object.entries(fixture.readmeCounts).filter(([type]) => IMPORTED_TYPES.includes(type)),
      );
      expect(result?.imported).toEqual(expected);
    },
  );

  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    'stores the patient, conditions, observation rows and claim diagnoses of %s',
    async (_file, fixture) => {
      const patientId = await patientRowId(fixture);
      expect(await countFor(conditions, patientId)).toBe(fixture.readmeCounts.Condition);
      expect(await countFor(encounters, patientId)).toBe(fixture.readmeCounts.Encounter);
      const observationRows = resourcesOf(fixture, 'Observation').reduce(
        (sum, resource) => sum + (Array.isArray(resource.component) ? resource.component.length : 1),
        0,
      );
      expect(await countFor(observations, patientId)).toBe(observationRows);
      const diagnoses = [...resourcesOf(fixture, 'Claim'), ...resourcesOf(fixture, 'ExplanationOfBenefit')].reduce(
        (sum, resource) => sum + (Array.isArray(resource.diagnosis) ? resource.diagnosis.length : 0),
        0,
      );
      expect(await countFor(claimDiagnoses, patientId)).toBe(diagnoses);
    },
  );

  it("answers the organisation's totals: ten patients and all their rows", async () => {
    const totals = await organisationTotals(database.db, organisationId);
    const sum = (type: string) => fixtures.reduce((total, fixture) => total + (fixture.readmeCounts[type] ?? 0), 0);
    expect(totals).toMatchObject({
      patients: 10,
      encounters: sum('Encounter'),
      conditions: sum('Condition'),
      medications: sum('MedicationRequest'),
      documents: 0,
    });
  });

  it('reads the patient: MRN, name, birth date, death, phone and address', async () => {
    const fixture = fixtures.find((item) => item.file.startsWith('Parker_Casper'));
    if (!fixture) throw new Error('fixture missing');
    const [row] = await database.db
      .select()
      .from(patients)
      .where(eq(patients.id, await patientRowId(fixture)));
    expect(row).toMatchObject({
      mrn: '6d0c6969-6843-47e1-9921-d9bf11b1df31',
      firstName: 'Parker',
      lastName: 'Casper',
      birthDate: '1952-07-31',
      gender: 'male',
      deceasedDate: '2021-02-21',
    });
    expect(row?.phone).toMatch(/^555-/);
    expect(row?.address).toMatch(/MA|Massachusetts/);
  });

  it('gives the SNOMED-only Synthea conditions their mapped ICD-10-CM codes', async () => {
    const rows = await database.db
      .select({ icdCode: conditions.icdCode, icdMapped: conditions.icdMapped })
      .from(conditions)
      .where(and(eq(conditions.organisationId, organisationId), eq(conditions.snomedCode, '44054006')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.icdCode === 'E119' && row.icdMapped)).toBe(true);
  });

  it('updates rows on a second import instead of adding them', async () => {
    const before = await organisationTotals(database.db, organisationId);
    const fixture = fixtures[0];
    if (!fixture) throw new Error('fixture missing');
    const patientId = await patientRowId(fixture);
    const [oldCondition] = await database.db
      .select()
      .from(conditions)
      .where(eq(conditions.patientId, patientId))
      .limit(1);
    for (const item of fixtures)
      await importBundle(database.db, { organisationId, source: 'EHR', bundle: item.bundle });
    expect(await organisationTotals(database.db, organisationId)).toEqual(before);
    expect(await patientRowId(fixture)).toBe(patientId);
    const [newCondition] = await database.db
      .select()
      .from(conditions)
      .where(eq(conditions.id, oldCondition?.id ?? ''));
    expect(newCondition?.updatedAt.getTime()).toBeGreaterThanOrEqual(oldCondition?.updatedAt.getTime() ?? Infinity);
  });
});

describe('importing into another organisation', () => {
  it("writes that organisation's own rows and leaves this one's untouched", async () => {
    const before = await organisationTotals(database.db, organisationId);
    const [stamp] = await database.db
      .select({ latest: sql<string>`max(${conditions.updatedAt})::text` })
      .from(conditions)
      .where(eq(conditions.organisationId, organisationId));
    const other = await createOrganisation(database.db, 'Hillside Clinic');
    const fixture = fixtures[0];
    if (!fixture) throw new Error('fixture missing');
    await importBundle(database.db, { organisationId: other.id, source: 'EHR', bundle: fixture.bundle });
    expect(await organisationTotals(database.db, organisationId)).toEqual(before);
    const [after] = await database.db
      .select({ latest: sql<string>`max(${conditions.updatedAt})::text` })
      .from(conditions)
      .where(eq(conditions.organisationId, organisationId));
    expect(after?.latest).toBe(stamp?.latest);
    expect(await organisationTotals(database.db, other.id)).toMatchObject({
      patients: 1,
      conditions: fixture.readmeCounts.Condition,
    });
  });
});
