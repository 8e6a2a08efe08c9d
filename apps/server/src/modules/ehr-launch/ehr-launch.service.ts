import { createHash, randomBytes } from 'node:crypto';
import {
  EHR_CONNECTION_NAMES,
  type EhrConnectionName,
  type EndpointBody,
  type EhrLaunchFailureReason,
  type getEpicTokenAndAppContext,
  type startEhrLaunch as startEndpoint,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { createFhirClient, type FhirClient } from '../../integrations/fhir/fhir-client';
import type { FhirResource } from '../../integrations/fhir/fhir-types';
import type { FileStore } from '../../integrations/files/file-store';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { writeAudit } from '../../access';
import { type AccessTokens, issueSession } from '../auth';
import { findEhrPatientId, importEhrPatient } from '../ehr-sync';
import { importBundle } from '../ingestion';
import {
  consumeLaunchState,
  findConnectionById,
  findConnectionsByIss,
  findEhrEncounter,
  findOrLinkVisit,
  findUserForFhirUser,
  insertEhrSession,
  insertLaunchState,
  insertVisitForEncounter,
  type EhrConnectionRow,
} from './ehr-launch.repository';
import {
  discoverSmart,
  requestSmartToken,
  smartAuthorizationUrl,
  SmartError,
  verifyIdToken,
  type SmartClientSettings,
  type SmartConfiguration,
  type SmartTokenResponse,
} from './smart-client';

export interface EhrLaunchDeps {
  db: Db;
  accessTokens: AccessTokens;
  secretBox: () => Promise<SecretBox>;
  /** Cairn's public origin: the only one a launch may return to. */
  publicOrigin: string;
  /** A plain-http EHR on this machine is accepted outside production (the embedded sandbox, tests). */
  allowLoopbackHttp: boolean;
  fileStore?: FileStore;
  now?: () => Date;
}

/** A launch in flight expires after ten minutes. */
export const EHR_LAUNCH_STATE_TTL_MS = 10 * 60_000;
/** Cairn's pages an EHR may send the browser back to (spec §2 EMR routes). */
const LAUNCH_PAGES = new Set(['/epic/login', '/overlay/epic/login', '/veradigm/launch', '/overlay/veradigm/launch']);
/** Spec §5: the message when the EHR's well-known configuration cannot be used. */
export const WELL_KNOWN_MESSAGE = 'internal error, cannot get token endpoint from well known please try again later';
const ACCESS_TOKEN_DEFAULT_SECONDS = 300;

const FAILURE_MESSAGES: Record<EhrLaunchFailureReason, string> = {
  unknown_iss: 'This EHR is not configured for Cairn. Ask your administrator to connect it.',
  well_known_unavailable: WELL_KNOWN_MESSAGE,
  unknown_state: 'This launch is not valid or was already used. Please launch Cairn again from your EHR.',
  expired_state: 'This launch has expired. Please launch Cairn again from your EHR.',
  token_refused: 'The EHR did not authorize Cairn. Please launch Cairn again from your EHR.',
  token_endpoint_mismatch: "The token endpoint is not this EHR's. Please launch Cairn again from your EHR.",
  unknown_user: 'Your EHR account is not linked to a Cairn user. Ask your administrator to link it.',
};

const FAILURE_CODES: Record<EhrLaunchFailureReason, 'FORBIDDEN' | 'SERVICE_UNAVAILABLE' | 'UNAUTHENTICATED'> = {
  unknown_iss: 'FORBIDDEN',
  well_known_unavailable: 'SERVICE_UNAVAILABLE',
  unknown_state: 'UNAUTHENTICATED',
  expired_state: 'UNAUTHENTICATED',
  token_refused: 'UNAUTHENTICATED',
  token_endpoint_mismatch: 'UNAUTHENTICATED',
  unknown_user: 'FORBIDDEN',
};

type Input<T> = T & { clientAddress: string | undefined };

/**
 * Starts an EHR launch (SMART App Launch, EHR launch): the `iss` must be the FHIR base of exactly one
 * configured connection; its well-known configuration is read; state and PKCE verifier are kept for
 * ten minutes, bound to the browser; the answer is the EHR's authorization URL.
 */
export async function startEhrLaunch(deps: EhrLaunchDeps, input: Input<EndpointBody<typeof startEndpoint>>) {
  const now = deps.now?.() ?? new Date();
  const connections = await findConnectionsByIss(deps.db, input.iss);
  const [connection] = connections;
  if (!connection || connections.length > 1) return refuse(deps, input, 'unknown_iss');
  const connectionName = launchConnectionName(connection.name);
  if (!connectionName)
    return refuse(deps, input, 'unknown_iss', connection.organisationId, 'not a launch connection name');
  if (!isLaunchPage(input.redirectUri, deps.publicOrigin)) {
    throw new AppError('VALIDATION_FAILED', "Invalid redirectUri: must be Cairn's EHR launch page", {
      issues: [{ field: 'redirectUri', message: "Must be Cairn's EHR launch page" }],
    });
  }
  const configuration = await discover(deps, input, connection);
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  await insertLaunchState(deps.db, {
    state: stateKey(state, input.browserBinding),
    organisationId: connection.organisationId,
    connectionId: connection.id,
    codeVerifier,
    redirectUri: input.redirectUri,
    expiresAt: new Date(now.getTime() + EHR_LAUNCH_STATE_TTL_MS),
  });
  const authorizationUrl = smartAuthorizationUrl(configuration, {
    clientId: connection.clientId,
    redirectUri: input.redirectUri,
    scope: connection.scopes,
    state,
    launch: input.launch,
    codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
  });
  return {
    authorizationUrl,
    connectionName,
    dataSourceId: connection.id,
    clientId: connection.clientId,
    smartConfig: {
      iss: configuration.iss,
      audience: configuration.iss,
      authorizationEndpoint: configuration.authorizationEndpoint,
      tokenEndpoint: configuration.tokenEndpoint,
    },
  };
}

/**
 * Finishes an EHR launch (`getEpicTokenAndAppContext`): the state is used once, by the browser that
 * started, within ten minutes; the code is exchanged with the PKCE verifier and the client secret at
 * the EHR's own token endpoint; the EHR tokens are kept sealed on the server; the EHR user (the
 * id_token's `fhirUser`) signs in as their Cairn user; the launch encounter is matched to its visit
 * (made from the encounter when Cairn has none). The patient's record is read from the EHR once the
 * portrait shows: the browser asks then (`syncEhrPatient`), so nothing slows the portrait (issue 16).
 */
export async function completeEhrLaunch(
  deps: EhrLaunchDeps,
  input: Input<EndpointBody<typeof getEpicTokenAndAppContext>>,
) {
  const now = deps.now?.() ?? new Date();
  const row = await consumeLaunchState(deps.db, stateKey(input.state, input.browserBinding), now);
  if (!row || row.connectionId !== input.dataSourceId || row.redirectUri !== input.redirectUri) {
    return refuse(deps, input, 'unknown_state', row?.organisationId);
  }
  if (row.expiresAt <= now) return refuse(deps, input, 'expired_state', row.organisationId);
  const connection = await findConnectionById(deps.db, row.connectionId);
  if (connection?.organisationId !== row.organisationId || connection.name !== input.connectionName) {
    return refuse(deps, input, 'unknown_state', row.organisationId);
  }
  const organisationId = connection.organisationId;
  const configuration = await discover(deps, input, connection);
  if (input.tokenUrl !== configuration.tokenEndpoint) {
    return refuse(deps, input, 'token_endpoint_mismatch', organisationId);
  }
  const secretBox = await deps.secretBox();
  const settings = clientSettings(deps, connection, secretBox);
  let tokens: SmartTokenResponse;
  let fhirUser: string | undefined;
  try {
    tokens = await requestSmartToken(configuration, settings, {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: row.redirectUri,
      code_verifier: row.codeVerifier,
    });
    const claims = tokens.id_token ? await verifyIdToken(tokens.id_token, configuration, settings) : undefined;
    fhirUser = typeof claims?.fhirUser === 'string' ? claims.fhirUser : undefined;
  } catch (error) {
    if (error instanceof SmartError) return refuse(deps, input, 'token_refused', organisationId, error.message);
    throw error;
  }
  const user = fhirUser ? await findUserForFhirUser(deps.db, organisationId, fhirUser) : undefined;
  if (!user) return refuse(deps, input, 'unknown_user', organisationId);

  await insertEhrSession(deps.db, {
    organisationId,
    connectionId: connection.id,
    userId: user.id,
    accessTokenEncrypted: secretBox.seal(tokens.access_token, organisationId),
    refreshTokenEncrypted: tokens.refresh_token ? secretBox.seal(tokens.refresh_token, organisationId) : null,
    scope: tokens.scope ?? '',
    expiresAt: new Date(now.getTime() + (tokens.expires_in ?? ACCESS_TOKEN_DEFAULT_SECONDS) * 1000),
    patientFhirId: tokens.patient ?? null,
    encounterFhirId: tokens.encounter ?? null,
  });
  const accessToken = tokens.access_token;
  const client = createFhirClient({
    baseUrl: connection.fhirBaseUrl,
    getAccessToken: () => Promise.resolve(accessToken),
  });
  const context = tokens.patient
    ? await launchContext(deps, { organisationId, connectionId: connection.id, client, tokens })
    : {};

  const session = await issueSession(deps.db, deps.accessTokens, user);
  await writeAudit(deps.db, {
    organisationId,
    userId: user.id,
    action: 'auth.sign_in',
    clientAddress: input.clientAddress,
    details: { method: 'smart', connectionId: connection.id },
  });
  if (context.patientId) {
    await writeAudit(deps.db, {
      organisationId,
      userId: user.id,
      patientId: context.patientId,
      action: 'patient.read',
      clientAddress: input.clientAddress,
      details: { what: 'ehr-launch', ...(context.summaryId ? { sid: context.summaryId } : {}) },
    });
  }
  return { jwtToken: session.token, refreshToken: session.refreshToken, ...context };
}

interface LaunchContext {
  patientId?: string;
  summaryId?: string;
  ehrSync?: { status: 'pending' };
}

/**
 * The launch patient and the visit of the launch encounter. A patient Cairn already has opens with
 * what Cairn has; one it has never seen is read from the EHR first, the Patient resource alone (a
 * failing EHR is then an error: there is nothing to show). Either way the whole record is read once
 * the portrait shows, so the answer says its reading is pending.
 */
async function launchContext(
  deps: EhrLaunchDeps,
  options: { organisationId: string; connectionId: string; client: FhirClient; tokens: SmartTokenResponse },
): Promise<LaunchContext> {
  const { organisationId, client, tokens } = options;
  const patientFhirId = tokens.patient ?? '';
  const patientId =
    (await findEhrPatientId(deps.db, organisationId, patientFhirId)) ??
    (await importNewPatient(deps, { organisationId, client, patientFhirId }));
  const summaryId = tokens.encounter
    ? await visitOfEncounter(deps.db, { organisationId, client, encounterFhirId: tokens.encounter }).catch(
        () => undefined,
      )
    : undefined;
  return { patientId, ...(summaryId ? { summaryId } : {}), ehrSync: { status: 'pending' } };
}

async function importNewPatient(
  deps: EhrLaunchDeps,
  options: { organisationId: string; client: FhirClient; patientFhirId: string },
): Promise<string> {
  try {
    return await importEhrPatient(deps.db, { ...options, fileStore: deps.fileStore });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `Cairn could not read this patient from the EHR (${error.message}). Please try again.`,
    );
  }
}

