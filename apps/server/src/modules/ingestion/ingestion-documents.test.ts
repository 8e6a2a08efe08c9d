import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  allergies,
  analysisJobs,
  appointments,
  clinics,
  conditions,
  coverages,
  departments,
  diagnosticReports,
  documents,
  medications,
  patients,
  providers,
} from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { createFileStore, type FileStore } from '../../integrations/files/file-store';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { importBundle, type ImportResult } from './ingestion.service';

let database: Database;
let organisationId: string;
let fileDir: string;
let fileStore: FileStore;

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
  fileDir = await mkdtemp(join(tmpdir(), 'cairn-ingestion-documents-'));
  fileStore = createFileStore(fileDir);
});
afterAll(async () => {
  await database.close();
  await rm(fileDir, { recursive: true, force: true });
});

async function tinyPdf(line: string): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText(line, { x: 50, y: 700, size: 12, font });
  return Buffer.from(await pdf.save()).toString('base64');
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function documentReference(id: string, attachment: Record<string, unknown>) {
  return {
    resourceType: 'DocumentReference',
    id,
    type: { coding: [{ system: 'http://loinc.org', code: '11506-3', display: 'Progress note' }] },
    subject: { reference: 'Patient/hie-1' },
    date: '2025-03-04T10:00:00Z',
    author: [{ display: 'Dr. Rivera' }],
    content: [{ attachment }],
  };
}

