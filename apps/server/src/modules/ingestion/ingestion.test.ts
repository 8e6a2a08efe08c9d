import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  allergies,
  analysisJobs,
  appointments,
  claimDiagnoses,
  clinics,
  coverages,
  departments,
  medications,
  providers,
  conditions,
  documents,
  encounters,
  observations,
  patients,
} from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { createFileStore, type FileStore } from '../../integrations/files/file-store';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { importBundle, organisationTotals, type ImportResult } from './ingestion.service';
import { syntheaFixtures, type SyntheaFixture } from './synthea-fixtures';

let database: Database;
let organisationId: string;
let fileDir: string;
let fileStore: FileStore;
const fixtures = syntheaFixtures();
const firstImport = new Map<string, ImportResult>();

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
  fileDir = await mkdtemp(join(tmpdir(), 'cairn-ingestion-'));
  fileStore = createFileStore(fileDir);
  for (const fixture of fixtures) {
    firstImport.set(
      fixture.file,
      await importBundle(database.db, { organisationId, source: 'EHR', bundle: fixture.bundle }),
    );
  }
});
afterAll(async () => {
  await database.close();
  await rm(fileDir, { recursive: true, force: true });
});

const IMPORTED_TYPES = [
  'Patient',
  'Organization',
  'Practitioner',
  'Encounter',
  'Condition',
  'Observation',
  'MedicationRequest',
  'Procedure',
  'Immunization',
  'DiagnosticReport',
  'Claim',
  'ExplanationOfBenefit',
  'AllergyIntolerance',
];

function resourcesOf(fixture: SyntheaFixture, type: string) {
  return fixture.bundle.entry.map((entry) => entry.resource).filter((resource) => resource.resourceType === type);
}

async function patientRowId(fixture: SyntheaFixture): Promise<string> {
  const sourceId = String(resourcesOf(fixture, 'Patient')[0]?.id);
  const [row] = await database.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), eq(patients.sourceId, sourceId)));
  if (!row) throw new Error(`patient of ${fixture.file} not imported`);
  return row.id;
}

async function countFor(
  table: typeof conditions | typeof observations | typeof claimDiagnoses | typeof encounters,
  patientId: string,
) {
  const [row] = await database.db.select({ value: count() }).from(table).where(eq(table.patientId, patientId));
  return row?.value ?? 0;
}

describe('importing the ten Synthea bundles', () => {
  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    'imports every readable resource of %s',
    (_file, fixture) => {
      const result = firstImport.get(fixture.file);
      expect(result?.rejected).toEqual([]);
      const expected = Object.fromEntries(
        Object.entries(fixture.readmeCounts).filter(([type]) => IMPORTED_TYPES.includes(type)),
      );
      expect(result?.imported).toEqual(expected);
    },
  );

  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    'stores the patient, conditions, observation rows and claim diagnoses of %s',
    async (_file, fixture) => {
      const patientId = await patientRowId(fixture);
      expect(await countFor(conditions, patientId)).toBe(fixture.readmeCounts.Condition);
      expect(await countFor(encounters, patientId)).toBe(fixture.readmeCounts.Encounter);
      const observationRows = resourcesOf(fixture, 'Observation').reduce(
        (sum, resource) => sum + (Array.isArray(resource.component) ? resource.component.length : 1),
        0,
      );
      expect(await countFor(observations, patientId)).toBe(observationRows);
      const diagnoses = [...resourcesOf(fixture, 'Claim'), ...resourcesOf(fixture, 'ExplanationOfBenefit')].reduce(
        (sum, resource) => sum + (Array.isArray(resource.diagnosis) ? resource.diagnosis.length : 0),
        0,
      );
      expect(await countFor(claimDiagnoses, patientId)).toBe(diagnoses);
    },
  );

  it("answers the organisation's totals: ten patients and all their rows", async () => {
    const totals = await organisationTotals(database.db, organisationId);
    const sum = (type: string) => fixtures.reduce((total, fixture) => total + (fixture.readmeCounts[type] ?? 0), 0);
    expect(totals).toMatchObject({
      patients: 10,
      encounters: sum('Encounter'),
      conditions: sum('Condition'),
      medications: sum('MedicationRequest'),
      documents: 0,
    });
  });

  it('reads the patient: MRN, name, birth date, death, phone and address', async () => {
    const fixture = fixtures.find((item) => item.file.startsWith('Parker_Casper'));
    if (!fixture) throw new Error('fixture missing');
    const [row] = await database.db
      .select()
      .from(patients)
      .where(eq(patients.id, await patientRowId(fixture)));
    expect(row).toMatchObject({
      mrn: '6d0c6969-6843-47e1-9921-d9bf11b1df31',
      firstName: 'Parker',
      lastName: 'Casper',
      birthDate: '1952-07-31',
      gender: 'male',
      deceasedDate: '2021-02-21',
    });
    expect(row?.phone).toMatch(/^555-/);
    expect(row?.address).toMatch(/MA|Massachusetts/);
  });

  it('gives the SNOMED-only Synthea conditions their mapped ICD-10-CM codes', async () => {
    const rows = await database.db
      .select({ icdCode: conditions.icdCode, icdMapped: conditions.icdMapped })
      .from(conditions)
      .where(and(eq(conditions.organisationId, organisationId), eq(conditions.snomedCode, '44054006')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.icdCode === 'E119' && row.icdMapped)).toBe(true);
  });

  it('updates rows on a second import instead of adding them', async () => {
    const before = await organisationTotals(database.db, organisationId);
    const fixture = fixtures[0];
    if (!fixture) throw new Error('fixture missing');
    const patientId = await patientRowId(fixture);
    const [oldCondition] = await database.db
      .select()
      .from(conditions)
      .where(eq(conditions.patientId, patientId))
      .limit(1);
    for (const item of fixtures)
      await importBundle(database.db, { organisationId, source: 'EHR', bundle: item.bundle });
    expect(await organisationTotals(database.db, organisationId)).toEqual(before);
    expect(await patientRowId(fixture)).toBe(patientId);
    const [newCondition] = await database.db
      .select()
      .from(conditions)
      .where(eq(conditions.id, oldCondition?.id ?? ''));
    expect(newCondition?.updatedAt.getTime()).toBeGreaterThanOrEqual(oldCondition?.updatedAt.getTime() ?? Infinity);
  });
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

describe('importing into another organisation', () => {
  it("writes that organisation's own rows and leaves this one's untouched", async () => {
    const before = await organisationTotals(database.db, organisationId);
    const [stamp] = await database.db
      .select({ latest: sql<string>`max(${conditions.updatedAt})::text` })
      .from(conditions)
      .where(eq(conditions.organisationId, organisationId));
    const other = await createOrganisation(database.db, 'Hillside Clinic');
    const fixture = fixtures[0];
    if (!fixture) throw new Error('fixture missing');
    await importBundle(database.db, { organisationId: other.id, source: 'EHR', bundle: fixture.bundle });
    expect(await organisationTotals(database.db, organisationId)).toEqual(before);
    const [after] = await database.db
      .select({ latest: sql<string>`max(${conditions.updatedAt})::text` })
      .from(conditions)
      .where(eq(conditions.organisationId, organisationId));
    expect(after?.latest).toBe(stamp?.latest);
    expect(await organisationTotals(database.db, other.id)).toMatchObject({
      patients: 1,
      conditions: fixture.readmeCounts.Condition,
    });
  });
});
