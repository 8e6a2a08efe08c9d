import {
  type DocumentFilters,
  getDocuments,
  SEARCH_MATCH_END,
  SEARCH_MATCH_START,
  searchInOpenSearch,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, callWithAnyBody, tokenFor } from '../../testing/api';
import { createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import {
  insertDocument,
  openDocumentsWorld,
  signInProviderOutsideScope,
  type DocumentsTestWorld,
} from './document-test-support';

let world: DocumentsTestWorld;
const ids = { progress: '', discharge: '', html: '' };

beforeAll(async () => {
  world = await openDocumentsWorld();
  const db = world.test.app.database.db;
  const base = { organisationId: world.organisationId, patientId: world.patientId };
  ids.progress = (
    await insertDocument(db, {
      ...base,
      title: 'Follow-up visit',
      documentDate: '2025-03-01',
      text: 'Type 2 diabetes mellitus is well controlled on metformin. Blood pressure stable.',
    })
  ).id;
  ids.discharge = (
    await insertDocument(db, {
      ...base,
      title: 'Hospital discharge summary',
      typeCode: '18842-5',
      typeDisplay: 'Discharge summary',
      author: 'Samuel Okafor, MD',
      source: 'HIE',
      documentDate: '2024-11-15',
      text: 'Admitted for chest pain. Diabetes noted. Diabetes education given; diabetes follow-up with primary care.',
    })
  ).id;
  ids.html = (
    await insertDocument(db, {
      ...base,
      title: 'Cardiology letter',
      typeCode: '34140-4',
      typeDisplay: 'Cardiology note',
      author: 'Lena Park, MD',
      documentDate: '2025-06-20',
      contentType: 'text/html',
      text: 'Heart failure <script>alert("x")</script> with reduced ejection fraction.',
    })
  ).id;
});
afterAll(async () => {
  await world.close();
});

const listOf = async (payload: { filters?: DocumentFilters }) => {
  const response = await call(world.test.app, getDocuments, {
    token: world.token,
    body: { cairnPatientId: world.patientId, ...payload },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result as { documents: { id: string }[]; facets: Record<string, unknown> };
};

describe('getDocuments', () => {
  it("lists the patient's documents newest first with a preview and the facets present", async () => {
    const result = await listOf({});
    expect(result.documents.map((document) => document.id)).toEqual([ids.html, ids.progress, ids.discharge]);
    expect(result.documents[1]).toMatchObject({
      title: 'Follow-up visit',
      typeCode: '11506-3',
      author: 'Maya Rivera, MD',
      date: '2025-03-01',
      source: 'EHR',
      contentType: 'text/plain',
      hasFile: false,
      preview: expect.stringContaining('Type 2 diabetes') as unknown,
    });
    expect(result.facets).toEqual({
      types: [
        { code: '34140-4', display: 'Cardiology note' },
        { code: '18842-5', display: 'Discharge summary' },
        { code: '11506-3', display: 'Progress note' },
      ],
      sources: ['EHR', 'HIE'],
      authors: ['Lena Park, MD', 'Maya Rivera, MD', 'Samuel Okafor, MD'],
    });
  });

  it('narrows by type, source, author and date range', async () => {
    const idsOf = async (filters: DocumentFilters) =>
      (await listOf({ filters })).documents.map((document) => document.id);
    expect(await idsOf({ types: ['18842-5'] })).toEqual([ids.discharge]);
    expect(await idsOf({ sources: ['HIE'] })).toEqual([ids.discharge]);
    expect(await idsOf({ authors: ['Lena Park, MD', 'Maya Rivera, MD'] })).toEqual([ids.html, ids.progress]);
    expect(await idsOf({ dateFrom: '2025-01-01' })).toEqual([ids.html, ids.progress]);
    expect(await idsOf({ dateFrom: '2024-01-01', dateTo: '2025-03-01' })).toEqual([ids.progress, ids.discharge]);
    expect(await idsOf({ types: [], sources: [] })).toHaveLength(3);
  });

  it('refuses a malformed filter with 422 naming the field, and a missing patient id', async () => {
    const badSource = await callWithAnyBody(world.test.app, getDocuments, {
      token: world.token,
      body: { cairnPatientId: world.patientId, filters: { sources: ['FAX'] } },
    });
    expect(badSource.statusCode).toBe(422);
    expect(badSource.json().error.details.issues[0].field).toBe('filters.sources.0');
    const badDate = await call(world.test.app, getDocuments, {
      token: world.token,
      body: { cairnPatientId: world.patientId, filters: { dateTo: '03/01/2025' } },
    });
    expect(badDate.json().error.details.issues[0].field).toBe('filters.dateTo');
    const missing = await callWithAnyBody(world.test.app, getDocuments, { token: world.token, body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.message).toContain('cairnPatientId');
  });

  it('answers 401 without a token', async () => {
    const response = await call(world.test.app, getDocuments, { body: { cairnPatientId: world.patientId } });
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 for another organisation's patient and for a provider outside their scope", async () => {
    const other = await createOrganisation(world.test.app.database.db, 'Hillside Clinic');
    const { token } = await tokenFor(world.test.app, { organisationId: other.id, view: 'Coder' });
    const body = { cairnPatientId: world.patientId };
    expect((await call(world.test.app, getDocuments, { token, body })).statusCode).toBe(404);
    const providerToken = await signInProviderOutsideScope(world);
    const response = await call(world.test.app, getDocuments, { token: providerToken, body });
    expect(response.statusCode).toBe(404);
  });

  it('writes a patient.read audit entry for the list', async () => {
    await listOf({});
    const entries = await world.test.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, world.userId), eq(auditLog.patientId, world.patientId)));
    expect(entries.some((entry) => entry.action === 'patient.read' && entry.details?.what === 'documents')).toBe(true);
  });
});

const search = (searchTerm: string, extra: { NID?: string } = {}) =>
  call(world.test.app, searchInOpenSearch, {
    token: world.token,
    body: { searchTerm, NID: world.patientId, dataSourceId: 'athena-1', ...extra },
  });

describe('searchInOpenSearch', () => {
  it('ranks the documents that say the words most often first and marks the matches in snippets', async () => {
    const response = await search('diabetes');
    expect(response.statusCode).toBe(200);
    const hits = response.json().result.hits as { id: string; rank: number; snippets: string[] }[];
    expect(hits.map((hit) => hit.id)).toEqual([ids.discharge, ids.progress]);
    expect(hits[0]?.rank).toBeGreaterThan(hits[1]?.rank ?? Infinity);
    expect(hits[1]?.snippets.join(' ')).toContain(`${SEARCH_MATCH_START}diabetes${SEARCH_MATCH_END}`);
  });

  it('understands phrases and stems (websearch syntax)', async () => {
    const hits = (await search('"blood pressure" controlling')).json().result.hits as { id: string }[];
    expect(hits.map((hit) => hit.id)).toEqual([ids.progress]);
  });

  it('answers an empty list for a word no document has', async () => {
    expect((await search('pneumothorax')).json().result.hits).toEqual([]);
  });

  it('never fails on what people type: stop words only, stray operators and punctuation', async () => {
    for (const term of ['the', 'diabetes & (', '!!! :* |', '"unclosed quote']) {
      const response = await search(term);
      expect(response.statusCode).toBe(200);
      expect(Array.isArray(response.json().result.hits)).toBe(true);
    }
  });

  it('never sends markup from a document inside a snippet', async () => {
    const hits = (await search('ejection')).json().result.hits as { id: string; snippets: string[] }[];
    expect(hits.map((hit) => hit.id)).toEqual([ids.html]);
    const snippet = hits[0]?.snippets.join(' ') ?? '';
    expect(snippet).toContain(`${SEARCH_MATCH_START}ejection${SEARCH_MATCH_END}`);
    // What was inside the tags may stay as words; no tag ever does.
    expect(snippet).not.toMatch(/<\/?\s*script/i);
    expect(snippet).not.toContain('<');
  });

  it('refuses an empty or blank search term with 422 naming searchTerm', async () => {
    for (const term of ['', '   ']) {
      const response = await search(term);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.issues[0].field).toBe('searchTerm');
    }
    const noPatient = await callWithAnyBody(world.test.app, searchInOpenSearch, {
      token: world.token,
      body: { searchTerm: 'x' },
    });
    expect(noPatient.json().error.message).toContain('NID');
  });

  it("answers 404 for another organisation's or an out-of-scope patient, 401 without a token", async () => {
    const providerToken = await signInProviderOutsideScope(world);
    const body = { searchTerm: 'diabetes', NID: world.patientId };
    expect((await call(world.test.app, searchInOpenSearch, { token: providerToken, body })).statusCode).toBe(404);
    const stranger = await createPatient(world.test.app.database.db, {
      organisationId: (await createOrganisation(world.test.app.database.db, 'Elsewhere')).id,
    });
    expect((await search('diabetes', { NID: stranger.id })).statusCode).toBe(404);
    expect((await call(world.test.app, searchInOpenSearch, { body })).statusCode).toBe(401);
  });

  it('audits the search as a read of the patient without recording the words searched', async () => {
    await search('metformin');
    const entries = await world.test.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, world.userId), eq(auditLog.patientId, world.patientId)));
    const entry = entries.find((row) => row.details?.what === 'document-search');
    expect(entry?.action).toBe('patient.read');
    expect(JSON.stringify(entry?.details)).not.toContain('metformin');
  });
});
