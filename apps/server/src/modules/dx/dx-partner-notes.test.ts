import {
  addSummaryInsightsAgilonNonDxActions,
  type DxCaptureData,
  type EndpointInput,
  getDxCaptureData,
  type PartnerNote,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerNoteActions, partnerNoteHistory } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import type { VisitEventInput } from '../realtime';
import { call, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPartnerNote, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { recordVisitEvents, storeAnalysis } from './dx-test-support';

let test: TestApp;
let organisationId: string;
let patientId: string;
let providerId: string;
let provider: SignedInUser;
let coder: SignedInUser;
let events: VisitEventInput[];

const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db())).id;
  providerId = (await createCareTeam(db(), { organisationId })).provider.id;
  patientId = (await createPatient(db(), { organisationId, primaryProviderId: providerId })).id;
  provider = await tokenFor(test.app, { organisationId, view: 'Provider', firstName: 'Maya', lastName: 'Rivera' });
  coder = await tokenFor(test.app, { organisationId, view: 'Coder', firstName: 'Cora', lastName: 'Coder' });
  await storeAnalysis(db(), { organisationId, patientId, asOf: '2026-06-15', suggestions: [] });
  events = recordVisitEvents(test);
});
afterAll(async () => {
  await test.app.close();
});

let sid: string;
let noteId: string;
beforeEach(async () => {
  sid = (await createAppointment(db(), { organisationId, patientId, providerId, at: '2026-06-15T09:00' })).id;
  noteId = (await createPartnerNote(db(), { organisationId, patientId })).id;
  events.length = 0;
});

type Actions = EndpointInput<typeof addSummaryInsightsAgilonNonDxActions>['actions'];

function act(user: SignedInUser, actions: Actions, visit = sid) {
  return call(test.app, addSummaryInsightsAgilonNonDxActions, { token: user.token, body: { sid: visit, actions } });
}

async function notesSeenBy(user: SignedInUser, visit = sid): Promise<PartnerNote[]> {
  const response = await call(test.app, getDxCaptureData, { token: user.token, body: { sid: visit } });
  expect(response.statusCode).toBe(200);
  return response.json<{ result: DxCaptureData }>().result.partnerNotes;
}

const noteOf = (notes: PartnerNote[], id: string) => notes.find((note) => note.id === id);

async function historyOf(id: string) {
  return db()
    .select()
    .from(partnerNoteHistory)
    .where(eq(partnerNoteHistory.partnerNoteId, id))
    .orderBy(partnerNoteHistory.id);
}

