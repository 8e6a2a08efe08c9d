import {
  createFitBatch,
  createFitTemplate,
  getFitCandidates,
  getFitLetters,
  listFitBatches,
  listFitKits,
  updateFitKit,
  type FitTemplate,
} from '@cairn/contracts';
import { PDFDocument } from 'pdf-lib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { extractText } from '../../integrations/files/extract-text';
import { call, callForResult } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createFitBatchRow, createFitPractice, issueFieldsOf, type FitPractice } from '../../testing/fit-factories';

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
    body: {
      name: 'FIT invitation',
      language: 'en',
      body: 'Dear {{patient.fullName}},\n\nYour FIT kit is enclosed. Please send it back by {{returnBy}}.\n\n{{provider.name}}, {{clinic.name}}',
      returnByDays: 14,
    },
  });
});
afterAll(async () => {
  await test.app.close();
});

const names = (rows: { patient: { lastName: string } }[]) => rows.map((row) => row.patient.lastName);

describe('the patients to invite', () => {
  it('are the patients with an open CMS130 gap, by name, each one shown audited', async () => {
    const page = await callForResult(test.app, getFitCandidates, { token: token(), body: {} });
    expect(names(page.rows)).toEqual(['Adams', 'Baker', 'Diaz']);
    expect(page.total).toBe(3);
    expect(page.rows[0]).toMatchObject({
      address: '12 Elm Street, Springfield, IL 62701',
      gapStatus: 'open',
      primaryProvider: { name: 'Maya Rivera, MD' },
      clinicName: 'Riverside Clinic',
      lastKit: null,
    });
    const reads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, practice.lead.user.id), eq(auditLog.action, 'patient.read')));
    expect(reads.filter((entry) => entry.details?.what === 'fit-candidates')).toHaveLength(3);
  });

  it('narrow to a clinic, a provider and an age', async () => {
    const filtered = (filters: object) =>
      callForResult(test.app, getFitCandidates, { token: token(), body: { filters } }).then((page) => names(page.rows));
    expect(await filtered({ clinicIds: [practice.hillcrest.clinic.id] })).toEqual(['Diaz']);
    expect(await filtered({ providerIds: [practice.riverside.provider.id] })).toEqual(['Adams', 'Baker']);
    const ageOfBaker = Number(clock().today.slice(0, 4)) - 1985 - (clock().today.slice(5) < '06-15' ? 1 : 0);
    expect(await filtered({ ageFrom: ageOfBaker + 1 })).toEqual(['Adams', 'Diaz']);
    expect(await filtered({ ageFrom: ageOfBaker, ageTo: ageOfBaker })).toEqual(['Baker']);
  });

  it('refuses an age range the wrong way round, naming its end', async () => {
    const answer = await call(test.app, getFitCandidates, {
      token: token(),
      body: { filters: { ageFrom: 70, ageTo: 50 } },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ error: { details: { issues: [{ field: 'filters.ageTo' }] } } });
  });
});

