import {
  addSummaryInsightActions,
  type DxCaptureData,
  type EndpointInput,
  getDxCaptureData,
  updateSummaryInsightsNotes,
  updateSummaryInsightStatus,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dxDecisionHistory, dxDecisions, dxVisitStates } from '../../db/clinical-schema';
import type { VisitEventInput } from '../realtime';
import { call, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient, linkUserToProvider } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { recordVisitEvents, storeAnalysis, suggestionOf } from './dx-test-support';

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
  const team = await createCareTeam(db(), { organisationId });
  providerId = team.provider.id;
  patientId = (await createPatient(db(), { organisationId, primaryProviderId: providerId })).id;
  provider = await tokenFor(test.app, { organisationId, view: 'Provider', firstName: 'Maya', lastName: 'Rivera' });
  coder = await tokenFor(test.app, { organisationId, view: 'Coder', firstName: 'Cora', lastName: 'Coder' });
  await storeAnalysis(db(), {
    organisationId,
    patientId,
    asOf: '2026-06-15',
    suggestions: [suggestionOf('E1122', { category: 'Recapture' }), suggestionOf('J449')],
  });
  events = recordVisitEvents(test);
});
afterAll(async () => {
  await test.app.close();
});

let sid: string;
beforeEach(async () => {
  sid = (await createAppointment(db(), { organisationId, patientId, providerId, at: '2026-06-15T09:00' })).id;
  events.length = 0;
});

type InsightActionsBody = EndpointInput<typeof addSummaryInsightActions>;

function act(
  user: SignedInUser,
  actions: InsightActionsBody['actions'],
  extra: Omit<InsightActionsBody, 'sid' | 'actions'> = {},
) {
  return call(test.app, addSummaryInsightActions, { token: user.token, body: { sid, actions, ...extra } });
}

async function captureData(user: SignedInUser): Promise<DxCaptureData> {
  const response = await call(test.app, getDxCaptureData, { token: user.token, body: { sid, isGroupingOn: false } });
  return response.json<{ result: DxCaptureData }>().result;
}

const itemOf = (data: DxCaptureData, icdCode: string) =>
  data.groups.flatMap((group) => group.items).find((item) => item.icdCode === icdCode);

async function storedDecision(icdCode: string) {
  const [row] = await db()
    .select()
    .from(dxDecisions)
    .where(and(eq(dxDecisions.appointmentId, sid), eq(dxDecisions.icdCode, icdCode)));
  return row;
}

async function historyOf(icdCode: string) {
  return db()
    .select()
    .from(dxDecisionHistory)
    .where(and(eq(dxDecisionHistory.appointmentId, sid), eq(dxDecisionHistory.icdCode, icdCode)))
    .orderBy(dxDecisionHistory.id);
}