describe('importing a bundle with unreadable resources and documents', () => {
  let result: ImportResult;

  beforeAll(async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        {
          resource: {
            resourceType: 'Patient',
            id: 'hie-1',
            identifier: [{ type: { coding: [{ code: 'MR' }] }, value: 'MRN-77' }],
            name: [{ family: 'Nguyen', given: ['Ada'] }],
            birthDate: '1948-01-02',
            gender: 'female',
            generalPractitioner: [{ reference: 'Practitioner/pr-1' }],
          },
        },
        { resource: { resourceType: 'Condition', id: 'bad-1', code: { text: 'Gout' } } },
        {
          resource: {
            resourceType: 'Observation',
            id: 'bad-2',
            code: { coding: [{ code: '4548-4' }] },
            subject: { reference: 'Patient/nobody' },
            effectiveDateTime: '2025-01-01',
          },
        },
        { resource: { resourceType: 'Encounter', id: 'bad-3', subject: { reference: 'Patient/hie-1' } } },
        { fullUrl: 'urn:uuid:x' },
        { resource: { resourceType: 'Goal', id: 'skipped', subject: { reference: 'Patient/hie-1' } } },
        {
          resource: {
            resourceType: 'Condition',
            id: 'ckd',
            code: { coding: [{ system: 'http://snomed.info/sct', code: '431855005', display: 'CKD stage 1' }] },
            subject: { reference: 'Patient/hie-1' },
          },
        },
        { resource: documentReference('doc-text', { contentType: 'text/plain', data: base64('Follow-up for CKD.') }) },
        {
          resource: documentReference('doc-html', {
            contentType: 'text/html',
            data: base64('<p>Chronic <b>heart failure</b> stable</p>'),
          }),
        },
        {
          resource: documentReference('doc-pdf', {
            contentType: 'application/pdf',
            data: await tinyPdf('Discharge summary: COPD exacerbation'),
          }),
        },
        { resource: documentReference('doc-url', { contentType: 'application/pdf', url: 'https://hie.test/doc/9' }) },
        { resource: { resourceType: 'Organization', id: 'org-1', name: 'Lakeside Clinic' } },
        {
          resource: {
            resourceType: 'Location',
            id: 'loc-1',
            name: 'Internal Medicine',
            managingOrganization: { reference: 'Organization/org-1' },
          },
        },
        {
          resource: {
            resourceType: 'Practitioner',
            id: 'pr-1',
            name: [{ family: 'Rivera', given: ['Ana'], suffix: ['MD'] }],
          },
        },
        {
          resource: {
            resourceType: 'Appointment',
            id: 'ap-1',
            status: 'booked',
            appointmentType: { text: 'Annual wellness visit' },
            start: '2026-11-21T08:30:00-05:00',
            end: '2026-11-21T09:00:00-05:00',
            participant: [
              { actor: { reference: 'Patient/hie-1' } },
              { actor: { reference: 'Practitioner/pr-1' } },
              { actor: { reference: 'Location/loc-1' } },
            ],
          },
        },
        {
          resource: {
            resourceType: 'Coverage',
            id: 'cov-1',
            status: 'active',
            type: { coding: [{ code: 'MCPOL' }] },
            beneficiary: { reference: 'Patient/hie-1' },
            payor: [{ display: 'Medicare' }],
            class: [{ type: { coding: [{ code: 'plan' }] }, value: 'H1234', name: 'Medicare Advantage' }],
            period: { start: '2026-01-01' },
          },
        },
        {
          resource: {
            resourceType: 'MedicationStatement',
            id: 'ms-1',
            status: 'active',
            contained: [
              {
                resourceType: 'Medication',
                id: 'm',
                code: {
                  coding: [
                    {
                      system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
                      code: '860975',
                      display: 'metformin 500 MG',
                    },
                  ],
                },
              },
            ],
            medicationReference: { reference: '#m' },
            subject: { reference: 'Patient/hie-1' },
            effectivePeriod: { start: '2025-06-01' },
            dosage: [{ text: 'twice a day' }],
          },
        },
        {
          resource: {
            resourceType: 'AllergyIntolerance',
            id: 'al-1',
            category: ['medication'],
            code: { text: 'Penicillin' },
            patient: { reference: 'Patient/hie-1' },
            reaction: [{ manifestation: [{ text: 'Hives' }] }],
          },
        },
        {
          resource: {
            resourceType: 'DiagnosticReport',
            id: 'dr-1',
            category: [{ coding: [{ code: 'RAD' }] }],
            code: { coding: [{ system: 'http://loinc.org', code: '36643-5', display: 'Chest X-ray' }] },
            subject: { reference: 'Patient/hie-1' },
            effectiveDateTime: '2025-02-01T10:00:00Z',
            conclusion: 'Hyperinflation consistent with emphysema.',
            presentedForm: [{ contentType: 'text/plain', data: base64('Impression: emphysema.') }],
          },
        },
      ],
    };
    result = await importBundle(database.db, { organisationId, source: 'HIE', bundle, fileStore });
  });

  it('reports each unreadable resource with its position and reason, and keeps the rest', () => {
    expect(result.rejected).toEqual([
      { index: 1, resourceType: 'Condition', id: 'bad-1', reason: 'no subject' },
      { index: 2, resourceType: 'Observation', id: 'bad-2', reason: 'unknown patient' },
      { index: 3, resourceType: 'Encounter', id: 'bad-3', reason: 'missing or invalid period.start' },
      { index: 4, resourceType: null, id: null, reason: 'malformed resource' },
    ]);
    expect(result.imported).toEqual({
      Patient: 1,
      Condition: 1,
      DocumentReference: 4,
      Organization: 1,
      Location: 1,
      Practitioner: 1,
      Appointment: 1,
      Coverage: 1,
      MedicationStatement: 1,
      AllergyIntolerance: 1,
      DiagnosticReport: 1,
    });
  });

  it('keeps a diagnostic report and its presented form as a document', async () => {
    const [report] = await database.db.select().from(diagnosticReports).where(eq(diagnosticReports.sourceId, 'dr-1'));
    expect(report).toMatchObject({
      code: '36643-5',
      category: 'RAD',
      effectiveDate: '2025-02-01',
      conclusion: 'Hyperinflation consistent with emphysema.',
    });
    const [form] = await database.db.select().from(documents).where(eq(documents.sourceId, 'dr-1#form1'));
    expect(form).toMatchObject({
      title: 'Chest X-ray',
      text: 'Impression: emphysema.',
      typeCode: '36643-5',
      documentDate: '2025-02-01',
    });
  });

  it('links the schedule: the appointment to its patient, provider and department, the patient to their provider', async () => {
    const [patient] = await database.db
      .select()
      .from(patients)
      .where(and(eq(patients.organisationId, organisationId), eq(patients.sourceId, 'hie-1')));
    const [provider] = await database.db
      .select()
      .from(providers)
      .where(and(eq(providers.organisationId, organisationId), eq(providers.sourceId, 'pr-1')));
    const [department] = await database.db.select().from(departments).where(eq(departments.sourceId, 'loc-1'));
    const [clinic] = await database.db.select().from(clinics).where(eq(clinics.sourceId, 'org-1'));
    const [appointment] = await database.db.select().from(appointments).where(eq(appointments.sourceId, 'ap-1'));
    expect(patient).toMatchObject({ mrn: 'MRN-77', primaryProviderId: provider?.id });
    expect(provider).toMatchObject({ firstName: 'Ana', lastName: 'Rivera', suffix: 'MD' });
    expect(department).toMatchObject({ name: 'Internal Medicine', clinicId: clinic?.id });
    expect(appointment).toMatchObject({
      patientId: patient?.id,
      providerId: provider?.id,
      departmentId: department?.id,
      visitType: 'Annual wellness visit',
      serviceDate: '2026-11-21',
      startAt: new Date('2026-11-21T13:30:00Z'),
    });
  });

  it('keeps coverage, a contained medication and an allergy', async () => {
    const [coverage] = await database.db.select().from(coverages).where(eq(coverages.sourceId, 'cov-1'));
    expect(coverage).toMatchObject({
      payer: 'Medicare',
      plan: 'Medicare Advantage',
      typeCode: 'MCPOL',
      periodStart: '2026-01-01',
    });
    const [medication] = await database.db.select().from(medications).where(eq(medications.sourceId, 'ms-1'));
    expect(medication).toMatchObject({
      kind: 'MedicationStatement',
      rxnormCode: '860975',
      display: 'metformin 500 MG',
      dosage: 'twice a day',
      startDate: '2025-06-01',
    });
    const [allergy] = await database.db.select().from(allergies).where(eq(allergies.sourceId, 'al-1'));
    expect(allergy).toMatchObject({ display: 'Penicillin', category: 'medication', reaction: 'Hives' });
  });

  it('maps a condition coded only in SNOMED CT to ICD-10-CM', async () => {
    const [row] = await database.db
      .select()
      .from(conditions)
      .where(
        and(
          eq(conditions.organisationId, organisationId),
          eq(conditions.source, 'HIE'),
          eq(conditions.sourceId, 'ckd'),
        ),
      );
    expect(row).toMatchObject({
      icdCode: 'N181',
      icdMapped: true,
      snomedCode: '431855005',
      category: 'problem-list-item',
    });
  });

  it('extracts the text of HTML and PDF documents and keeps their originals in the file store', async () => {
    const rows = await database.db
      .select()
      .from(documents)
      .where(and(eq(documents.organisationId, organisationId), eq(documents.source, 'HIE')));
    const bySource = new Map(rows.map((row) => [row.sourceId, row]));
    expect(bySource.get('doc-text')).toMatchObject({
      contentType: 'text/plain',
      text: 'Follow-up for CKD.',
      fileKey: null,
    });
    expect(bySource.get('doc-html')).toMatchObject({ contentType: 'text/html', text: 'Chronic heart failure stable' });
    expect(bySource.get('doc-pdf')).toMatchObject({
      contentType: 'application/pdf',
      text: 'Discharge summary: COPD exacerbation',
    });
    expect(bySource.get('doc-url')).toMatchObject({ text: '', fileKey: null });
    const stored = await fileStore.get(organisationId, bySource.get('doc-pdf')?.fileKey ?? '');
    expect(stored?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await fileStore.get(organisationId, bySource.get('doc-html')?.fileKey ?? '')).toBeDefined();
    expect(bySource.get('doc-pdf')).toMatchObject({
      typeCode: '11506-3',
      author: 'Dr. Rivera',
      documentDate: '2025-03-04',
    });
  });

  it('finds the documents by full-text search', async () => {
    const rows = await database.db
      .select({ sourceId: documents.sourceId })
      .from(documents)
      .where(
        and(
          eq(documents.organisationId, organisationId),
          sql`${documents.search} @@ plainto_tsquery('english', 'exacerbation')`,
        ),
      );
    expect(rows).toEqual([{ sourceId: 'doc-pdf' }]);
  });

  it("raises the patient's data version and queues an analysis job", async () => {
    const [patient] = await database.db
      .select()
      .from(patients)
      .where(and(eq(patients.organisationId, organisationId), eq(patients.sourceId, 'hie-1')));
    expect(patient?.dataVersion).toBe(2);
    const jobs = await database.db
      .select()
      .from(analysisJobs)
      .where(eq(analysisJobs.patientId, patient?.id ?? ''));
    expect(jobs).toEqual([expect.objectContaining({ status: 'pending', organisationId })]);
    await importBundle(database.db, {
      organisationId,
      source: 'HIE',
      bundle: { resourceType: 'Condition', id: 'ckd', code: { text: 'CKD' }, subject: { reference: 'Patient/hie-1' } },
    });
    const [after] = await database.db
      .select()
      .from(patients)
      .where(eq(patients.id, patient?.id ?? ''));
    expect(after?.dataVersion).toBe(3);
  });

  it('refuses input that is not a FHIR bundle or resource', async () => {
    await expect(importBundle(database.db, { organisationId, source: 'EHR', bundle: [1, 2] })).rejects.toThrow(
      'not a FHIR resource',
    );
    await expect(
      importBundle(database.db, { organisationId, source: 'EHR', bundle: { resourceType: 'Bundle', type: 'history' } }),
    ).rejects.toThrow('unsupported bundle type');
  });
});
