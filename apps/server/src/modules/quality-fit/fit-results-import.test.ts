import {
  createFitBatch,
  createFitTemplate,
  getFitCandidates,
  getQualityArchive,
  importFitResults,
  listFitKits,
  type FitTemplate,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisJobs, careGaps, observations, patients } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { call, callForResult } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createPatient } from '../../testing/clinical-factories';
import {
  A_LETTER_BODY,
  createFitBatchRow,
  createFitPractice,
  issueFieldsOf,
  type FitPractice,
} from '../../testing/fit-factories';
import { drainAnalysisQueue } from '../analysis';
import { importBundle } from '../ingestion';

import { clock } from '../quality';

let test: TestApp;
let practice: FitPractice;
let template: FitTemplate;
const db = () => test.app.database.db;
const token = () => practice.lead.token;

beforeAll(async () => {
  test = await buildTestApp();
  practice = await createFitPractice(test.app);
  template = await callForResult(test.app, createFitTemplate, {
    token: token(),
    body: { name: 'FIT invitation', language: 'en', body: A_LETTER_BODY, returnByDays: 21 },
  });
});
afterAll(async () => {
  await test.app.close();
});

const HEADER = 'MRN,Date of birth,Collection date,Result,LOINC';
const csvOf = (...lines: string[]) => [HEADER, ...lines].join('\r\n');

describe("importing the lab's FIT results", () => {
  it('stores each result in its patient’s record, results their kit and reports every line', async () => {
    const { adams, baker } = practice.patients;
    const { kits } = await createFitBatchRow(db(), {
      organisationId: practice.organisationId,
      patientIds: [adams.id],
      mailedOn: '2026-01-05',
    });
    // Two patients sharing an MRN and date of birth: neither can be chosen.
    const twins = { mrn: 'TWIN-1', birthDate: '1961-02-03', organisationId: practice.organisationId };
    await createPatient(db(), { ...twins, lastName: 'Twin' });
    await createPatient(db(), { ...twins, lastName: 'Twin', source: 'HIE' });
    const collected = clock().today;
    const report = await callForResult(test.app, importFitResults, {
      token: token(),
      body: {
        csv: csvOf(
          `${adams.mrn ?? ''},03/01/1960,${collected},Negative,29771-3`,
          `${baker.mrn ?? ''},1985-06-15,${collected},pos,57905-2`,
          `NOBODY,1985-06-15,${collected},negative,2335-8`,
          `${baker.mrn ?? ''},1985-06-16,${collected},negative,2335-8`,
          `TWIN-1,1961-02-03,${collected},negative,2335-8`,
          `${adams.mrn ?? ''},1960-03-01,2999-01-01,maybe,4548-4`,
        ),
      },
    });
    expect(report.counts).toEqual({ matched: 1, stored: 1, noPatient: 2, ambiguous: 1, invalid: 1 });
    expect(report.rows.map((row) => [row.line, row.outcome, row.patient?.lastName ?? null, row.errors])).toEqual([
      [2, 'matched', 'Adams', []],
      [3, 'stored', 'Baker', []],
      [4, 'no-patient', null, [{ column: 'mrn', message: 'No patient has this MRN' }]],
      [
        5,
        'no-patient',
        null,
        [{ column: 'date_of_birth', message: 'Is not the date of birth of the patient with this MRN' }],
      ],
      [6, 'ambiguous', null, [{ column: 'mrn', message: '2 patients have this MRN and date of birth' }]],
      [
        7,
        'invalid',
        null,
        [
          { column: 'collection_date', message: 'Is in the future' },
          { column: 'result', message: 'Not positive or negative' },
          { column: 'loinc', message: 'Not a LOINC code of CMS130’s FOBT or sDNA FIT value sets' },
        ],
      ],
    ]);
    expect(report.rows[0]?.kitId).toBe(kits[0]?.id);

    const [stored] = await db()
      .select()
      .from(observations)
      .where(and(eq(observations.patientId, adams.id), eq(observations.loinc, '29771-3')));
    expect(stored).toMatchObject({
      effectiveDate: collected,
      category: 'laboratory',
      valueCode: '260385009',
      valueText: 'Negative',
      source: adams.source,
    });
    const kitsNow = await callForResult(test.app, listFitKits, {
      token: token(),
      body: { filters: { statuses: ['resulted'] } },
    });
    expect(kitsNow.rows).toEqual([
      expect.objectContaining({ id: kits[0]?.id, result: 'negative', resultText: 'Negative', resultedOn: collected }),
    ]);
    // The analysis of each patient whose record changed is queued.
    const queued = await db().select().from(analysisJobs).where(eq(analysisJobs.status, 'pending'));
    expect(queued.map((job) => job.patientId)).toEqual(expect.arrayContaining([adams.id, baker.id]));
    const written = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, practice.lead.user.id), eq(auditLog.action, 'patient.write')));
    expect(written.map((entry) => [entry.patientId, entry.details?.what]).sort()).toEqual(
      [
        [adams.id, 'fit-result-import'],
        [baker.id, 'fit-result-import'],
      ].sort(),
    );
  });

  it('stores the same result once when the file comes again', async () => {
    const { baker } = practice.patients;
    const line = `${baker.mrn ?? ''},1985-06-15,${clock().today},positive,57905-2`;
    await callForResult(test.app, importFitResults, { token: token(), body: { csv: csvOf(line) } });
    const results = await db()
      .select()
      .from(observations)
      .where(and(eq(observations.patientId, baker.id), eq(observations.loinc, '57905-2')));
    expect(results).toHaveLength(1);
  });

  it('refuses a file that is not CSV, lacks a column or is empty, naming the file', async () => {
    for (const csv of ['"unclosed,quote', 'MRN,Result\r\nA,positive', '\r\n']) {
      const answer = await call(test.app, importFitResults, { token: token(), body: { csv } });
      expect(answer.statusCode).toBe(422);
      expect(issueFieldsOf(answer)).toEqual(['csv']);
    }
    const missing = await call(test.app, importFitResults, {
      token: token(),
      body: { csv: 'MRN,Result\r\nA,positive' },
    });
    expect(missing.json()).toMatchObject({
      error: {
        details: { issues: [{ message: 'The first line lacks the columns date_of_birth, collection_date, loinc' }] },
      },
    });
  });
});