describe('decisions on a visit', () => {
  it('accepts a suggestion into the cart, with who and when, and tells the visit', async () => {
    const response = await act(provider, [{ icdCode: 'E11.22', action: 'accept', expectedVersion: 0 }]);
    expect(response.statusCode).toBe(200);
    const [decision] = response.json<{ result: { decisions: Record<string, unknown>[] } }>().result.decisions;
    expect(decision).toMatchObject({
      icdCode: 'E1122',
      status: 'accepted',
      isAdded: false,
      version: 1,
      isPostVisit: false,
      decidedBy: { userId: provider.user.id, name: 'Maya Rivera', role: 'provider' },
    });
    expect(events).toEqual([
      {
        organisationId,
        appointmentId: sid,
        event: { kind: 'decision.changed', icdCodes: ['E1122'], by: { name: 'Maya Rivera', role: 'provider' } },
      },
    ]);
    expect((await captureData(provider)).cart).toEqual([
      expect.objectContaining({
        icdCode: 'E1122',
        isAdded: false,
        decidedBy: { name: 'Maya Rivera', role: 'provider' },
      }),
    ]);
  });

  it('rejects with a reason and a note, and keeps every change in the history', async () => {
    await act(provider, [{ icdCode: 'J449', action: 'accept', expectedVersion: 0 }]);
    const rejected = await act(provider, [
      {
        icdCode: 'J449',
        action: 'reject',
        reason: 'condition-resolved',
        note: 'Resolved after 2024',
        expectedVersion: 1,
      },
    ]);
    expect(rejected.statusCode).toBe(200);
    expect(await storedDecision('J449')).toMatchObject({
      status: 'rejected',
      reason: 'condition-resolved',
      note: 'Resolved after 2024',
      version: 2,
    });
    expect((await historyOf('J449')).map((row) => [row.action, row.status, row.reason, row.role])).toEqual([
      ['accept', 'accepted', null, 'provider'],
      ['reject', 'rejected', 'condition-resolved', 'provider'],
    ]);
  });

  it('refuses a rejection without a reason, and "other" without a note (422)', async () => {
    const noReason = await act(provider, [{ icdCode: 'J449', action: 'reject', expectedVersion: 0 }]);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.message).toContain('reason');
    const other = await act(provider, [
      { icdCode: 'J449', action: 'reject', reason: 'other', note: '  ', expectedVersion: 0 },
    ]);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toContain('note');
    expect(await storedDecision('J449')).toBeUndefined();
  });

  it('adds a billable code Cairn did not suggest, and refuses a header code naming the field', async () => {
    const added = await act(provider, [{ icdCode: 'I10', action: 'add', expectedVersion: 0 }]);
    expect(added.statusCode).toBe(200);
    expect(await storedDecision('I10')).toMatchObject({ status: 'accepted', isAdded: true });
    const header = await act(provider, [{ icdCode: 'E11', action: 'add', expectedVersion: 0 }]);
    expect(header.statusCode).toBe(422);
    expect(header.json().error.message).toBe(
      'Invalid actions.0.icdCode: Not a billable code: choose a more specific one',
    );
    expect(await storedDecision('E11')).toBeUndefined();
  });

  it('resets a decision to pending: out of the cart, no save state', async () => {
    await act(provider, [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }]);
    const reset = await act(provider, [{ icdCode: 'E1122', action: 'reset', expectedVersion: 1 }]);
    expect(reset.json().result.decisions[0]).toMatchObject({ status: 'pending', version: 2 });
    const data = await captureData(provider);
    expect(data.cart).toEqual([]);
    expect(itemOf(data, 'E1122')?.saveState).toBe('None');
  });

  it('changes a status and a note; a note needs the note the user saw', async () => {
    const status = await call(test.app, updateSummaryInsightStatus, {
      token: provider.token,
      body: {
        sid,
        icdCode: 'J44.9',
        status: 'rejected',
        reason: 'insufficient-documentation',
        expectedVersion: 0,
      },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().result).toMatchObject({ icdCode: 'J449', status: 'rejected', version: 1 });
    const noted = await call(test.app, updateSummaryInsightsNotes, {
      token: provider.token,
      body: {
        sid,
        icdCode: 'J449',
        prevNote: '',
        newNote: 'Spirometry due',
      },
    });
    expect(noted.json().result).toMatchObject({ note: 'Spirometry due', status: 'rejected', version: 2 });
    const stale = await call(test.app, updateSummaryInsightsNotes, {
      token: coder.token,
      body: { sid, icdCode: 'J449', prevNote: '', newNote: 'Mine' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(
      /^Maya Rivera changed this diagnosis at \d\d:\d\d UTC; reload to see it/,
    );
    expect((await storedDecision('J449'))?.note).toBe('Spirometry due');
  });
});

describe('two people on one suggestion', () => {
  it('refuses the later write made from a stale version (409) and keeps the first decision', async () => {
    const first = await act(provider, [{ icdCode: 'J449', action: 'accept', expectedVersion: 0 }]);
    expect(first.statusCode).toBe(200);
    const later = await act(coder, [
      { icdCode: 'E1122', action: 'accept', expectedVersion: 0 },
      { icdCode: 'J449', action: 'reject', reason: 'not-clinically-supported', expectedVersion: 0 },
    ]);
    expect(later.statusCode).toBe(409);
    const error = later.json().error;
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toMatch(/^Maya Rivera changed this diagnosis at \d\d:\d\d UTC/);
    expect(error.details).toMatchObject({ icdCode: 'J449', current: { status: 'accepted', version: 1 } });
    expect(await storedDecision('J449')).toMatchObject({ status: 'accepted', decidedBy: provider.user.id, version: 1 });
    // The whole request failed: the other action of it was not written either.
    expect(await storedDecision('E1122')).toBeUndefined();
  });

  it('lets exactly one of two simultaneous first decisions through', async () => {
    const [left, right] = await Promise.all([
      act(provider, [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }]),
      act(coder, [{ icdCode: 'E1122', action: 'reject', reason: 'other', note: 'no', expectedVersion: 0 }]),
    ]);
    expect([left.statusCode, right.statusCode].sort()).toEqual([200, 409]);
    expect((await historyOf('E1122')).length).toBe(1);
  });
});

describe('the coder scrub', () => {
  it("sends the coder's cart to the provider, who sees the decisions as the coder's", async () => {
    const sent = await act(coder, [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }], { shouldScrub: true });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result.scrub).toEqual({ sentAt: expect.any(String), sentBy: 'Cora Coder' });
    expect(events.map((event) => event.event.kind)).toEqual(['decision.changed', 'scrub.sent']);
    const data = await captureData(provider);
    expect(data.role).toBe('provider');
    expect(data.scrub).toEqual({ sentAt: expect.any(String), sentBy: 'Cora Coder' });
    const item = itemOf(data, 'E1122');
    expect(item).toMatchObject({
      saveState: 'Saved',
      explanationGroup: 'cart-for-provider',
      decision: { status: 'accepted', decidedBy: { role: 'coder', name: 'Cora Coder' } },
    });
    expect(item?.explanation).toMatch(/^In the cart: accepted by Cora Coder \(coder\) on \d{4}-\d\d-\d\d\.$/);
  });

  it('refuses a scrub from a provider (403) and writes nothing', async () => {
    const response = await act(provider, [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }], {
      shouldScrub: true,
    });
    expect(response.statusCode).toBe(403);
    expect(await storedDecision('E1122')).toBeUndefined();
  });
});

