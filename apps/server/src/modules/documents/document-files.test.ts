import { getDocument, getFileURL } from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, callWithAnyBody, tokenFor } from '../../testing/api';
import { createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import {
  buildPdf,
  insertDocument,
  openDocumentsWorld,
  signInProviderOutsideScope,
  type DocumentsTestWorld,
} from './document-test-support';

let world: DocumentsTestWorld;
let pdfBytes: Uint8Array;
const ids = { pdf: '', html: '', plain: '' };

beforeAll(async () => {
  world = await openDocumentsWorld();
  const db = world.test.app.database.db;
  const base = { organisationId: world.organisationId, patientId: world.patientId };
  pdfBytes = await buildPdf('Echocardiogram: ejection fraction 35%');
  const pdfKey = await world.files.put(world.organisationId, pdfBytes);
  ids.pdf = (
    await insertDocument(db, {
      ...base,
      title: 'Echocardiogram report',
      contentType: 'application/pdf',
      text: 'Echocardiogram: ejection fraction 35%',
      fileKey: pdfKey,
      fileSize: pdfBytes.length,
    })
  ).id;
  const html = '<h1>Letter</h1><p>Dear colleague</p><script>alert(1)</script>';
  const htmlKey = await world.files.put(world.organisationId, new TextEncoder().encode(html));
  ids.html = (
    await insertDocument(db, { ...base, contentType: 'text/html', text: 'Letter Dear colleague', fileKey: htmlKey })
  ).id;
  ids.plain = (await insertDocument(db, { ...base, text: 'No file behind this one' })).id;
});
afterAll(async () => {
  vi.useRealTimers();
  await world.close();
});

async function fileUrlFor(documentId: string): Promise<string> {
  const response = await call(world.test.app, getFileURL, {
    token: world.token,
    body: { id: documentId, overrideEnv: 'staging' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().result as { url: string }).url;
}

const fetchFile = (url: string) => world.test.app.inject({ method: 'GET', url });

describe('getDocument', () => {
  it('answers the metadata, the text and whether a PDF original exists', async () => {
    const response = await call(world.test.app, getDocument, { token: world.token, body: { documentId: ids.pdf } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      id: ids.pdf,
      patientId: world.patientId,
      title: 'Echocardiogram report',
      contentType: 'application/pdf',
      text: 'Echocardiogram: ejection fraction 35%',
      html: null,
      hasPdf: true,
      hasFile: true,
    });
  });

  it('answers the original HTML as stored, for the browser to sanitise', async () => {
    const result = (
      await call(world.test.app, getDocument, { token: world.token, body: { documentId: ids.html } })
    ).json().result;
    expect(result).toMatchObject({ contentType: 'text/html', hasPdf: false, text: 'Letter Dear colleague' });
    expect(result.html).toContain('<p>Dear colleague</p>');
  });

  it("answers 404 for an unknown id, another organisation's document and a provider outside scope", async () => {
    expect(
      (await call(world.test.app, getDocument, { token: world.token, body: { documentId: 'not-a-uuid' } })).statusCode,
    ).toBe(404);
    const other = await createOrganisation(world.test.app.database.db, 'Hillside');
    const { token } = await tokenFor(world.test.app, { organisationId: other.id, view: 'Coder' });
    expect((await call(world.test.app, getDocument, { token, body: { documentId: ids.pdf } })).statusCode).toBe(404);
    const providerToken = await signInProviderOutsideScope(world);
    expect(
      (await call(world.test.app, getDocument, { token: providerToken, body: { documentId: ids.pdf } })).statusCode,
    ).toBe(404);
  });

  it('answers 422 naming documentId when it is missing, and 401 without a token', async () => {
    const missing = await callWithAnyBody(world.test.app, getDocument, { token: world.token, body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details.issues[0].field).toBe('documentId');
    expect((await call(world.test.app, getDocument, { body: { documentId: ids.pdf } })).statusCode).toBe(401);
  });
});

describe('getFileURL and the signed link', () => {
  it('issues a five-minute link that serves the original inline, privately and unsniffed', async () => {
    const response = await call(world.test.app, getFileURL, { token: world.token, body: { id: ids.pdf } });
    const { url, expiresAt } = response.json().result as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^/api/files/${ids.pdf}\\?expires=\\d+&user=[0-9a-f-]+&signature=[\\w-]+$`));
    const lifetime = new Date(expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(290_000);
    expect(lifetime).toBeLessThanOrEqual(300_000);
    const file = await fetchFile(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.rawPayload, Buffer.from(pdfBytes))).toBe(0);
  });

  it('serves an HTML original sandboxed, so that it never runs as a Cairn page', async () => {
    const file = await fetchFile(await fileUrlFor(ids.html));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/html');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
  });

  it('refuses a tampered link with 403', async () => {
    const url = await fileUrlFor(ids.pdf);
    const forgedSignature = url.replace(
      /signature=([\w-])/,
      (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
    );
    const otherDocument = url.replace(ids.pdf, ids.html);
    const laterExpiry = url.replace(
      /expires=(\d+)/,
      (_match, value: string) => `expires=${String(Number(value) + 60)}`,
    );
    const withoutSignature = url.replace(/&signature=.*$/, '');
    for (const tampered of [forgedSignature, otherDocument, laterExpiry, withoutSignature]) {
      const response = await fetchFile(tampered);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a link once its five minutes are over', async () => {
    const url = await fileUrlFor(ids.pdf);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    try {
      expect((await fetchFile(url)).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 for a document without a stored file, another organisation and a provider outside scope', async () => {
    expect((await call(world.test.app, getFileURL, { token: world.token, body: { id: ids.plain } })).statusCode).toBe(
      404,
    );
    const other = await createOrganisation(world.test.app.database.db, 'Lakeside');
    const { token } = await tokenFor(world.test.app, { organisationId: other.id, view: 'Coder' });
    expect((await call(world.test.app, getFileURL, { token, body: { id: ids.pdf } })).statusCode).toBe(404);
    const providerToken = await signInProviderOutsideScope(world);
    expect((await call(world.test.app, getFileURL, { token: providerToken, body: { id: ids.pdf } })).statusCode).toBe(
      404,
    );
  });

  it("does not open another organisation's file with this organisation's link", async () => {
    const other = await createOrganisation(world.test.app.database.db, 'Brookside');
    const patient = await createPatient(world.test.app.database.db, { organisationId: other.id });
    const key = await world.files.put(other.id, await buildPdf('Other clinic'));
    const foreign = await insertDocument(world.test.app.database.db, {
      organisationId: other.id,
      patientId: patient.id,
      contentType: 'application/pdf',
      fileKey: key,
    });
    const url = (await fileUrlFor(ids.pdf)).replace(ids.pdf, foreign.id);
    expect((await fetchFile(url)).statusCode).toBe(403);
  });

  it('answers 422 naming id when it is missing, and 401 without a token', async () => {
    const missing = await callWithAnyBody(world.test.app, getFileURL, {
      token: world.token,
      body: { overrideEnv: 'prod' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details.issues[0].field).toBe('id');
    expect((await call(world.test.app, getFileURL, { body: { id: ids.pdf } })).statusCode).toBe(401);
  });

  it('audits the link and the file read as reads of the patient by the user the link was issued to', async () => {
    await fetchFile(await fileUrlFor(ids.pdf));
    const entries = await world.test.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, world.userId), eq(auditLog.patientId, world.patientId)));
    const reads = entries.filter((entry) => entry.action === 'patient.read').map((entry) => entry.details?.what);
    expect(reads).toEqual(expect.arrayContaining(['document', 'document-file-url', 'document-file']));
    const fileRead = entries.find((entry) => entry.details?.what === 'document-file');
    expect(fileRead).toMatchObject({ organisationId: world.organisationId, details: { documentId: ids.pdf } });
  });
});
