import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAnalyses, type ComputedAnalysis } from '../analysis';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createAppointment, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { recordVisitEvents, suggestionOf } from './dx-test-support';

let test: TestApp;
const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.app.close();
});

const analysisOf = (codes: string[]): ComputedAnalysis => ({
  suggestions: codes.map((code) => suggestionOf(code)),
  riskScore: { model: 'v28', current: 0, potential: 0 },
  openSuggestions: codes.length,
  hccCount: 0,
});

describe('a recomputed suggestion list', () => {
  it("tells the patient's visits of today and later, after the analysis is stored", async () => {
    const events = recordVisitEvents(test);
    const organisationId = (await createOrganisation(db())).id;
    const patientId = (await createPatient(db(), { organisationId })).id;
    const past = await createAppointment(db(), { organisationId, patientId, at: '2026-03-01T09:00' });
    const today = await createAppointment(db(), { organisationId, patientId, at: '2026-06-15T09:00' });
    const store = (codes: string[], dataVersion: number) =>
      storeAnalyses(
        db(),
        organisationId,
        [{ patientId, dataVersion, asOf: '2026-06-15', computed: analysisOf(codes) }],
        '2026-06-15',
      );
    await store(['E1122'], 1);
    // The first analysis builds the summary: nothing changed for anyone looking.
    expect(events).toEqual([]);
    await store(['E1122', 'J449'], 2);
    expect(events).toEqual([{ organisationId, appointmentId: today.id, event: { kind: 'suggestions.changed' } }]);
    expect(events.map((event) => event.appointmentId)).not.toContain(past.id);
  });
});