interface EncounterResource extends FhirResource {
  status?: string;
  period?: { start?: string };
  type?: { text?: string; coding?: { display?: string }[] }[];
}

/** The visit (summary id) of the launch encounter; the encounter is imported first when it is new to Cairn. */
async function visitOfEncounter(
  db: Db,
  options: { organisationId: string; client: FhirClient; encounterFhirId: string },
): Promise<string | undefined> {
  const resource = await options.client.read<EncounterResource>('Encounter', options.encounterFhirId);
  let encounter = await findEhrEncounter(db, options.organisationId, options.encounterFhirId);
  if (!encounter) {
    await importBundle(db, { organisationId: options.organisationId, source: 'EHR', bundle: resource });
    encounter = await findEhrEncounter(db, options.organisationId, options.encounterFhirId);
  }
  if (!encounter) return undefined;
  const startsAt = resource.period?.start ? new Date(resource.period.start) : undefined;
  const startAt = startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt : undefined;
  const visitId = await findOrLinkVisit(db, encounter, startAt);
  if (visitId) return visitId;
  return insertVisitForEncounter(db, encounter, {
    startAt: startAt ?? new Date(`${encounter.startDate}T00:00:00Z`),
    status: resource.status === 'in-progress' || resource.status === 'arrived' ? 'arrived' : 'booked',
    visitType: resource.type?.[0]?.text ?? resource.type?.[0]?.coding?.[0]?.display ?? 'Office visit',
  });
}

