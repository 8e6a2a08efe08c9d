import {
  addSummaryNote,
  getReadyPostVisits,
  getSummaryNotes,
  getSummaryNotifications,
  updatePostVisitViewed,
  updateSummaryUpdateViewed,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encounters, postVisitReviews, summaryUpdates } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { call, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import {
  createAppointment,
  createCareTeam,
  createPatient,
  linkUserToProvider,
  type CareTeam,
} from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';

let test: TestApp;
let organisationId: string;
let team: CareTeam;
let otherTeam: CareTeam;
let coder: { user: { id: string }; token: string };
let sid: string;
let patientId: string;

const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db())).id;
  team = await createCareTeam(db(), { organisationId });
  otherTeam = await createCareTeam(db(), { organisationId, providerLastName: 'Okafor', clinicName: 'Hillside' });
  coder = await tokenFor(test.app, { organisationId, view: 'Coder', firstName: 'Cora', lastName: 'Coder' });
  const patient = await createPatient(db(), { organisationId, primaryProviderId: team.provider.id });
  patientId = patient.id;
  sid = (
    await createAppointment(db(), { organisationId, patientId, providerId: team.provider.id, at: '2026-03-02T09:00' })
  ).id;
});
afterAll(async () => {
  await test.app.close();
});

type Notification = { id: string; message: string; isRead: boolean };

async function notificationsOf(token: string): Promise<Notification[]> {
  return (await call(test.app, getSummaryNotifications, { token, body: { id: sid } })).json<{
    result: Notification[];
  }>().result;
}

/** A provider linked to the other care team: the test patient is outside their scope. */
async function outsider() {
  const provider = await tokenFor(test.app, { organisationId, view: 'Provider' });
  await linkUserToProvider(db(), provider.user.id, otherTeam.provider.id);
  return provider;
}

