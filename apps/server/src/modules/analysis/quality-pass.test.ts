import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  careGaps,
  conditions,
  encounters,
  measureReports,
  observations,
  patientAnalyses,
  patients,
  qualityJobs,
  summaryUpdates,
} from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createAppointment, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { registerSuggestionEvents, type VisitEventInput } from '../realtime';
import { markPatientsChanged, queueAllPatients } from './analysis-queue';
import { drainAnalysisQueue, drainQualityQueue } from './analysis-worker';

// The quality pass (issue 19) on the embedded database and, in the server-postgres project, on PostgreSQL:
// CMS's CQL (the engine is compiled once for this file, on first use) over small records.

const TODAY = '2026-06-15';
const CPT = 'http://www.ama-assn.org/go/cpt';
let database: Database;
let organisationId: string;
const events: VisitEventInput[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
  registerSuggestionEvents(database.db, () => ({
    publish: async (input) => {
      events.push(input);
    },
  }));
});
afterAll(async () => {
  await database.close();
});

/** Drains both queues as of TODAY; answers how many patients the CQL engine evaluated. */
async function drain(): Promise<number> {
  let evaluated = 0;
  await drainAnalysisQueue(database, { today: () => TODAY, onEvaluated: () => (evaluated += 1) });
  return evaluated;
}

/** An office visit (CPT 99213) on `day` with a blood pressure reading taken at it. */
async function addReading(patientId: string, day: string, systolic: number, diastolic: number): Promise<void> {
  const [encounter] = await database.db
    .insert(encounters)
    .values({
      organisationId,
      patientId,
      startDate: day,
      classCode: 'AMB',
      types: [{ system: CPT, code: '99213', display: 'Office visit' }],
      source: 'EHR',
      sourceId: `encounter-${patientId}-${day}`,
    })
    .returning();
  const reading = (loinc: string, display: string, value: number) => ({
    organisationId,
    patientId,
    encounterId: encounter?.id,
    category: 'vital-signs',
    loinc,
    display,
    effectiveDate: day,
    value,
    unit: 'mm[Hg]',
    source: 'EHR',
    sourceId: `${loinc}-${patientId}-${day}`,
  });
  await database.db
    .insert(observations)
    .values([reading('8480-6', 'Systolic blood pressure', systolic), reading('8462-4', 'Diastolic', diastolic)]);
}

/** A 66-year-old with essential hypertension since 2020 and one reading this year; analysed. */
async function hypertensivePatient(systolic: number, diastolic: number): Promise<{ id: string; conditionId: string }> {
  const patient = await createPatient(database.db, { organisationId, birthDate: '1960-05-01', gender: 'male' });
  const [condition] = await database.db
    .insert(conditions)
    .values({
      organisationId,
      patientId: patient.id,
      icdCode: 'I10',
      display: 'Essential (primary) hypertension',
      category: 'problem-list-item',
      clinicalStatus: 'active',
      onsetDate: '2020-01-01',
      recordedDate: '2020-01-01',
      source: 'EHR',
      sourceId: `hypertension-${patient.id}`,
    })
    .returning();
  await addReading(patient.id, '2026-03-02', systolic, diastolic);
  await markPatientsChanged(database.db, organisationId, [patient.id]);
  return { id: patient.id, conditionId: condition?.id ?? '' };
}

const gapOf = async (patientId: string, measureId: string) => {
  const [row] = await database.db.select().from(patientAnalyses).where(eq(patientAnalyses.patientId, patientId));
  return (row?.careGaps as { measureId: string; status: string; reason: string }[]).find(
    (gap) => gap.measureId === measureId,
  );
};