describe("a visit's partner-organisation notes", () => {
  it("are the patient's up to the visit day, newest first, without withdrawn ones, at version 0", async () => {
    const older = await createPartnerNote(db(), {
      organisationId,
      patientId,
      kind: 'medication-review',
      text: 'Review the medications.',
      authoredOn: '2026-03-01',
    });
    const later = await createPartnerNote(db(), { organisationId, patientId, authoredOn: '2026-07-01' });
    const withdrawn = await createPartnerNote(db(), { organisationId, patientId, status: 'cancelled' });
    const ids = (await notesSeenBy(provider)).map((note) => note.id);
    expect(ids.indexOf(noteId)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(withdrawn.id);
    expect(noteOf(await notesSeenBy(provider), older.id)).toEqual({
      id: older.id,
      partner: 'Summit Health Partners',
      kind: 'medication-review',
      text: 'Review the medications.',
      authoredOn: '2026-03-01',
      version: 0,
    });
  });
});

describe('actions on partner notes', () => {
  it.each([
    ['acknowledge', 'acknowledged'],
    ['done', 'done'],
    ['not-applicable', 'not-applicable'],
  ] as const)('records %s with who and when, keeps its history and tells the visit', async (action, status) => {
    const response = await act(provider, [{ noteId, action, note: 'Booked for July', expectedVersion: 0 }]);
    expect(response.statusCode).toBe(200);
    const expected = {
      id: noteId,
      version: 1,
      action: {
        status,
        by: { name: 'Maya Rivera', role: 'provider' },
        at: expect.any(String),
        note: 'Booked for July',
      },
    };
    expect(response.json().result.partnerNotes).toEqual([expect.objectContaining(expected)]);
    expect(noteOf(await notesSeenBy(coder), noteId)).toMatchObject(expected);
    expect((await historyOf(noteId)).map((row) => [row.action, row.status, row.version, row.role])).toEqual([
      [action, status, 1, 'provider'],
    ]);
    expect(events).toEqual([
      {
        organisationId,
        appointmentId: sid,
        event: { kind: 'partner-note.changed', noteIds: [noteId], by: { name: 'Maya Rivera', role: 'provider' } },
      },
    ]);
  });

  it('resets an action to none, and shows an action at the patient’s next visit', async () => {
    await act(coder, [{ noteId, action: 'done', expectedVersion: 0 }]);
    const nextVisit = (await createAppointment(db(), { organisationId, patientId, providerId, at: '2026-08-03T10:00' }))
      .id;
    expect(noteOf(await notesSeenBy(provider, nextVisit), noteId)).toMatchObject({
      version: 1,
      action: { status: 'done', by: { name: 'Cora Coder', role: 'coder' } },
    });
    const reset = await act(provider, [{ noteId, action: 'reset', expectedVersion: 1 }], nextVisit);
    expect(reset.statusCode).toBe(200);
    const note = noteOf(await notesSeenBy(provider), noteId);
    expect(note?.version).toBe(2);
    expect(note?.action).toBeUndefined();
    expect((await historyOf(noteId)).map((row) => [row.action, row.status, row.appointmentId])).toEqual([
      ['done', 'done', sid],
      ['reset', 'none', nextVisit],
    ]);
  });

  it('writes a patient.write audit entry naming the visit', async () => {
    await act(provider, [{ noteId, action: 'acknowledge', expectedVersion: 0 }]);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, provider.user.id), eq(auditLog.action, 'patient.write')));
    expect(entries.map((entry) => [entry.patientId, entry.details])).toContainEqual([
      patientId,
      { what: 'dx-partner-notes', sid, changes: 1 },
    ]);
  });

  it('refuses the later of two actions made from the same version (409) and keeps the first', async () => {
    const other = (await createPartnerNote(db(), { organisationId, patientId })).id;
    expect((await act(provider, [{ noteId, action: 'done', expectedVersion: 0 }])).statusCode).toBe(200);
    const later = await act(coder, [
      { noteId: other, action: 'acknowledge', expectedVersion: 0 },
      { noteId, action: 'not-applicable', expectedVersion: 0 },
    ]);
    expect(later.statusCode).toBe(409);
    const error = later.json().error;
    expect(error.message).toMatch(/^Maya Rivera changed this note at \d\d:\d\d UTC; reload to see it\.$/);
    expect(error.details).toMatchObject({ noteId, current: { version: 1, action: { status: 'done' } } });
    // The whole request failed: its other action was not written either.
    expect(await db().select().from(partnerNoteActions).where(eq(partnerNoteActions.partnerNoteId, other))).toEqual([]);
    expect(events.map((event) => event.event.kind)).toEqual(['partner-note.changed']);
  });

  it('lets exactly one of two simultaneous first actions through', async () => {
    const [left, right] = await Promise.all([
      act(provider, [{ noteId, action: 'done', expectedVersion: 0 }]),
      act(coder, [{ noteId, action: 'not-applicable', expectedVersion: 0 }]),
    ]);
    expect([left.statusCode, right.statusCode].sort()).toEqual([200, 409]);
    expect(await historyOf(noteId)).toHaveLength(1);
  });

  it('refuses a note given twice, a note on a reset, and no action at all, naming the field (422)', async () => {
    const twice = await act(provider, [
      { noteId, action: 'done', expectedVersion: 0 },
      { noteId, action: 'acknowledge', expectedVersion: 0 },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.message).toBe('Invalid actions.1.noteId: A note appears twice');
    const resetNote = await act(provider, [{ noteId, action: 'reset', note: 'why', expectedVersion: 0 }]);
    expect(resetNote.json().error.message).toBe('Invalid actions.0.note: A reset takes no note');
    expect((await act(provider, [])).statusCode).toBe(422);
    expect(await historyOf(noteId)).toEqual([]);
  });
});

describe('who may act on partner notes', () => {
  it('lets a view-only user see the notes but not act (403)', async () => {
    const viewer = await tokenFor(test.app, { organisationId, view: 'Provider', permissions: ['view_only'] });
    expect(noteOf(await notesSeenBy(viewer), noteId)).toBeDefined();
    expect((await act(viewer, [{ noteId, action: 'done', expectedVersion: 0 }])).statusCode).toBe(403);
    expect(await historyOf(noteId)).toEqual([]);
  });

  it("answers 404 for another organisation's note and for another patient's, and writes nothing", async () => {
    const elsewhere = (await createOrganisation(db(), 'Elsewhere')).id;
    const strangerPatient = (await createPatient(db(), { organisationId: elsewhere })).id;
    const foreign = (await createPartnerNote(db(), { organisationId: elsewhere, patientId: strangerPatient })).id;
    const response = await act(provider, [{ noteId: foreign, action: 'done', expectedVersion: 0 }]);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', details: { field: 'actions.0.noteId' } });
    const neighbour = (await createPatient(db(), { organisationId, primaryProviderId: providerId })).id;
    const theirs = (await createPartnerNote(db(), { organisationId, patientId: neighbour })).id;
    expect((await act(provider, [{ noteId: theirs, action: 'done', expectedVersion: 0 }])).statusCode).toBe(404);
    expect([...(await historyOf(foreign)), ...(await historyOf(theirs))]).toEqual([]);
    expect(events).toEqual([]);
  });

  it("answers 404 for another organisation's visit", async () => {
    const elsewhere = (await createOrganisation(db(), 'Farther')).id;
    const stranger = await tokenFor(test.app, { organisationId: elsewhere, view: 'Coder' });
    expect((await act(stranger, [{ noteId, action: 'done', expectedVersion: 0 }])).statusCode).toBe(404);
    expect(await historyOf(noteId)).toEqual([]);
  });
});
