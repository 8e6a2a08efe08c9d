import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { conditions, documents, patients } from '../../db/clinical-schema';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { importBundle, type ImportResult } from './ingestion.service';

/**
 * Issue 15, item 1: a NUL or a lone surrogate in an EHR's resource (PostgreSQL stores neither) rejects
 * that resource with a reason; the rest of the import is kept.
 */

let database: Database;
let organisationId: string;
let result: ImportResult;

const CANNOT_BE_STORED = 'contains a character that cannot be stored (NUL or a lone surrogate)';

function condition(id: string, patient: string, extra: Record<string, unknown> = {}) {
  return {
    resourceType: 'Condition',
    id,
    subject: { reference: `Patient/${patient}` },
    code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.9', display: 'Type 2 diabetes' }] },
    recordedDate: '2024-01-05',
    ...extra,
  };
}

function textDocument(id: string, text: string) {
  return {
    resourceType: 'DocumentReference',
    id,
    type: { coding: [{ system: 'http://loinc.org', code: '11506-3', display: 'Progress note' }] },
    subject: { reference: 'Patient/p-good' },
    date: '2025-03-04T10:00:00Z',
    content: [{ attachment: { contentType: 'text/plain', data: Buffer.from(text).toString('base64') } }],
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  organisationId = (await createOrganisation(database.db)).id;
  const resources = [
    { resourceType: 'Patient', id: 'p-good', name: [{ family: 'Nguyen', given: ['Ada'] }], birthDate: '1948-01-02' },
    { resourceType: 'Patient', id: 'p-nul', name: [{ family: 'Nul', given: ['A\u0000da'] }], birthDate: '1950-01-02' },
    condition('c-good', 'p-good'),
    condition('c-of-rejected-patient', 'p-nul'),
    condition('c-surrogate', 'p-good', { note: [{ text: 'stable \ud800' }] }),
    condition('c-key', 'p-good', { extension: [{ url: 'https://ehr.test/x', 'value\udc00': 'x' }] }),
    condition('c-nul\u0000id', 'p-good'),
    textDocument('doc-good', 'Follow-up for diabetes.'),
    textDocument('doc-nul', 'Scanned note\u0000with a NUL byte'),
  ];
  const bundle = { resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) };
  result = await importBundle(database.db, { organisationId, source: 'EHR', bundle });
});
afterAll(async () => {
  await database.close();
});

describe('importing resources with strings PostgreSQL cannot store', () => {
  it('rejects each such resource, saying where the character is and never what it is in', () => {
    expect(result.rejected).toEqual([
      { index: 1, resourceType: 'Patient', id: 'p-nul', reason: `name.0.given.0 ${CANNOT_BE_STORED}` },
      { index: 3, resourceType: 'Condition', id: 'c-of-rejected-patient', reason: 'unknown patient' },
      { index: 4, resourceType: 'Condition', id: 'c-surrogate', reason: `note.0.text ${CANNOT_BE_STORED}` },
      { index: 5, resourceType: 'Condition', id: 'c-key', reason: `a key of extension.0 ${CANNOT_BE_STORED}` },
      { index: 6, resourceType: 'Condition', id: null, reason: `id ${CANNOT_BE_STORED}` },
      { index: 8, resourceType: 'DocumentReference', id: 'doc-nul', reason: `documents.text ${CANNOT_BE_STORED}` },
    ]);
  });

  it('imports the rest of the bundle', async () => {
    expect(result.imported).toEqual({ Patient: 1, Condition: 1, DocumentReference: 1 });
    const stored = await database.db
      .select({ sourceId: conditions.sourceId })
      .from(conditions)
      .where(eq(conditions.organisationId, organisationId));
    expect(stored.map((row) => row.sourceId)).toEqual(['c-good']);
    const storedPatients = await database.db
      .select({ sourceId: patients.sourceId })
      .from(patients)
      .where(eq(patients.organisationId, organisationId));
    expect(storedPatients.map((row) => row.sourceId)).toEqual(['p-good']);
    const storedDocuments = await database.db
      .select({ sourceId: documents.sourceId, text: documents.text })
      .from(documents)
      .where(and(eq(documents.organisationId, organisationId), eq(documents.sourceId, 'doc-good')));
    expect(storedDocuments).toEqual([{ sourceId: 'doc-good', text: 'Follow-up for diabetes.' }]);
  });
});
