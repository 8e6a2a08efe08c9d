import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Db } from '../../db/client';
import { documents } from '../../db/clinical-schema';
import { fileStoreFor, type FileStore } from '../../integrations/files/file-store';
import { tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createCareTeam, createPatient, linkUserToProvider } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';

/** Test support for the documents module: an app whose file store lives in a temporary folder. */
export interface DocumentsTestWorld {
  test: TestApp;
  files: FileStore;
  organisationId: string;
  patientId: string;
  /** A coder (sees the whole organisation). */
  token: string;
  userId: string;
  close(): Promise<void>;
}

export async function openDocumentsWorld(): Promise<DocumentsTestWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cairn-documents-'));
  const test = await buildTestApp({ env: { CAIRN_DATA_DIR: dataDir } });
  const db = test.app.database.db;
  const organisationId = (await createOrganisation(db)).id;
  const patientId = (await createPatient(db, { organisationId })).id;
  const { user, token } = await tokenFor(test.app, { organisationId, view: 'Coder' });
  return {
    test,
    files: fileStoreFor({ dataDir }),
    organisationId,
    patientId,
    token,
    userId: user.id,
    close: async () => {
      await test.app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A provider linked to a care team of their own, who therefore sees none of the world's patients. */
export async function signInProviderOutsideScope(world: DocumentsTestWorld): Promise<string> {
  const db = world.test.app.database.db;
  const team = await createCareTeam(db, { organisationId: world.organisationId, providerLastName: 'Elsewhere' });
  const { user, token } = await tokenFor(world.test.app, { organisationId: world.organisationId, view: 'Provider' });
  await linkUserToProvider(db, user.id, team.provider.id);
  return token;
}

export type NewDocument = Partial<typeof documents.$inferInsert> & { organisationId: string; patientId: string };

export async function insertDocument(db: Db, values: NewDocument): Promise<typeof documents.$inferSelect> {
  const [row] = await db
    .insert(documents)
    .values({
      title: 'Progress note',
      typeCode: '11506-3',
      typeDisplay: 'Progress note',
      author: 'Maya Rivera, MD',
      documentDate: '2025-03-01',
      contentType: 'text/plain',
      text: '',
      source: 'EHR',
      sourceId: randomBytes(8).toString('hex'),
      ...values,
    })
    .returning();
  if (!row) throw new Error('document not created');
  return row;
}

/** A one-page PDF that says the given line. */
export async function buildPdf(line: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 200]);
  page.drawText(line, { x: 20, y: 100, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}
