import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditions, dxVisitStates } from '../../../db/clinical-schema';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { createAppointment, createPatient } from '../../../testing/clinical-factories';
import { createOrganisation } from '../../../testing/factories';
import { insertRows } from './write-rows';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.app.close();
});

describe('insertRows', () => {
  it('stores every value as given: text with quotes, braces, commas and new lines, JSON, nulls and dates', async () => {
    const { db } = test.app.database;
    const organisation = await createOrganisation(db);
    const patient = await createPatient(db, { organisationId: organisation.id });
    const awkward = ['He said "no", {twice}\\ then\nleft', '', 'NULL', 'ünïcode, €'];
    const rows = awkward.map((display, index) => ({
      id: randomUUID(),
      organisationId: organisation.id,
      patientId: patient.id,
      icdCode: index === 0 ? null : 'E119',
      display,
      codings: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.9', display: `"${display}"` }],
      category: 'problem-list-item',
      onsetDate: '2024-02-29',
      source: 'EHR',
      sourceId: `awkward-${String(index)}`,
    }));
    await insertRows(db, conditions, rows);
    const stored = await db.select().from(conditions).where(eq(conditions.patientId, patient.id));
    expect(
      stored.map(({ id, icdCode, display, codings, onsetDate }) => ({ id, icdCode, display, codings, onsetDate })),
    ).toEqual(
      expect.arrayContaining(
        rows.map(({ id, icdCode, display, codings, onsetDate }) => ({ id, icdCode, display, codings, onsetDate })),
      ),
    );
    expect(stored).toHaveLength(rows.length);
  });

  it('stores timestamps, and a table with a column of arrays as JSON records', async () => {
    const { db } = test.app.database;
    const organisation = await createOrganisation(db);
    const patient = await createPatient(db, { organisationId: organisation.id });
    const visit = await createAppointment(db, {
      organisationId: organisation.id,
      patientId: patient.id,
      at: '2026-03-02T09:30',
    });
    const sentAt = new Date('2026-03-01T15:04:05.123Z');
    await insertRows(db, dxVisitStates, [
      {
        appointmentId: visit.id,
        organisationId: organisation.id,
        scrubSentAt: sentAt,
        postVisitUpdatedIcds: ['E119', 'I10'],
      },
    ]);
    const [state] = await db.select().from(dxVisitStates).where(eq(dxVisitStates.appointmentId, visit.id));
    expect(state).toMatchObject({ scrubSentAt: sentAt, postVisitUpdatedIcds: ['E119', 'I10'], pushedAt: null });
  });
});
