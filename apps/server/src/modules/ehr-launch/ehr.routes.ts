import {
  getEncounterStatus as getEncounterStatusEndpoint,
  getEpicTokenAndAppContext,
  startEhrLaunch as startEndpoint,
  syncEhrPatient as syncEndpoint,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env';
import { appointments, userProviders } from '../../db/clinical-schema';
import type { Db } from '../../db/client';
import { fileStoreFor } from '../../integrations/files/file-store';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/route';
import { openServerSecretBox, type SecretBox } from '../../lib/secret-box';
import { type AuthContext, isUuid, readPatientInScope } from '../../access';
import {
  syncPatientFromEhr,
  syncScheduledPatients,
  type ScheduledSyncResult,
  type SyncPatientResult,
} from '../ehr-sync';
import type { FhirClient } from '../../integrations/fhir/fhir-client';
import { ehrClientForUser } from './ehr-session.service';
import { encounterStatusOf } from '../ehr-write';
import { completeEhrLaunch, startEhrLaunch, type EhrLaunchDeps } from './ehr-launch.service';

/**
 * Cairn inside the EHR (issue 6): the SMART EHR launch, the visit's encounter status, writing
 * diagnoses to the encounter, and reading the patient from the EHR again. EHR calls use the user's
 * own launch session; its tokens never leave the server.
 */
export function ehrRoutes(app: FastifyInstance, config: Config): void {
  let secretBox: Promise<SecretBox> | undefined;
  const daySyncs = new Set<string>();
  const deps: EhrLaunchDeps = {
    get db() {
      return app.database.db;
    },
    get accessTokens() {
      return app.accessTokens;
    },
    secretBox: () => (secretBox ??= openServerSecretBox(app.database.db, config.encryptionKey)),
    publicOrigin: new URL(config.apiUrl).origin,
    allowLoopbackHttp: config.name !== 'production',
    fileStore: fileStoreFor(config),
  };
  const userClient = (auth: AuthContext) =>
    ehrClientForUser(deps, { organisationId: auth.organisationId, userId: auth.userId });

  route(app, startEndpoint, async ({ body, request }) => ({
    result: await startEhrLaunch(deps, { ...body, clientAddress: request.ip }),
  }));
  route(app, getEpicTokenAndAppContext, async ({ body, request }) => ({
    result: await completeEhrLaunch(deps, { ...body, clientAddress: request.ip }),
  }));

  route(app, getEncounterStatusEndpoint, async ({ body, auth, request }) => {
    const visit = await visitInScope(deps.db, { auth, request }, body.sid, 'encounter-status');
    const ehr = await userClient(auth);
    return {
      result: await encounterStatusOf(deps.db, {
        organisationId: auth.organisationId,
        appointmentId: visit.id,
        client: ehr?.client,
      }),
    };
  });

  route(app, syncEndpoint, async ({ body, auth, request }) => {
    const visit = await visitInScope(deps.db, { auth, request }, body.sid, 'ehr-sync');
    const patient = await readPatientInScope(deps.db, { auth, request, patientId: visit.patientId, what: 'ehr-sync' });
    if (patient.source !== 'EHR') {
      throw new AppError('CONFLICT', 'This patient does not come from the EHR, so there is nothing to refresh.');
    }
    const ehr = await userClient(auth);
    if (!ehr) throw new AppError('CONFLICT', 'No live EHR session: launch Cairn from the EHR to refresh this patient.');
    const startedAt = new Date();
    const synced = await readVisitPatient(app, deps, {
      caller: auth,
      visitId: visit.id,
      patientFhirId: patient.sourceId,
      ehr,
      daySyncs: config.ehrScheduleSync ? daySyncs : undefined,
    });
    return { result: { lastSyncedAt: startedAt.toISOString(), imported: synced.imported } };
  });
}

/** A patient read from the EHR within the last hour is fresh enough for the day's schedule. */
const SCHEDULE_SYNC_FRESH_MS = 60 * 60_000;

/**
 * The visit's patient read from the EHR: the overlay asks once its portrait shows after a launch
 * (issue 16: a launch reads nothing before the portrait), and on "Refresh from the EHR". Then the
 * visit's `ehr.synced` event (every browser on the visit reloads the patient's data), and, in the
 * background when `daySyncs` is given (CAIRN_EHR_SCHEDULE_SYNC), that day's other patients of the
 * user's providers, one run per user at a time.
 */
async function readVisitPatient(
  app: FastifyInstance,
  deps: EhrLaunchDeps,
  options: {
    caller: AuthContext;
    visitId: string;
    patientFhirId: string;
    ehr: { connection: { id: string }; client: FhirClient };
    daySyncs: Set<string> | undefined;
  },
): Promise<SyncPatientResult> {
  const { organisationId, userId } = options.caller;
  const tell = (status: 'synced' | 'failed') =>
    app.realtime
      .publish({ organisationId, appointmentId: options.visitId, event: { kind: 'ehr.synced', status } })
      .catch((error: unknown) => app.log.warn({ err: error }, 'publishing an EHR read event failed'));
  let synced: SyncPatientResult;
  try {
    synced = await syncPatientFromEhr(deps.db, {
      organisationId,
      connectionId: options.ehr.connection.id,
      client: options.ehr.client,
      patientFhirId: options.patientFhirId,
      fileStore: deps.fileStore,
    });
  } catch (error) {
    await tell('failed');
    throw error;
  }
  await tell('synced');
  const { daySyncs } = options;
  const key = `${organisationId} ${userId}`;
  if (daySyncs && !daySyncs.has(key)) {
    daySyncs.add(key);
    const day = { organisationId, userId, connectionId: options.ehr.connection.id, client: options.ehr.client };
    void syncLaunchDay(deps, { ...day, summaryId: options.visitId })
      .then(
        (result) => app.log.info({ ...result, organisationId }, 'EHR sync of the day'),
        (error: unknown) => app.log.warn({ err: error }, 'EHR sync of the day failed'),
      )
      .finally(() => daySyncs.delete(key));
  }
  return synced;
}

/** The patients of the visit's day with the user's providers, read from the EHR. */
async function syncLaunchDay(
  deps: EhrLaunchDeps,
  launch: { organisationId: string; userId: string; connectionId: string; client: FhirClient; summaryId: string },
): Promise<ScheduledSyncResult> {
  const [visit] = await deps.db
    .select({ date: appointments.serviceDate })
    .from(appointments)
    .where(eq(appointments.id, launch.summaryId));
  const linked = await deps.db
    .select({ providerId: userProviders.providerId })
    .from(userProviders)
    .where(eq(userProviders.userId, launch.userId));
  if (!visit || linked.length === 0) return { synced: 0, failed: 0 };
  return syncScheduledPatients(deps.db, {
    organisationId: launch.organisationId,
    connectionId: launch.connectionId,
    client: launch.client,
    providerIds: linked.map((row) => row.providerId),
    date: visit.date,
    freshForMs: SCHEDULE_SYNC_FRESH_MS,
    pauseMs: 250,
    fileStore: deps.fileStore,
  });
}

/** The visit, when the caller may see its patient (the read is audited); otherwise 404. */
async function visitInScope(
  db: Db,
  caller: { auth: AuthContext; request: FastifyRequest },
  sid: string,
  what: string,
): Promise<{ id: string; patientId: string }> {
  const [visit] = isUuid(sid)
    ? await db
        .select({ id: appointments.id, patientId: appointments.patientId })
        .from(appointments)
        .where(and(eq(appointments.organisationId, caller.auth.organisationId), eq(appointments.id, sid)))
    : [];
  if (!visit) throw new AppError('NOT_FOUND', 'Summary not found.');
  await readPatientInScope(db, { ...caller, patientId: visit.patientId, what, details: { sid } });
  return visit;
}