describe('mailing a batch of FIT letters', () => {
  it('refuses, naming each one, a patient without an open CMS130 gap or an address, and mails nothing', async () => {
    const { patients } = practice;
    const answer = await call(test.app, createFitBatch, {
      token: token(),
      body: {
        templateId: template.id,
        cairnPatientIds: [patients.adams.id, patients.cole.id, patients.diaz.id, patients.evans.id],
      },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        details: {
          issues: [
            { field: 'cairnPatientIds.1', message: 'This patient has no open CMS130 gap' },
            { field: 'cairnPatientIds.2', message: 'This patient has no mailing address' },
            { field: 'cairnPatientIds.3', message: 'This patient has no open CMS130 gap' },
          ],
        },
      },
    });
    const kits = await callForResult(test.app, listFitKits, { token: token(), body: {} });
    expect(kits.total).toBe(0);
  });

  it('records a kit per patient, mailed, and prints one letter a page with each patient merged', async () => {
    const { patients } = practice;
    const batch = await callForResult(test.app, createFitBatch, {
      token: token(),
      body: {
        templateId: template.id,
        cairnPatientIds: [patients.baker.id, patients.adams.id],
        mailedOn: '2026-11-02',
      },
    });
    expect(batch).toMatchObject({
      templateName: 'FIT invitation',
      mailedOn: '2026-11-02',
      returnBy: '2026-11-16',
      kitCount: 2,
      counts: { mailed: 2, returned: 0, resulted: 0, lost: 0, declined: 0 },
    });

    const letters = await callForResult(test.app, getFitLetters, { token: token(), body: { batchId: batch.id } });
    expect(letters).toMatchObject({ contentType: 'application/pdf', pages: 2 });
    expect(letters.fileName).toMatch(/^fit-letters-2026-11-02-[0-9a-f]{8}\.pdf$/);
    const bytes = Buffer.from(letters.pdfBase64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    const [adamsPage = '', bakerPage = ''] = (await extractText(bytes, 'application/pdf')).split('\n\n');
    expect(adamsPage).toContain('Ann Adams\n12 Elm Street\nSpringfield, IL 62701');
    expect(adamsPage).toContain('Dear Ann Adams,');
    expect(adamsPage).toContain('Please send it back by November 16, 2026.');
    expect(adamsPage).toContain('Maya Rivera, MD, Riverside Clinic');
    expect(bakerPage).toContain('Dear Ben Baker,');
    expect(bakerPage).not.toContain('Adams');

    const printed = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, practice.lead.user.id), eq(auditLog.organisationId, practice.organisationId)));
    const audited = (action: string, what: string) =>
      printed
        .filter((entry) => entry.action === action && entry.details?.what === what)
        .map((entry) => entry.patientId)
        .sort();
    const both = [patients.adams.id, patients.baker.id].sort();
    expect(audited('patient.write', 'fit-kit-mailed')).toEqual(both);
    expect(audited('patient.read', 'fit-letters')).toEqual(both);
  });

  it('leaves out of the patients to invite, and refuses to mail again, a patient whose kit is out', async () => {
    const page = await callForResult(test.app, getFitCandidates, { token: token(), body: {} });
    expect(names(page.rows)).toEqual(['Diaz']);
    const everyone = await callForResult(test.app, getFitCandidates, {
      token: token(),
      body: { filters: { isWithoutKitOut: false } },
    });
    expect(everyone.rows.find((row) => row.patient.lastName === 'Adams')?.lastKit).toEqual({
      status: 'mailed',
      mailedOn: '2026-11-02',
    });
    const again = await call(test.app, createFitBatch, {
      token: token(),
      body: { templateId: template.id, cairnPatientIds: [practice.patients.adams.id] },
    });
    expect(again.json()).toMatchObject({
      error: {
        details: { issues: [{ field: 'cairnPatientIds.0', message: 'A kit mailed on 2026-11-02 is still out' }] },
      },
    });
  });

  it('refuses a template of no one, a day to come and a patient chosen twice', async () => {
    const adams = practice.patients.adams.id;
    const fieldsOf = async (body: object) => {
      const answer = await call(test.app, createFitBatch, {
        token: token(),
        body: { templateId: template.id, ...body } as never,
      });
      expect(answer.statusCode).toBe(422);
      return issueFieldsOf(answer);
    };
    expect(await fieldsOf({ templateId: crypto.randomUUID(), cairnPatientIds: [adams] })).toEqual(['templateId']);
    expect(await fieldsOf({ cairnPatientIds: [adams], mailedOn: '2999-01-01' })).toEqual(['mailedOn']);
    expect(await fieldsOf({ cairnPatientIds: [adams, adams] })).toEqual(['cairnPatientIds']);
    expect(await fieldsOf({ cairnPatientIds: [] })).toEqual(['cairnPatientIds']);
  });
});

describe('tracking the kits', () => {
  it('records a kit returned on a day, lost or declined, counts them and filters by state', async () => {
    const { kits } = await createFitBatchRow(db(), {
      organisationId: practice.organisationId,
      patientIds: [practice.patients.cole.id],
      mailedOn: '2026-10-01',
    });
    const kitId = kits[0]?.id ?? '';
    const returned = await callForResult(test.app, updateFitKit, {
      token: token(),
      body: { kitId, status: 'returned', returnedOn: '2026-10-12' },
    });
    expect(returned).toMatchObject({ status: 'returned', returnedOn: '2026-10-12', gapStatus: 'closed' });

    const page = await callForResult(test.app, listFitKits, {
      token: token(),
      body: { filters: { statuses: ['returned'] } },
    });
    expect(names(page.rows)).toEqual(['Cole']);
    expect(page.total).toBe(1);
    expect(page.counts).toEqual({ mailed: 2, returned: 1, resulted: 0, lost: 0, declined: 0 });

    const lost = await callForResult(test.app, updateFitKit, { token: token(), body: { kitId, status: 'lost' } });
    expect(lost).toMatchObject({ status: 'lost', returnedOn: null });
    const all = await callForResult(test.app, listFitKits, { token: token(), body: {} });
    expect(names(all.rows)).toEqual(['Adams', 'Baker', 'Cole']);
    const batches = await callForResult(test.app, listFitBatches, { token: token() });
    expect(batches.map((batch) => batch.counts.lost)).toContain(1);
  });

  it('refuses a return before mailing or to come, and never sets a result by hand', async () => {
    const { kits } = await createFitBatchRow(db(), {
      organisationId: practice.organisationId,
      patientIds: [practice.patients.evans.id],
      mailedOn: '2026-10-01',
    });
    const kitId = kits[0]?.id ?? '';
    const refused = async (body: object) => {
      const answer = await call(test.app, updateFitKit, { token: token(), body: { kitId, ...body } as never });
      return [answer.statusCode, issueFieldsOf(answer)[0]];
    };
    expect(await refused({ status: 'returned', returnedOn: '2026-09-30' })).toEqual([422, 'returnedOn']);
    expect(await refused({ status: 'returned', returnedOn: '2999-01-01' })).toEqual([422, 'returnedOn']);
    expect(await refused({ status: 'resulted' })).toEqual([422, 'status']);
    const { kits: resulted } = await createFitBatchRow(db(), {
      organisationId: practice.organisationId,
      patientIds: [practice.patients.evans.id],
      status: 'resulted',
    });
    const answer = await call(test.app, updateFitKit, {
      token: token(),
      body: { kitId: resulted[0]?.id ?? '', status: 'mailed' },
    });
    expect(answer.statusCode).toBe(409);
  });
});