describe('a result closes the gap by the analysis', () => {
  it('moves the patient from the open CMS130 gaps to the archive once the result is analysed', async () => {
    const { organisationId } = practice;
    const thisYear = clock().today.slice(0, 4);
    // A patient of 60 seen at the office this year, with no colorectal screening on record.
    await importBundle(db(), {
      organisationId,
      source: 'EHR',
      bundle: {
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          {
            resource: {
              resourceType: 'Patient',
              id: 'fit-e2e',
              identifier: [{ type: { coding: [{ code: 'MR' }] }, value: 'FIT-E2E-1' }],
              name: [{ family: 'Quinn', given: ['Robin'] }],
              gender: 'female',
              birthDate: `${String(Number(thisYear) - 60)}-02-10`,
              address: [{ line: ['5 Birch Street'], city: 'Springfield', state: 'IL', postalCode: '62701' }],
            },
          },
          {
            resource: {
              resourceType: 'Encounter',
              id: 'fit-e2e-visit',
              status: 'finished',
              class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
              type: [{ coding: [{ system: 'http://www.ama-assn.org/go/cpt', code: '99213' }] }],
              subject: { reference: 'Patient/fit-e2e' },
              period: { start: `${thisYear}-01-02T09:00:00Z`, end: `${thisYear}-01-02T09:20:00Z` },
            },
          },
        ],
      },
    });
    await drainAnalysisQueue(test.app.database);
    const [quinn] = await db().select().from(patients).where(eq(patients.mrn, 'FIT-E2E-1'));
    const patientId = quinn?.id ?? '';
    const gapOf = async () => {
      const [gap] = await db()
        .select()
        .from(careGaps)
        .where(and(eq(careGaps.patientId, patientId), eq(careGaps.measureId, 'CMS130')));
      return gap;
    };
    expect((await gapOf())?.status).toBe('open');

    const batch = await callForResult(test.app, createFitBatch, {
      token: token(),
      body: { templateId: template.id, cairnPatientIds: [patientId] },
    });
    expect(batch.counts.mailed).toBe(1);
    const report = await callForResult(test.app, importFitResults, {
      token: token(),
      body: { csv: csvOf(`FIT-E2E-1,${quinn?.birthDate ?? ''},${clock().today},negative,29771-3`) },
    });
    expect(report.rows.map((row) => row.outcome)).toEqual(['matched']);
    // Nothing closes the gap by hand: it is open until the analysis reads the result.
    expect((await gapOf())?.status).toBe('open');

    await drainAnalysisQueue(test.app.database);
    const closed = await gapOf();
    expect(closed?.status).toBe('closed');
    expect(closed?.closingEvidence).toEqual([
      expect.objectContaining({ resourceType: 'Observation', date: clock().today }),
    ]);
    const archive = await callForResult(test.app, getQualityArchive, {
      token: token(),
      body: { filters: { measureIds: ['CMS130'], statuses: ['closed'] } },
    });
    expect(archive.rows.map((row) => row.patient.cairnPatientId)).toContain(patientId);
    const candidates = await callForResult(test.app, getFitCandidates, {
      token: token(),
      body: { filters: { isWithoutKitOut: false } },
    });
    expect(candidates.rows.map((row) => row.patient.cairnPatientId)).not.toContain(patientId);
  });
});
