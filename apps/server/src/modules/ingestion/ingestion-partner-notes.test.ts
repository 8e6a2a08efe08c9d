import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { partnerNotes, patients } from '../../db/clinical-schema';
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

const patient = { resourceType: 'Patient', id: 'p1', name: [{ family: 'Ada' }], birthDate: '1950-01-01' };

const wellnessTask = {
  resourceType: 'Task',
  id: 'awv-1',
  status: 'requested',
  intent: 'proposal',
  code: { coding: [{ system: 'urn:oid:2.16.840.1.113883.6.285', code: 'G0439', display: 'Annual wellness visit' }] },
  description: 'Schedule the annual wellness visit.',
  for: { reference: 'Patient/p1' },
  authoredOn: '2026-05-02',
  requester: { display: 'Summit Health Partners', type: 'Organization' },
};

const medicationRequest = {
  resourceType: 'CommunicationRequest',
  id: 'med-1',
  status: 'active',
  category: [{ coding: [{ system: 'http://snomed.info/sct', code: '182836005' }] }],
  subject: { reference: 'Patient/p1' },
  sender: { display: 'Summit Health Partners' },
  authoredOn: '2026-04-20T08:00:00Z',
  payload: [{ contentString: 'Review the medications: four prescribers.' }],
};

const practiceTask = {
  ...wellnessTask,
  id: 'front-desk-1',
  requester: { reference: 'Practitioner/dr-1' },
  description: 'Call the patient about the appointment.',
};

function bundleOf(resources: Record<string, unknown>[]) {
  return { resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) };
}

async function storedNotes() {
  return database.db
    .select({
      sourceId: partnerNotes.sourceId,
      resourceType: partnerNotes.resourceType,
      partner: partnerNotes.partner,
      kind: partnerNotes.kind,
      text: partnerNotes.text,
      authoredOn: partnerNotes.authoredOn,
      status: partnerNotes.status,
      source: partnerNotes.source,
      patientSourceId: patients.sourceId,
    })
    .from(partnerNotes)
    .innerJoin(patients, eq(patients.id, partnerNotes.patientId))
    .where(eq(partnerNotes.organisationId, organisationId))
    .orderBy(partnerNotes.sourceId);
}

describe('importing partner-organisation notes', () => {
  it('stores a Task and a CommunicationRequest naming a partner, linked to their patient, and skips a practice task', async () => {
    const result = await importBundle(database.db, {
      organisationId,
      source: 'HIE',
      bundle: bundleOf([patient, wellnessTask, medicationRequest, practiceTask]),
    });
    expect(result).toEqual({
      imported: { Patient: 1, Task: 1, CommunicationRequest: 1 },
      rejected: [],
      unmappedSnomed: [],
    });
    expect(await storedNotes()).toEqual([
      {
        sourceId: 'awv-1',
        resourceType: 'Task',
        partner: 'Summit Health Partners',
        kind: 'annual-wellness-visit',
        text: 'Schedule the annual wellness visit.',
        authoredOn: '2026-05-02',
        status: 'requested',
        source: 'HIE',
        patientSourceId: 'p1',
      },
      {
        sourceId: 'med-1',
        resourceType: 'CommunicationRequest',
        partner: 'Summit Health Partners',
        kind: 'medication-review',
        text: 'Review the medications: four prescribers.',
        authoredOn: '2026-04-20',
        status: 'active',
        source: 'HIE',
        patientSourceId: 'p1',
      },
    ]);
  });

  it('updates a note imported again instead of adding one', async () => {
    const [before] = await database.db
      .select({ id: partnerNotes.id })
      .from(partnerNotes)
      .where(and(eq(partnerNotes.organisationId, organisationId), eq(partnerNotes.sourceId, 'awv-1')));
    const cancelled = { ...wellnessTask, status: 'cancelled', description: 'Annual wellness visit already booked.' };
    const result = await importBundle(database.db, {
      organisationId,
      source: 'HIE',
      bundle: bundleOf([patient, cancelled, medicationRequest]),
    });
    expect(result.rejected).toEqual([]);
    const notes = await storedNotes();
    expect(notes.map((note) => note.sourceId)).toEqual(['awv-1', 'med-1']);
    expect(notes[0]).toMatchObject({ status: 'cancelled', text: 'Annual wellness visit already booked.' });
    const [after] = await database.db
      .select({ id: partnerNotes.id })
      .from(partnerNotes)
      .where(and(eq(partnerNotes.organisationId, organisationId), eq(partnerNotes.sourceId, 'awv-1')));
    expect(after?.id).toBe(before?.id);
  });

  it('rejects a partner note it cannot read naming the field, and keeps the rest of the bundle', async () => {
    const undated = { ...wellnessTask, id: 'awv-2', authoredOn: undefined };
    const unknownPatient = { ...medicationRequest, id: 'med-2', subject: { reference: 'Patient/nobody' } };
    const result = await importBundle(database.db, {
      organisationId,
      source: 'HIE',
      bundle: bundleOf([patient, undated, unknownPatient]),
    });
    expect(result.rejected).toEqual([
      { index: 1, resourceType: 'Task', id: 'awv-2', reason: 'missing or invalid Task.authoredOn' },
      { index: 2, resourceType: 'CommunicationRequest', id: 'med-2', reason: 'unknown patient' },
    ]);
    expect(result.imported).toEqual({ Patient: 1 });
    expect((await storedNotes()).map((note) => note.sourceId)).toEqual(['awv-1', 'med-1']);
  });
});
