import type { Db } from '../../db/client';
import { createFhirClient, FhirClientError, type FhirClient } from '../../integrations/fhir/fhir-client';
import type { SecretBox } from '../../lib/secret-box';
import {
  findLatestEhrSession,
  recordActivity,
  updateEhrSessionTokens,
  type EhrConnectionRow,
} from './ehr-launch.repository';
import { clientSettings } from './ehr-launch.service';
import { discoverSmart, requestSmartToken, SmartError } from './smart-client';

export interface EhrSessionDeps {
  db: Db;
  secretBox: () => Promise<SecretBox>;
  allowLoopbackHttp: boolean;
  now?: () => Date;
}

export interface UserEhrClient {
  client: FhirClient;
  connection: EhrConnectionRow;
}

/** A token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 30_000;
const DEFAULT_LIFETIME_SECONDS = 300;

/**
 * A FHIR client on the EHR with the user's latest launch session, or `undefined` when the user never
 * launched Cairn from an EHR. Its access token is opened only here, on the server; an expired one is
 * refreshed with the refresh token (rotated, stored sealed again). When the session can no longer be
 * renewed, requests fail as a 401 from the EHR would.
 */
export async function ehrClientForUser(
  deps: EhrSessionDeps,
  caller: { organisationId: string; userId: string },
): Promise<UserEhrClient | undefined> {
  const found = await findLatestEhrSession(deps.db, caller.organisationId, caller.userId);
  if (!found) return undefined;
  const { session, connection } = found;
  const box = await deps.secretBox();
  const organisationId = connection.organisationId;
  let accessToken = box.open(session.accessTokenEncrypted, organisationId);
  let refreshToken = session.refreshTokenEncrypted
    ? box.open(session.refreshTokenEncrypted, organisationId)
    : undefined;
  let expiresAt = session.expiresAt.getTime();
  let refreshing: Promise<string> | undefined;
  const now = () => (deps.now?.() ?? new Date()).getTime();

  const refresh = async (): Promise<string> => {
    if (!refreshToken)
      throw new FhirClientError('http', 401, 'The EHR session has expired; launch Cairn from the EHR again');
    try {
      const configuration = await discoverSmart(connection.fhirBaseUrl, deps);
      const tokens = await requestSmartToken(configuration, clientSettings(deps, connection, box), {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      accessToken = tokens.access_token;
      refreshToken = tokens.refresh_token ?? refreshToken;
      expiresAt = now() + (tokens.expires_in ?? DEFAULT_LIFETIME_SECONDS) * 1000;
      await updateEhrSessionTokens(deps.db, session.id, {
        accessTokenEncrypted: box.seal(accessToken, organisationId),
        refreshTokenEncrypted: box.seal(refreshToken, organisationId),
        expiresAt: new Date(expiresAt),
        scope: tokens.scope ?? session.scope,
      });
      return accessToken;
    } catch (error) {
      if (error instanceof SmartError) {
        refreshToken = undefined;
        throw new FhirClientError('http', 401, 'The EHR session has expired; launch Cairn from the EHR again');
      }
      throw error;
    }
  };

  if (expiresAt - EXPIRY_MARGIN_MS <= now()) {
    // An expired session that cannot be renewed is no live session at all (MissingEHRLiveData).
    const renewed = await refresh().then(
      () => true,
      () => false,
    );
    if (!renewed) return undefined;
  }
  const client = recordingWrites(
    deps,
    connection.id,
    createFhirClient({
      baseUrl: connection.fhirBaseUrl,
      getAccessToken: async (options) => {
        if (!options?.forceRefresh && expiresAt - EXPIRY_MARGIN_MS > now()) return accessToken;
        // Requests in flight together share one refresh: a refresh token is used once.
        refreshing ??= refresh().finally(() => {
          refreshing = undefined;
        });
        return refreshing;
      },
    }),
  );
  return { client, connection };
}

/**
 * The client, each write through it recorded on its connection (the admin tool shows the last write
 * and how it ended). The record never fails the write.
 */
function recordingWrites(deps: EhrSessionDeps, connectionId: string, client: FhirClient): FhirClient {
  const record = (error: string | null) =>
    recordActivity(deps.db, connectionId, { kind: 'write', at: deps.now?.() ?? new Date(), error }).catch(
      () => undefined,
    );
  return {
    baseUrl: client.baseUrl,
    read: (type, id) => client.read(type, id),
    search: (type, params) => client.search(type, params),
    searchAll: (type, params, options) => client.searchAll(type, params, options),
    capabilities: () => client.capabilities(),
    create: async (resource, options) => {
      try {
        const created = await client.create(resource, options);
        await record(null);
        return created;
      } catch (error) {
        await record(error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'Error');
        throw error;
      }
    },
  };
}
