import { createSandboxRepository, ehrSandbox, loadSandboxData } from '@cairn/ehr-sandbox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { openServerSecretBox } from '../../lib/secret-box';
import { getOrCreateServerSecret } from '../auth';
import { DEMO_ORGANISATION } from '../demo';
import { exportDemoFhir } from './demo-fhir-export';
import { findOrganisationIdBySlug, upsertEhrConnection } from './sandbox-ehr.repository';

/** The SMART client Cairn is to the sandbox, and the name of the demo organisation's connection to it. */
export const SANDBOX_CLIENT_ID = 'cairn-fhir-connection';
const CLIENT_SECRET_NAME = 'sandbox-ehr-client-secret';
/** The demo clinician the sandbox signs in: Maya Rivera, whom `demo.provider` works as. */
const DEMO_CLINICIAN = 'Practitioner/demo-provider-0';

/**
 * The embedded default's EHR (issue 6): the sandbox EHR at `/sandbox`, serving the demo organisation's
 * EHR data as it stands at start (what Cairn writes to it lives in memory until the next start), with
 * Cairn as its one SMART client and the demo organisation connected to it. Call it after the demo
 * seed and before `listen`. Answers the sandbox's public URL, or undefined when it is off.
 *
 * The sandbox is outside `/api`: its FHIR API takes the sandbox's own Bearer tokens, not Cairn's.
 */
export async function mountSandboxEhr(app: FastifyInstance, db: Db, config: Config): Promise<string | undefined> {
  if (!config.sandboxEhr) return undefined;
  const origin = new URL(config.apiUrl).origin;
  const publicUrl = `${origin}/sandbox`;
  const organisationId = await findOrganisationIdBySlug(db, DEMO_ORGANISATION.slug);
  const repository = createSandboxRepository();
  if (organisationId) await loadSandboxData(repository, await exportDemoFhir(db, { organisationId }));
  const clientSecret = await getOrCreateServerSecret(db, CLIENT_SECRET_NAME);
  await app.register(ehrSandbox, {
    prefix: '/sandbox',
    publicUrl,
    clients: [
      {
        clientId: SANDBOX_CLIENT_ID,
        clientSecret,
        redirectUris: [`${origin}/epic/login`, `${origin}/overlay/epic/login`],
      },
    ],
    repository,
    fhirUser: DEMO_CLINICIAN,
    cairn: { url: origin },
  });
  if (organisationId) {
    const secretBox = await openServerSecretBox(db, config.encryptionKey);
    await upsertEhrConnection(db, {
      organisationId,
      name: SANDBOX_CLIENT_ID,
      fhirBaseUrl: `${publicUrl}/fhir`,
      clientId: SANDBOX_CLIENT_ID,
      // Sealed with the organisation id, as every EHR or SSO client secret is.
      clientSecretEncrypted: secretBox.seal(clientSecret, organisationId),
    });
  }
  app.log.info(`Sandbox EHR at ${publicUrl}`);
  return publicUrl;
}