describe('the quality pass', () => {
  it('closes CMS165 on a controlled blood pressure: the gap, its care_gaps row and the MeasureReport with its populations', async () => {
    const patient = await hypertensivePatient(128, 78);
    expect(await drain()).toBe(1);
    expect(await gapOf(patient.id, 'CMS165')).toMatchObject({
      status: 'closed',
      reason: 'Most recent blood pressure 128/78 mmHg (2026-03-02) is below 140/90.',
      measurementPeriod: { start: '2026-01-01', end: '2026-12-31' },
    });
    const [row] = await database.db
      .select()
      .from(careGaps)
      .where(and(eq(careGaps.patientId, patient.id), eq(careGaps.measureId, 'CMS165')));
    expect(row).toMatchObject({ status: 'closed', periodStart: '2026-01-01', dueDate: '2026-12-31' });
    expect(row?.closedAt).toBeInstanceOf(Date);

    const reports = await database.db.select().from(measureReports).where(eq(measureReports.patientId, patient.id));
    // A report per measure whose initial population the patient is in: CMS165 and the visit-based ones.
    const report = reports.find((item) => item.measureId === 'CMS165');
    expect(report).toMatchObject({
      organisationId,
      measureUrl: 'https://madie.cms.gov/Measure/ControllingHighBloodPressureFHIR',
      measureVersion: '0.1.000',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    });
    expect(report?.report).toMatchObject({
      resourceType: 'MeasureReport',
      type: 'individual',
      status: 'complete',
      subject: { reference: `Patient/${patient.id}` },
      period: { start: '2026-01-01', end: '2026-12-31' },
    });
    const populations = Object.fromEntries(
      (
        (report?.report.group as { population: { code: { coding: { code: string }[] }; count: number }[] }[])[0]
          ?.population ?? []
      ).map((population) => [population.code.coding[0]?.code, population.count]),
    );
    expect(populations).toMatchObject({ 'initial-population': 1, denominator: 1, numerator: 1 });
    expect(report?.evaluatedResources).toContain(`Condition/${patient.conditionId}`);
    expect(reports.every((item) => item.measureId !== 'CMS125')).toBe(true);
  });

  it('evaluates a patient again when their data changed, with the gap reopened, the visit told and the report replaced', async () => {
    const patient = await hypertensivePatient(128, 78);
    await drain();
    const visit = await createAppointment(database.db, {
      organisationId,
      patientId: patient.id,
      at: '2026-06-20T09:00',
    });
    const [before] = await database.db
      .select()
      .from(measureReports)
      .where(and(eq(measureReports.patientId, patient.id), eq(measureReports.measureId, 'CMS165')));
    events.length = 0;

    await addReading(patient.id, '2026-05-10', 152, 94);
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    expect(await drain()).toBe(1);
    expect(await gapOf(patient.id, 'CMS165')).toMatchObject({
      status: 'open',
      reason: 'Most recent blood pressure 152/94 mmHg (2026-05-10) is not below 140/90.',
    });
    const [row] = await database.db
      .select()
      .from(careGaps)
      .where(and(eq(careGaps.patientId, patient.id), eq(careGaps.measureId, 'CMS165')));
    expect(row).toMatchObject({ status: 'open', closedAt: null });
    const updates = await database.db
      .select({ message: summaryUpdates.message })
      .from(summaryUpdates)
      .where(eq(summaryUpdates.appointmentId, visit.id));
    // (The second visit also puts them in CMS138, which needs two: that gap opens too.)
    expect(updates).toContainEqual({ message: 'Care gap opened: Controlling High Blood Pressure' });
    expect(events).toContainEqual({ organisationId, appointmentId: visit.id, event: { kind: 'care-gaps.changed' } });
    const [after] = await database.db
      .select()
      .from(measureReports)
      .where(and(eq(measureReports.patientId, patient.id), eq(measureReports.measureId, 'CMS165')));
    expect(after?.inputDigest).not.toBe(before?.inputDigest);
  });

  it('does not evaluate again a patient whose data did not change, and a rule re-analysis queues no evaluation', async () => {
    const patient = await hypertensivePatient(128, 78);
    await drain();
    const evaluatedAt = async () =>
      (await database.db.select().from(patientAnalyses).where(eq(patientAnalyses.patientId, patient.id)))[0];
    const first = await evaluatedAt();

    // A change the measures do not read (the data version moves, the FHIR view is the same).
    await database.db.update(patients).set({ firstName: 'Grace' }).where(eq(patients.id, patient.id));
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    expect(await drain()).toBe(0);
    const second = await evaluatedAt();
    const [current] = await database.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(second?.qualityDataVersion).toBe(current?.dataVersion);
    expect(second?.qualityDigest).toBe(first?.qualityDigest);
    expect(second?.careGaps).toEqual(first?.careGaps);

    // Suggestion rules updated: every patient is analysed again, the same data on the same day.
    await queueAllPatients(database.db, organisationId);
    await drainAnalysisQueue(database, { today: () => TODAY, quality: false });
    const pending = await database.db.select().from(qualityJobs).where(eq(qualityJobs.status, 'pending'));
    expect(pending).toEqual([]);
  });
});

describe.runIf(process.env.CAIRN_TEST_DB === 'postgres')('the quality pass on threads (PostgreSQL)', () => {
  it('drains the quality queue on two threads, one engine each, every patient once', async () => {
    const [controlled, uncontrolled] = [await hypertensivePatient(128, 78), await hypertensivePatient(150, 95)];
    const ids = [controlled, uncontrolled];
    await drainAnalysisQueue(database, { today: () => TODAY, quality: false });
    expect(await drainQualityQueue(database, { today: () => TODAY, qualityThreads: 2 })).toBeGreaterThanOrEqual(2);
    const jobs = await database.db
      .select({ attempts: qualityJobs.attempts, status: qualityJobs.status })
      .from(qualityJobs)
      .where(
        inArray(
          qualityJobs.patientId,
          ids.map((patient) => patient.id),
        ),
      );
    expect(jobs).toEqual([
      { attempts: 1, status: 'done' },
      { attempts: 1, status: 'done' },
    ]);
    expect((await gapOf(controlled.id, 'CMS165'))?.status).toBe('closed');
    expect((await gapOf(uncontrolled.id, 'CMS165'))?.status).toBe('open');
  }, 120_000);
});
