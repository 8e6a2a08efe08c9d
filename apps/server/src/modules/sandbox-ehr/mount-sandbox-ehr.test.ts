import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { appointments, ehrConnections, patients } from '../../db/clinical-schema';
import { openServerSecretBox } from '../../lib/secret-box';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { sandboxAccessToken } from '../../testing/sandbox-ehr';
import { getOrCreateServerSecret } from '../auth';
import { seedDemo, localIsoDate } from '../demo';
import { mountSandboxEhr, SANDBOX_CLIENT_ID } from './mount-sandbox-ehr';
import { findOrganisationIdBySlug } from './sandbox-ehr.repository';

let test: TestApp;
let db: Db;
let sandboxUrl: string | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'cairn-mount-sandbox-ehr-'));
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  test = await buildTestApp({ env: { CAIRN_DATA_DIR: dataDir } });
  db = test.app.database.db;
  await seedDemo(db, test.config);
  sandboxUrl = await mountSandboxEhr(test.app, db, test.config);
}, 60_000);
afterAll(async () => {
  await test.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function demoOrganisationId(): Promise<string> {
  return (await findOrganisationIdBySlug(db, 'demo')) ?? '';
}

/** One of today's visits: its patient's and its encounter's FHIR ids in the sandbox. */
async function visitToday(): Promise<{ patient: string; encounter: string }> {
  const [visit] = await db
    .select({ patient: patients.sourceId, visit: appointments.sourceId })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(eq(appointments.serviceDate, localIsoDate()))
    .limit(1);
  if (!visit) throw new Error('no visit today');
  return { patient: visit.patient, encounter: `${visit.visit}-encounter` };
}

/** An access token through the SMART flow, as Cairn gets one when the EHR screen launches it. */
async function launchToken(context: { patient: string; encounter: string }): Promise<string> {
  return sandboxAccessToken(test.app, {
    prefix: '/sandbox',
    fhirBaseUrl: `${ORIGIN}/sandbox/fhir`,
    client: {
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: await getOrCreateServerSecret(db, 'sandbox-ehr-client-secret'),
    },
    redirectUri: `${ORIGIN}/epic/login`,
    ...context,
  });
}

describe('the sandbox EHR of the embedded default', () => {
  it('answers its capability statement at /sandbox/fhir/metadata without a token', async () => {
    expect(sandboxUrl).toBe(`${ORIGIN}/sandbox`);
    const response = await test.app.inject({ method: 'GET', url: '/sandbox/fhir/metadata' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ resourceType: string }>().resourceType).toBe('CapabilityStatement');
  });

  it('serves the demo patients and today’s encounters to Cairn’s SMART client, and nothing without a token', async () => {
    const visit = await visitToday();
    const withoutToken = await test.app.inject({ method: 'GET', url: `/sandbox/fhir/Patient/${visit.patient}` });
    expect(withoutToken.statusCode).toBe(401);

    const authorization = `Bearer ${await launchToken(visit)}`;
    const patient = await test.app.inject({
      method: 'GET',
      url: `/sandbox/fhir/Patient/${visit.patient}`,
      headers: { authorization },
    });
    expect(patient.statusCode).toBe(200);
    expect(patient.json<{ birthDate?: string }>().birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const encounter = await test.app.inject({
      method: 'GET',
      url: `/sandbox/fhir/Encounter/${visit.encounter}`,
      headers: { authorization },
    });
    expect(encounter.json<{ subject?: { reference?: string } }>().subject?.reference).toBe(`Patient/${visit.patient}`);
  });

  it('connects the demo organisation to it, with the client secret sealed', async () => {
    const organisationId = await demoOrganisationId();
    const rows = await db.select().from(ehrConnections).where(eq(ehrConnections.organisationId, organisationId));
    expect(rows).toHaveLength(1);
    const [connection] = rows;
    expect(connection).toMatchObject({
      name: SANDBOX_CLIENT_ID,
      clientId: SANDBOX_CLIENT_ID,
      fhirBaseUrl: `${ORIGIN}/sandbox/fhir`,
    });
    const secret = await getOrCreateServerSecret(db, 'sandbox-ehr-client-secret');
    expect(connection?.clientSecretEncrypted).not.toContain(secret);
    const secretBox = await openServerSecretBox(db, test.config.encryptionKey);
    expect(secretBox.open(connection?.clientSecretEncrypted ?? '', organisationId)).toBe(secret);
  });

  it('keeps one connection, with the same secret, when the server starts again', async () => {
    const restarted = Fastify({ logger: false });
    await mountSandboxEhr(restarted, db, test.config);
    await restarted.close();
    const organisationId = await demoOrganisationId();
    const rows = await db
      .select()
      .from(ehrConnections)
      .where(and(eq(ehrConnections.organisationId, organisationId), eq(ehrConnections.name, SANDBOX_CLIENT_ID)));
    expect(rows).toHaveLength(1);
    const secretBox = await openServerSecretBox(db, test.config.encryptionKey);
    expect(secretBox.open(rows[0]?.clientSecretEncrypted ?? '', organisationId)).toBe(
      await getOrCreateServerSecret(db, 'sandbox-ehr-client-secret'),
    );
  });

  it('is not mounted when CAIRN_SANDBOX_EHR is 0', async () => {
    const app = Fastify({ logger: false });
    const config = loadConfig({ CAIRN_ENV: 'test', CAIRN_SANDBOX_EHR: '0' });
    expect(await mountSandboxEhr(app, db, config)).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/sandbox/fhir/metadata' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('the EHR add-on links', () => {
  it('redirect /athena and /ecw to the add-on store pages', async () => {
    const athena = await test.app.inject({ method: 'GET', url: '/athena' });
    expect(athena.statusCode).toBe(302);
    expect(athena.headers.location).toBe('https://chromewebstore.google.com/search/Cairn%20athenaOne');
    const ecw = await test.app.inject({ method: 'GET', url: '/ecw' });
    expect(ecw.statusCode).toBe(302);
    expect(ecw.headers.location).toBe('https://chromewebstore.google.com/search/Cairn%20eClinicalWorks');
  });

  it('redirect to the configured pages', async () => {
    const configured = await buildTestApp({ env: { CAIRN_ATHENA_ADDON_URL: 'https://addons.example.org/athena' } });
    const response = await configured.app.inject({ method: 'GET', url: '/athena' });
    expect(response.headers.location).toBe('https://addons.example.org/athena');
    await configured.app.close();
  });
});