describe('summary notes', () => {
  it('adds notes, lists them newest first with their author, and tells the summary a note was added', async () => {
    const first = await call(test.app, addSummaryNote, {
      token: coder.token,
      body: { sid, note: '  Call the patient about labs  ' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ note: 'Call the patient about labs', authorName: 'Cora Coder' });
    await call(test.app, addSummaryNote, { token: coder.token, body: { sid, note: 'Second note' }, isV2: true });
    const listed = await call(test.app, getSummaryNotes, { token: coder.token, body: { sid } });
    const notes = listed.json<{ result: { note: string }[] }>().result;
    expect(notes.map((note) => note.note)).toEqual(['Second note', 'Call the patient about labs']);
    const updates = await db().select().from(summaryUpdates).where(eq(summaryUpdates.appointmentId, sid));
    expect(updates.filter((update) => update.kind === 'note-added')).toHaveLength(2);
  });

  it('refuses an empty or too long note, naming the field', async () => {
    const empty = await call(test.app, addSummaryNote, { token: coder.token, body: { sid, note: '   ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toContain('note');
    const long = await call(test.app, addSummaryNote, { token: coder.token, body: { sid, note: 'x'.repeat(4001) } });
    expect(long.statusCode).toBe(422);
    const badSid = await call(test.app, getSummaryNotes, { token: coder.token, body: { sid: 'not-an-id' } });
    expect(badSid.statusCode).toBe(422);
    expect(badSid.json().error.message).toContain('sid');
  });

  it('answers 401 without a token', async () => {
    expect((await call(test.app, getSummaryNotes, { body: { sid } })).statusCode).toBe(401);
    expect((await call(test.app, getReadyPostVisits)).statusCode).toBe(401);
  });

  it("answers 404 for another organisation's visit and a provider's visit outside their scope", async () => {
    const otherOrganisation = (await createOrganisation(db(), 'Elsewhere')).id;
    const stranger = await tokenFor(test.app, { organisationId: otherOrganisation, view: 'Coder' });
    expect((await call(test.app, getSummaryNotes, { token: stranger.token, body: { sid } })).statusCode).toBe(404);
    expect(
      (await call(test.app, addSummaryNote, { token: stranger.token, body: { sid, note: 'hi' } })).statusCode,
    ).toBe(404);
    const provider = await outsider();
    expect((await call(test.app, getSummaryNotes, { token: provider.token, body: { sid } })).statusCode).toBe(404);
    expect(
      (await call(test.app, getSummaryNotifications, { token: provider.token, body: { id: sid } })).statusCode,
    ).toBe(404);
  });

  it('writes an audit entry for a read', async () => {
    const reader = await tokenFor(test.app, { organisationId, view: 'Coder' });
    await call(test.app, getSummaryNotes, { token: reader.token, body: { sid } });
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, reader.user.id), eq(auditLog.action, 'patient.read')));
    expect(rows).toEqual([expect.objectContaining({ patientId, details: { what: 'summary-notes', sid } })]);
  });
});

describe('summary notifications', () => {
  it('lists the updates newest first, read or unread for each user', async () => {
    const reader = await tokenFor(test.app, { organisationId, view: 'Coder' });
    const [older] = await db()
      .insert(summaryUpdates)
      .values({
        organisationId,
        appointmentId: sid,
        kind: 'suggestions-changed',
        message: '2 new suggestions',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    if (!older) throw new Error('no update');
    const before = await notificationsOf(reader.token);
    expect(before.at(-1)).toMatchObject({ id: older.id, message: '2 new suggestions', isRead: false });
    const marked = await call(test.app, updateSummaryUpdateViewed, {
      token: reader.token,
      body: {
        sid,
        summaryUpdateId: older.id,
        isRead: true,
      },
    });
    expect(marked.json()).toEqual({ result: true });
    const after = await notificationsOf(reader.token);
    expect(after.at(-1)).toMatchObject({ id: older.id, isRead: true });
    const forCoder = await notificationsOf(coder.token);
    expect(forCoder.at(-1)).toMatchObject({ id: older.id, isRead: false });
    await call(test.app, updateSummaryUpdateViewed, {
      token: reader.token,
      body: { sid, summaryUpdateId: older.id, isRead: false },
    });
    const unread = await notificationsOf(reader.token);
    expect(unread.at(-1)).toMatchObject({ isRead: false });
  });

  it('answers 404 for an update of another summary', async () => {
    const other = await createAppointment(db(), { organisationId, patientId, at: '2026-03-03T09:00' });
    const [update] = await db()
      .insert(summaryUpdates)
      .values({ organisationId, appointmentId: other.id, kind: 'new-data', message: 'Care gap closed' })
      .returning();
    const response = await call(test.app, updateSummaryUpdateViewed, {
      token: coder.token,
      body: {
        sid,
        summaryUpdateId: update?.id ?? '',
        isRead: true,
      },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('ready post-visits', () => {
  it("lists the caller's ready, unviewed visits until marked done", async () => {
    const provider = await tokenFor(test.app, { organisationId, view: 'Provider' });
    await linkUserToProvider(db(), provider.user.id, team.provider.id);
    const [encounter] = await db()
      .insert(encounters)
      .values({ organisationId, patientId, startDate: '2026-03-04', source: 'EHR', sourceId: 'enc-post-visit' })
      .returning();
    const visit = await createAppointment(db(), {
      organisationId,
      patientId,
      providerId: team.provider.id,
      status: 'fulfilled',
      encounterId: encounter?.id,
      at: '2026-03-04T10:00',
    });
    await db().insert(postVisitReviews).values({ organisationId, appointmentId: visit.id });
    const ready = await call(test.app, getReadyPostVisits, { token: provider.token });
    expect(ready.json().result).toEqual([
      expect.objectContaining({
        sid: visit.id,
        cairnPatientId: patientId,
        patientName: 'Ada Lovelace',
        visitDate: '2026-03-04',
        providerName: 'Maya Rivera, MD',
      }),
    ]);
    expect((await call(test.app, getReadyPostVisits, { token: (await outsider()).token })).json().result).toEqual([]);
    const done = await call(test.app, updatePostVisitViewed, {
      token: provider.token,
      body: { sid: visit.id, isDoneByProvider: true },
    });
    expect(done.json()).toEqual({ result: true });
    expect((await call(test.app, getReadyPostVisits, { token: provider.token })).json().result).toEqual([]);
    const [review] = await db().select().from(postVisitReviews).where(eq(postVisitReviews.appointmentId, visit.id));
    expect(review).toMatchObject({ isDoneByProvider: true, viewedBy: provider.user.id });
  });

  it("holds a linked provider's own visits only, and the organisation's for a coder or an admin, never another organisation's", async () => {
    const clinic = (await createOrganisation(db(), 'Scoped clinic')).id;
    const rivera = (await createCareTeam(db(), { organisationId: clinic })).provider;
    const lopez = (await createCareTeam(db(), { organisationId: clinic, providerLastName: 'Lopez' })).provider;
    /** A fulfilled visit with a ready review, of a new patient of `primary` seen by `seenBy`. */
    async function readyVisit(organisationId: string, primary: { id: string }, seenBy: { id: string }) {
      const patient = await createPatient(db(), { organisationId, primaryProviderId: primary.id });
      const visit = await createAppointment(db(), {
        organisationId,
        patientId: patient.id,
        providerId: seenBy.id,
        status: 'fulfilled',
        at: '2026-03-05T09:00',
      });
      await db().insert(postVisitReviews).values({ organisationId, appointmentId: visit.id });
      return visit.id;
    }
    const seenByRivera = await readyVisit(clinic, rivera, rivera);
    const riveraPatientSeenByLopez = await readyVisit(clinic, rivera, lopez);
    const seenByLopez = await readyVisit(clinic, lopez, lopez);
    const lopezPatientSeenByRivera = await readyVisit(clinic, lopez, rivera);
    const elsewhere = await readyVisit(organisationId, team.provider, team.provider);
    const reviewsOf = async (user: { token: string }) =>
      (await call(test.app, getReadyPostVisits, { token: user.token }))
        .json<{ result: { sid: string }[] }>()
        .result.map((visit) => visit.sid)
        .sort();
    const providerOf = async (provider: { id: string }) => {
      const user = await tokenFor(test.app, { organisationId: clinic, view: 'Provider' });
      await linkUserToProvider(db(), user.user.id, provider.id);
      return user;
    };

    expect(await reviewsOf(await providerOf(rivera))).toEqual([seenByRivera, lopezPatientSeenByRivera].sort());
    expect(await reviewsOf(await providerOf(lopez))).toEqual([riveraPatientSeenByLopez, seenByLopez].sort());
    const everyVisit = [seenByRivera, riveraPatientSeenByLopez, seenByLopez, lopezPatientSeenByRivera].sort();
    expect(await reviewsOf(await tokenFor(test.app, { organisationId: clinic, view: 'Coder' }))).toEqual(everyVisit);
    const admin = await tokenFor(test.app, { organisationId: clinic, view: 'Provider', isAdmin: true });
    await linkUserToProvider(db(), admin.user.id, rivera.id);
    expect(await reviewsOf(admin)).toEqual(everyVisit);
    const otherOrganisationCoder = await reviewsOf(coder);
    expect(otherOrganisationCoder).toContain(elsewhere);
    expect(otherOrganisationCoder).not.toContain(seenByRivera);
  });

  it('answers 404 for a visit without a ready review', async () => {
    const response = await call(test.app, updatePostVisitViewed, {
      token: coder.token,
      body: { sid, isDoneByProvider: true },
    });
    expect(response.statusCode).toBe(404);
  });
});