export function clientSettings(
  deps: Pick<EhrLaunchDeps, 'allowLoopbackHttp'>,
  connection: EhrConnectionRow,
  secretBox: SecretBox,
): SmartClientSettings {
  return {
    clientId: connection.clientId,
    clientSecret: connection.clientSecretEncrypted
      ? secretBox.open(connection.clientSecretEncrypted, connection.organisationId)
      : undefined,
    allowLoopbackHttp: deps.allowLoopbackHttp,
  };
}

async function discover(
  deps: EhrLaunchDeps,
  input: { clientAddress: string | undefined },
  connection: EhrConnectionRow,
): Promise<SmartConfiguration> {
  try {
    return await discoverSmart(connection.fhirBaseUrl, { allowLoopbackHttp: deps.allowLoopbackHttp });
  } catch (error) {
    if (error instanceof SmartError) {
      return refuse(deps, input, 'well_known_unavailable', connection.organisationId, error.message);
    }
    throw error;
  }
}

async function refuse(
  deps: EhrLaunchDeps,
  input: { clientAddress: string | undefined },
  reason: EhrLaunchFailureReason,
  organisationId?: string,
  detail?: string,
): Promise<never> {
  await writeAudit(deps.db, {
    organisationId,
    userId: undefined,
    action: 'ehr.launch_failed',
    clientAddress: input.clientAddress,
    details: { reason, ...(detail ? { detail: detail.slice(0, 200) } : {}) },
  });
  throw new AppError(FAILURE_CODES[reason], FAILURE_MESSAGES[reason], { reason });
}

/** Spec §1: the connection names that choose Cairn's client id at an EHR. */
function launchConnectionName(name: string): EhrConnectionName | undefined {
  return EHR_CONNECTION_NAMES.find((candidate) => candidate === name);
}

function isLaunchPage(redirectUri: string, publicOrigin: string): boolean {
  const url = new URL(redirectUri);
  return url.origin === publicOrigin && LAUNCH_PAGES.has(url.pathname) && url.search === '' && url.hash === '';
}

/** The state as stored: hashed with the browser binding, so only the browser that started can finish. */
function stateKey(state: string, browserBinding: string): string {
  return createHash('sha256').update(`${state}\u0000${browserBinding}`).digest('base64url');
}
