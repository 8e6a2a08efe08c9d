import { createHash, randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import {
  type EhrClientAuthKind,
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
  recordActivity,
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
  // An enabled connection whose base or one of whose aliases is this address; the spec's four names
  // keep their meaning and any other name launches too.
  const connections = await findConnectionsByIss(deps.db, input.iss);
  const [connection] = connections;
  if (!connection || connections.length > 1) return refuse(deps, input, 'unknown_iss');
  if (!isLaunchPage(input.redirectUri, deps.publicOrigin)) {
    throw new AppError('VALIDATION_FAILED', "Invalid redirectUri: must be Cairn's EHR launch page", {
      issues: [{ field: 'redirectUri', message: "Must be Cairn's EHR launch page" }],
    });
  }
  // The EHR's own address for itself: the launch's `aud`, and where its SMART configuration is read.
  const iss = input.iss.replace(/\/+$/, '');
  const configuration = await discover(deps, input, connection, iss);
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  await insertLaunchState(deps.db, {
    state: stateKey(state, input.browserBinding),
    organisationId: connection.organisationId,
    connectionId: connection.id,
    codeVerifier,
    redirectUri: input.redirectUri,
    iss,
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
    connectionName: connection.name,
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
    return refuse(deps, input, 'unknown_state', { organisationId: row?.organisationId });
  }
  const about = { organisationId: row.organisationId, connectionId: row.connectionId };
  if (row.expiresAt <= now) return refuse(deps, input, 'expired_state', about);
  const connection = await findConnectionById(deps.db, row.connectionId);
  if (connection?.organisationId !== row.organisationId || connection.name !== input.connectionName) {
    return refuse(deps, input, 'unknown_state', about);
  }
  // Disabled while the person was at the EHR's authorization page.
  if (!connection.isEnabled) return refuse(deps, input, 'unknown_iss', about);
  const organisationId = connection.organisationId;
  const configuration = await discover(deps, input, connection, row.iss ?? connection.fhirBaseUrl);
  if (input.tokenUrl !== configuration.tokenEndpoint) {
    return refuse(deps, input, 'token_endpoint_mismatch', about);
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
    if (error instanceof SmartError) return refuse(deps, input, 'token_refused', { ...about, detail: error.message });
    throw error;
  }
  const user = fhirUser ? await findUserForFhirUser(deps.db, organisationId, fhirUser) : undefined;
  if (!user) return refuse(deps, input, 'unknown_user', about);

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
  await recordActivity(deps.db, connection.id, { kind: 'launch', at: now, error: null });
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

/**
 * How a connection authenticates: a key pair when it says so, a secret when one is stored (connections
 * made before the choice existed say nothing else), else public.
 */
export function clientAuthOf(
  connection: Pick<EhrConnectionRow, 'clientAuth' | 'clientSecretEncrypted' | 'privateKeyEncrypted'>,
): EhrClientAuthKind {
  if (connection.clientAuth === 'private_key_jwt' && connection.privateKeyEncrypted) return 'private_key_jwt';
  return connection.clientSecretEncrypted ? 'client_secret' : 'public';
}

/** The client Cairn is at the connection's EHR, with its secret or key opened. */
export function clientSettings(
  deps: Pick<EhrLaunchDeps, 'allowLoopbackHttp'>,
  connection: EhrConnectionRow,
  secretBox: SecretBox,
): SmartClientSettings {
  const open = (sealed: string) => secretBox.open(sealed, connection.organisationId);
  const kind = clientAuthOf(connection);
  const { clientSecretEncrypted, privateKeyEncrypted, keyId } = connection;
  return {
    clientId: connection.clientId,
    clientSecret: kind === 'client_secret' && clientSecretEncrypted ? open(clientSecretEncrypted) : undefined,
    ...(kind === 'private_key_jwt' && privateKeyEncrypted && keyId
      ? { clientKey: { privateJwk: JSON.parse(open(privateKeyEncrypted)) as JWK, keyId } }
      : {}),
    allowLoopbackHttp: deps.allowLoopbackHttp,
  };
}

async function discover(
  deps: EhrLaunchDeps,
  input: { clientAddress: string | undefined },
  connection: EhrConnectionRow,
  iss: string,
): Promise<SmartConfiguration> {
  try {
    return await discoverSmart(iss, { allowLoopbackHttp: deps.allowLoopbackHttp });
  } catch (error) {
    if (error instanceof SmartError) {
      return refuse(deps, input, 'well_known_unavailable', {
        organisationId: connection.organisationId,
        connectionId: connection.id,
        detail: error.message,
      });
    }
    throw error;
  }
}

async function refuse(
  deps: EhrLaunchDeps,
  input: { clientAddress: string | undefined },
  reason: EhrLaunchFailureReason,
  about: { organisationId?: string; connectionId?: string; detail?: string } = {},
): Promise<never> {
  const { organisationId, connectionId, detail } = about;
  await writeAudit(deps.db, {
    organisationId,
    userId: undefined,
    action: 'ehr.launch_failed',
    clientAddress: input.clientAddress,
    details: { reason, ...(connectionId ? { connectionId } : {}), ...(detail ? { detail: detail.slice(0, 200) } : {}) },
  });
  // The admin tool shows each connection's last launch and how it ended.
  if (connectionId)
    await recordActivity(deps.db, connectionId, {
      kind: 'launch',
      at: deps.now?.() ?? new Date(),
      error: FAILURE_MESSAGES[reason],
    });
  throw new AppError(FAILURE_CODES[reason], FAILURE_MESSAGES[reason], { reason });
}

function isLaunchPage(redirectUri: string, publicOrigin: string): boolean {
  const url = new URL(redirectUri);
  return url.origin === publicOrigin && LAUNCH_PAGES.has(url.pathname) && url.search === '' && url.hash === '';
}

/** The state as stored: hashed with the browser binding, so only the browser that started can finish. */
function stateKey(state: string, browserBinding: string): string {
  return createHash('sha256').update(`${state}\u0000${browserBinding}`).digest('base64url');
}
