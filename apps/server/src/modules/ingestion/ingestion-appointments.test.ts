import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { appointments, encounters } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { importBundle, type IngestionSource } from './ingestion.service';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
});
afterAll(async () => {
  await database.close();
});

const patient = { resourceType: 'Patient', id: 'p1', name: [{ family: 'Ada' }], birthDate: '1950-01-01' };

function appointment(id: string) {
  return {
    resourceType: 'Appointment',
    id,
    status: 'arrived',
    start: '2026-11-21T09:00:00-05:00',
    end: '2026-11-21T09:20:00-05:00',
    participant: [{ actor: { reference: 'Patient/p1' }, status: 'accepted' }],
  };
}

function encounter(id: string, appointmentReference?: string) {
  return {
    resourceType: 'Encounter',
    id,
    status: 'arrived',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
    subject: { reference: 'Patient/p1' },
    period: { start: '2026-11-21T09:00:00-05:00' },
    ...(appointmentReference ? { appointment: [{ reference: appointmentReference }] } : {}),
  };
}

async function importResources(
  organisationId: string,
  resources: Record<string, unknown>[],
  source: IngestionSource = 'EHR',
): Promise<void> {
  const bundle = { resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) };
  const result = await importBundle(database.db, { organisationId, source, bundle });
  expect(result.rejected).toEqual([]);
}

/** The source id of the encounter an appointment is linked to, or null. */
async function encounterOfAppointment(organisationId: string, sourceId: string): Promise<string | null | undefined> {
  const [row] = await database.db
    .select({ encounter: encounters.sourceId })
    .from(appointments)
    .leftJoin(encounters, eq(encounters.id, appointments.encounterId))
    .where(and(eq(appointments.organisationId, organisationId), eq(appointments.sourceId, sourceId)));
  return row?.encounter;
}

describe('linking an appointment to its encounter', () => {
  it('links the appointment an Encounter of the same bundle names', async () => {
    const organisationId = (await createOrganisation(database.db)).id;
    await importResources(organisationId, [patient, appointment('a1'), encounter('e1', 'Appointment/a1')]);
    expect(await encounterOfAppointment(organisationId, 'a1')).toBe('e1');
  });

  it('links an appointment of an earlier import when its Encounter comes later', async () => {
    const organisationId = (await createOrganisation(database.db)).id;
    await importResources(organisationId, [patient, appointment('a1')]);
    expect(await encounterOfAppointment(organisationId, 'a1')).toBeNull();
    await importResources(organisationId, [encounter('e1', 'https://ehr.example/fhir/Appointment/a1')]);
    expect(await encounterOfAppointment(organisationId, 'a1')).toBe('e1');
  });

  it('keeps the link when the appointment is imported again without its encounter', async () => {
    const organisationId = (await createOrganisation(database.db)).id;
    await importResources(organisationId, [patient, appointment('a1'), encounter('e1', 'Appointment/a1')]);
    // Beside an appointment that does come with its encounter, in the same import.
    await importResources(organisationId, [
      { ...appointment('a1'), status: 'fulfilled' },
      appointment('a2'),
      encounter('e2', 'Appointment/a2'),
      appointment('a3'),
    ]);
    expect(await encounterOfAppointment(organisationId, 'a1')).toBe('e1');
    expect(await encounterOfAppointment(organisationId, 'a2')).toBe('e2');
    expect(await encounterOfAppointment(organisationId, 'a3')).toBeNull();
  });

  it('moves the link to the encounter that names the appointment last', async () => {
    const organisationId = (await createOrganisation(database.db)).id;
    await importResources(organisationId, [patient, appointment('a1'), encounter('e1', 'Appointment/a1')]);
    await importResources(organisationId, [appointment('a1'), encounter('e2', 'Appointment/a1')]);
    expect(await encounterOfAppointment(organisationId, 'a1')).toBe('e2');
  });

  it("does not link another organisation's or another source's appointment of the same id", async () => {
    const organisationId = (await createOrganisation(database.db)).id;
    const otherOrganisationId = (await createOrganisation(database.db)).id;
    await importResources(otherOrganisationId, [patient, appointment('a1')]);
    await importResources(organisationId, [patient, appointment('a1')], 'HIE');
    await importResources(organisationId, [patient, encounter('e1', 'Appointment/a1')]);
    expect(await encounterOfAppointment(otherOrganisationId, 'a1')).toBeNull();
    expect(await encounterOfAppointment(organisationId, 'a1')).toBeNull();
  });
});
