import type {
  EhrConnection,
  EndpointBody,
  createEhrConnection as createEndpoint,
  updateEhrConnection as updateEndpoint,
} from '@cairn/contracts';
import type { JWK } from 'jose';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { writeAudit, type AuthContext } from '../../access';
import { clientAuthOf, generateClientKey, publicJwk } from '../ehr-launch';
import { testConnection } from './connection-test';
import {
  findClash,
  findConnectionInOrganisation,
  findConnectionKey,
  insertConnection,
  lastSyncs,
  listConnections,
  updateConnection,
  type EhrConnectionRow,
  type LastSync,
  type NewEhrConnection,
} from './ehr-connections.repository';

export interface EhrConnectionsDeps {
  db: Db;
  secretBox: () => Promise<SecretBox>;
  /** Cairn's public origin: its launch URL, redirect URIs and JWKS URLs. */
  publicOrigin: string;
  allowLoopbackHttp: boolean;
  now?: () => Date;
}

export interface AdminCaller {
  auth: AuthContext;
  clientAddress: string | undefined;
}

type ConnectionFields = EndpointBody<typeof createEndpoint>;

/** Where Cairn publishes a private_key_jwt connection's public key. */
export function jwksPath(connectionId: string): string {
  return `/api/ehr/connections/${connectionId}/jwks.json`;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
const activity = (at: Date | null | undefined, error: string | null | undefined) =>
  at ? { at: at.toISOString(), error: error ?? null } : null;

function toConnection(deps: EhrConnectionsDeps, row: EhrConnectionRow, sync: LastSync | undefined): EhrConnection {
  const clientAuth = clientAuthOf(row);
  return {
    id: row.id,
    name: row.name,
    fhirBaseUrl: row.fhirBaseUrl,
    issuerAliases: row.issuerAliases,
    clientId: row.clientId,
    clientAuth,
    hasClientSecret: row.clientSecretEncrypted !== null,
    jwksUrl: clientAuth === 'private_key_jwt' ? `${deps.publicOrigin}${jwksPath(row.id)}` : null,
    scopes: row.scopes,
    isEnabled: row.isEnabled,
    lastLaunch: activity(row.lastLaunchAt, row.lastLaunchError),
    lastSync: activity(sync?.at, sync?.error),
    lastWrite: activity(row.lastWriteAt, row.lastWriteError),
    redirectUris: [`${deps.publicOrigin}/epic/login`, `${deps.publicOrigin}/overlay/epic/login`],
    launchUrl: `${deps.publicOrigin}/epic/login`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: iso(row.updatedAt) ?? row.createdAt.toISOString(),
  };
}

export async function listEhrConnections(deps: EhrConnectionsDeps, auth: AuthContext) {
  const [rows, syncs] = await Promise.all([
    listConnections(deps.db, auth.organisationId),
    lastSyncs(deps.db, auth.organisationId),
  ]);
  return {
    connections: rows.map((row) =>
      toConnection(
        deps,
        row,
        syncs.find((sync) => sync.connectionId === row.id),
      ),
    ),
  };
}

/** The addresses a connection launches with, each without a trailing slash, none twice, never its base. */
function aliasesOf(fields: Pick<ConnectionFields, 'fhirBaseUrl' | 'issuerAliases'>): string[] {
  const bare = (url: string) => url.replace(/\/+$/, '');
  return [...new Set(fields.issuerAliases.map(bare))].filter((alias) => alias !== bare(fields.fhirBaseUrl));
}

/**
 * The stored form of what the admin chose: a secret sealed (kept when an edit leaves it out), a key pair
 * made once for private_key_jwt and kept, nothing secret left behind for a public client.
 */
async function credentialsOf(
  deps: EhrConnectionsDeps,
  organisationId: string,
  fields: ConnectionFields,
  current?: EhrConnectionRow,
): Promise<Partial<NewEhrConnection>> {
  const box = await deps.secretBox();
  switch (fields.clientAuth) {
    case 'public':
      return { clientAuth: 'public', clientSecretEncrypted: null };
    case 'client_secret': {
      const sealed = fields.clientSecret
        ? box.seal(fields.clientSecret, organisationId)
        : current?.clientSecretEncrypted;
      if (!sealed)
        throw AppError.validation([{ field: 'clientSecret', message: 'Required for a confidential client' }]);
      return { clientAuth: 'client_secret', clientSecretEncrypted: sealed };
    }
    case 'private_key_jwt': {
      if (current?.privateKeyEncrypted && current.keyId)
        return { clientAuth: 'private_key_jwt', clientSecretEncrypted: null };
      const key = await generateClientKey();
      return {
        clientAuth: 'private_key_jwt',
        clientSecretEncrypted: null,
        privateKeyEncrypted: box.seal(JSON.stringify(key.privateJwk), organisationId),
        keyId: key.keyId,
      };
    }
  }
}

async function assertNoClash(
  deps: EhrConnectionsDeps,
  organisationId: string,
  fields: ConnectionFields,
  exceptId?: string,
) {
  const clash = await findClash(deps.db, {
    organisationId,
    name: fields.name,
    fhirBaseUrl: fields.fhirBaseUrl,
    exceptId,
  });
  if (clash === 'name') {
    throw new AppError('CONFLICT', `Your organisation already has a connection named ${fields.name}.`, {
      field: 'name',
    });
  }
  if (clash === 'fhirBaseUrl') {
    throw new AppError('CONFLICT', 'Your organisation already has a connection to this FHIR base URL.', {
      field: 'fhirBaseUrl',
    });
  }
}

export async function createEhrConnection(deps: EhrConnectionsDeps, caller: AdminCaller, fields: ConnectionFields) {
  const organisationId = caller.auth.organisationId;
  await assertNoClash(deps, organisationId, fields);
  const row = await insertConnection(deps.db, {
    organisationId,
    name: fields.name,
    fhirBaseUrl: fields.fhirBaseUrl.replace(/\/+$/, ''),
    issuerAliases: aliasesOf(fields),
    clientId: fields.clientId,
    scopes: fields.scopes,
    ...(await credentialsOf(deps, organisationId, fields)),
  });
  await audit(deps.db, caller, 'admin.ehr_connection_created', row);
  return toConnection(deps, row, undefined);
}

export async function updateEhrConnection(
  deps: EhrConnectionsDeps,
  caller: AdminCaller,
  body: EndpointBody<typeof updateEndpoint>,
) {
  const organisationId = caller.auth.organisationId;
  const current = await findConnectionInOrganisation(deps.db, organisationId, body.connectionId);
  if (!current) throw new AppError('NOT_FOUND', 'No such EHR connection in your organisation.');
  await assertNoClash(deps, organisationId, body, current.id);
  const row = await updateConnection(deps.db, {
    organisationId,
    connectionId: current.id,
    changes: {
      name: body.name,
      fhirBaseUrl: body.fhirBaseUrl.replace(/\/+$/, ''),
      issuerAliases: aliasesOf(body),
      clientId: body.clientId,
      scopes: body.scopes,
      isEnabled: body.isEnabled,
      updatedAt: deps.now?.() ?? new Date(),
      ...(await credentialsOf(deps, organisationId, body, current)),
    },
  });
  if (!row) throw new AppError('NOT_FOUND', 'No such EHR connection in your organisation.');
  const action =
    current.isEnabled === row.isEnabled
      ? 'admin.ehr_connection_updated'
      : row.isEnabled
        ? 'admin.ehr_connection_enabled'
        : 'admin.ehr_connection_disabled';
  await audit(deps.db, caller, action, row);
  const syncs = await lastSyncs(deps.db, organisationId);
  return toConnection(
    deps,
    row,
    syncs.find((sync) => sync.connectionId === row.id),
  );
}

export async function testEhrConnection(deps: EhrConnectionsDeps, auth: AuthContext, connectionId: string) {
  const row = await findConnectionInOrganisation(deps.db, auth.organisationId, connectionId);
  if (!row) throw new AppError('NOT_FOUND', 'No such EHR connection in your organisation.');
  return testConnection({
    fhirBaseUrl: row.fhirBaseUrl,
    clientAuth: clientAuthOf(row),
    scopes: row.scopes,
    allowLoopbackHttp: deps.allowLoopbackHttp,
  });
}

/** The JWKS of a private_key_jwt connection (its public key only); undefined for any other connection. */
export async function connectionJwks(
  deps: EhrConnectionsDeps,
  connectionId: string,
): Promise<{ keys: JWK[] } | undefined> {
  const row = await findConnectionKey(deps.db, connectionId);
  if (!row || row.clientAuth !== 'private_key_jwt' || !row.privateKeyEncrypted || !row.keyId) return undefined;
  const box = await deps.secretBox();
  const privateJwk = JSON.parse(box.open(row.privateKeyEncrypted, row.organisationId)) as JWK;
  return { keys: [publicJwk(privateJwk, row.keyId)] };
}

function audit(db: Db, caller: AdminCaller, action: string, row: EhrConnectionRow): Promise<void> {
  return writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action,
    clientAddress: caller.clientAddress,
    details: {
      connectionId: row.id,
      name: row.name,
      fhirBaseUrl: row.fhirBaseUrl,
      clientAuth: clientAuthOf(row),
      isEnabled: row.isEnabled,
    },
  });
}
