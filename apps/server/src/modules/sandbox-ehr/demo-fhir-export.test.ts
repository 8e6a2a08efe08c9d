import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandboxRepository, loadSandboxData } from '@cairn/ehr-sandbox';
import type { Appointment, Bundle, Encounter, Location, Organization, Patient, Practitioner } from '@medplum/fhirtypes';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  appointments,
  clinics,
  conditions,
  departments,
  encounters,
  patients,
  providers,
} from '../../db/clinical-schema';
import { organisations } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { importBundle } from '../ingestion';
import { DEMO_PATIENTS, seedDemo, localIsoDate } from '../demo';
import { exportDemoFhir } from './demo-fhir-export';

let test: TestApp;
let db: Db;
let organisationId: string;
const dataDir = mkdtempSync(join(tmpdir(), 'cairn-demo-fhir-export-'));
const today = localIsoDate();

beforeAll(async () => {
  test = await buildTestApp({ env: { CAIRN_DATA_DIR: dataDir } });
  db = test.app.database.db;
  await seedDemo(db, test.config, { today });
  const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, 'demo'));
  organisationId = organisation?.id ?? '';
}, 60_000);
afterAll(async () => {
  await test.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const TABLES = { clinics, departments, providers, patients, appointments, conditions } as const;

/**
 * The organisation's EHR rows of each table, without the bookkeeping an import always moves: when
 * the row was written and the patient's change counter (an import marks its patients for analysis),
 * and on clinics, departments and providers when the sync last wrote them and what it said (the demo's
 * seed writes these rows without a sync).
 */
async function storedRows(): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const rows = await db
      .select()
      .from(table)
      .where(and(eq(table.organisationId, organisationId), eq(table.source, 'EHR')))
      .orderBy(asc(table.id));
    snapshot[name] = rows.map((row) => ({
      ...row,
      updatedAt: undefined,
      dataVersion: undefined,
      ...('syncedAt' in row ? { syncedAt: undefined, ehrValues: undefined } : {}),
    }));
  }
  return snapshot;
}

function resourcesOf<T>(bundle: Bundle, type: string): T[] {
  return (bundle.entry ?? []).flatMap((entry) => (entry.resource?.resourceType === type ? [entry.resource as T] : []));
}

async function reimport(bundle: Bundle): Promise<void> {
  const result = await importBundle(db, { organisationId, source: 'EHR', bundle });
  expect(result.rejected).toEqual([]);
}

describe('the demo organisation as FHIR', () => {
  it('answers every EHR patient, with the MRN typed MR, in well under a second', async () => {
    const started = performance.now();
    const bundle = await exportDemoFhir(db, { organisationId, today });
    expect(performance.now() - started).toBeLessThan(1000);
    const exported = resourcesOf<Patient>(bundle, 'Patient');
    expect(exported).toHaveLength(DEMO_PATIENTS);
    expect(exported.find((patient) => patient.id === 'demo-0')?.identifier).toContainEqual(
      expect.objectContaining({ value: 'D0000001', type: { coding: [expect.objectContaining({ code: 'MR' })] } }),
    );
    for (const type of ['Organization', 'Location', 'Practitioner', 'Condition', 'Appointment']) {
      expect(resourcesOf(bundle, type).length).toBeGreaterThan(0);
    }
  });

  it('gives each of today’s visits an encounter naming it, and none to other days', async () => {
    const bundle = await exportDemoFhir(db, { organisationId, today });
    const visitsToday = resourcesOf<Appointment>(bundle, 'Appointment').filter((visit) =>
      visit.start?.startsWith(today),
    );
    const named = resourcesOf<Encounter>(bundle, 'Encounter').map((encounter) => encounter.appointment?.[0]?.reference);
    expect(visitsToday.length).toBeGreaterThan(0);
    expect(named.sort()).toEqual(visitsToday.map((visit) => `Appointment/${visit.id ?? ''}`).sort());
  });

  it('is valid FHIR R4: the sandbox EHR loads all of it', async () => {
    const bundle = await exportDemoFhir(db, { organisationId, today });
    const summary = await loadSandboxData(createSandboxRepository(), bundle);
    const total = Object.values(summary.counts).reduce((sum, count) => sum + count, 0);
    expect(total).toBe(bundle.entry?.length);
  });

  it('imports back without changing a stored row, apart from linking today’s visits to their new encounters', async () => {
    const before = await storedRows();
    await reimport(await exportDemoFhir(db, { organisationId, today }));
    const after = await storedRows();
    const withoutEncounter = (rows: unknown[] | undefined) =>
      rows?.map((row) => ({ ...(row as Record<string, unknown>), encounterId: undefined }));
    expect({ ...after, appointments: withoutEncounter(after.appointments) }).toEqual({
      ...before,
      appointments: withoutEncounter(before.appointments),
    });

    const linked = await db
      .select({ visit: appointments.sourceId, encounter: encounters.sourceId })
      .from(appointments)
      .innerJoin(encounters, eq(encounters.id, appointments.encounterId))
      .where(and(eq(appointments.organisationId, organisationId), eq(appointments.serviceDate, today)));
    expect(linked.length).toBeGreaterThan(0);
    for (const row of linked) expect(row.encounter).toBe(`${row.visit}-encounter`);

    // Now that Cairn holds the encounters too, a second round trip changes nothing at all.
    await reimport(await exportDemoFhir(db, { organisationId, today }));
    expect(await storedRows()).toEqual(after);
  });

  it("serves the EHR's values of fields an administrator edited in Cairn, not the edits", async () => {
    const [provider] = await db.select().from(providers).where(eq(providers.sourceId, 'demo-provider-0'));
    const [department] = await db.select().from(departments).where(eq(departments.organisationId, organisationId));
    const [clinic] = await db
      .select()
      .from(clinics)
      .where(eq(clinics.id, department?.clinicId ?? ''));
    const [otherClinic] = await db
      .select()
      .from(clinics)
      .where(and(eq(clinics.organisationId, organisationId), ne(clinics.id, clinic?.id ?? '')));
    if (!provider || !department || !clinic || !otherClinic) throw new Error('the demo has no such rows');
    const editedProvider = { editedFields: ['lastName'], ehrValues: { lastName: provider.lastName } };
    await db
      .update(providers)
      .set({ lastName: 'Edited', ...editedProvider })
      .where(eq(providers.id, provider.id));
    await db
      .update(departments)
      .set({
        name: 'Edited',
        clinicId: otherClinic.id,
        editedFields: ['name', 'clinicId'],
        ehrValues: { name: department.name, clinicId: clinic.id },
      })
      .where(eq(departments.id, department.id));
    await db
      .update(clinics)
      .set({ name: 'Edited', editedFields: ['name'], ehrValues: { name: clinic.name } })
      .where(eq(clinics.id, clinic.id));

    const bundle = await exportDemoFhir(db, { organisationId, today });
    const practitioner = resourcesOf<Practitioner>(bundle, 'Practitioner').find((row) => row.id === provider.sourceId);
    expect(practitioner?.name?.[0]?.family).toBe(provider.lastName);
    const location = resourcesOf<Location>(bundle, 'Location').find((row) => row.id === department.sourceId);
    expect(location).toMatchObject({
      name: department.name,
      managingOrganization: { reference: `Organization/${clinic.sourceId}` },
    });
    const organization = resourcesOf<Organization>(bundle, 'Organization').find((row) => row.id === clinic.sourceId);
    expect(organization?.name).toBe(clinic.name);
  });
});