describe('after the visit was written to the EHR', () => {
  beforeEach(async () => {
    await act(provider, [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }]);
    await db()
      .insert(dxVisitStates)
      .values({ appointmentId: sid, organisationId, pushedAt: new Date() })
      .onConflictDoUpdate({
        target: dxVisitStates.appointmentId,
        set: { pushedAt: new Date() },
      });
  });

  it('refuses a change that does not say it is post-visit (409)', async () => {
    const response = await act(provider, [{ icdCode: 'J449', action: 'accept', expectedVersion: 0 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('already written to the EHR');
    expect(await storedDecision('J449')).toBeUndefined();
  });

  it('records a post-visit change on the decision and in the visit’s updated codes', async () => {
    const response = await act(provider, [{ icdCode: 'J449', action: 'accept', expectedVersion: 0 }], {
      isPostVisit: true,
      postVisitUpdatedIcds: ['I10'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.decisions[0]).toMatchObject({ icdCode: 'J449', isPostVisit: true });
    const data = await captureData(provider);
    expect(data.pushedAt).toEqual(expect.any(String));
    expect(data.postVisitUpdatedIcds).toEqual(['I10', 'J449']);
    expect((await historyOf('J449'))[0]?.isPostVisit).toBe(true);
  });
});

describe('who may decide', () => {
  it('lets a view-only user read the tab but not decide (403)', async () => {
    const viewer = await tokenFor(test.app, { organisationId, view: 'Provider', permissions: ['view_only'] });
    expect((await call(test.app, getDxCaptureData, { token: viewer.token, body: { sid } })).statusCode).toBe(200);
    const response = await act(viewer, [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }]);
    expect(response.statusCode).toBe(403);
    const note = await call(test.app, updateSummaryInsightsNotes, {
      token: viewer.token,
      body: {
        sid,
        icdCode: 'E1122',
        prevNote: '',
        newNote: 'x',
      },
    });
    expect(note.statusCode).toBe(403);
    expect(await storedDecision('E1122')).toBeUndefined();
  });

  it('answers 404 to a provider for a visit outside their patients, as for a visit that does not exist', async () => {
    const otherTeam = await createCareTeam(db(), {
      organisationId,
      providerLastName: 'Okafor',
      clinicName: 'Hillside',
    });
    const outsider = await tokenFor(test.app, { organisationId, view: 'Provider' });
    await linkUserToProvider(db(), outsider.user.id, otherTeam.provider.id);
    expect((await call(test.app, getDxCaptureData, { token: outsider.token, body: { sid } })).statusCode).toBe(404);
    expect((await act(outsider, [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }])).statusCode).toBe(404);
    const missing = await call(test.app, getDxCaptureData, {
      token: outsider.token,
      body: { sid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Summary not found.' } });
  });

  it("answers 404 for another organisation's visit, and 401 without a token", async () => {
    const elsewhere = (await createOrganisation(db(), 'Elsewhere')).id;
    const stranger = await tokenFor(test.app, { organisationId: elsewhere, view: 'Coder' });
    expect((await act(stranger, [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }])).statusCode).toBe(404);
    expect((await call(test.app, getDxCaptureData, { token: stranger.token, body: { sid } })).statusCode).toBe(404);
    expect((await call(test.app, getDxCaptureData, { body: { sid } })).statusCode).toBe(401);
    expect(await storedDecision('E1122')).toBeUndefined();
  });
});
