import { API_CLIENT_SCOPES, type ApiClientScope, type ApiClientTokenSummary } from '@cairn/contracts';
import { writeAudit, type AuthContext } from '../../access';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashBearerToken, isTouchDue, newBearerToken } from '../../lib/bearer-tokens';
import {
  findActiveApiClientToken,
  insertApiClientToken,
  listApiClientTokenRows,
  revokeApiClientTokenRow,
  touchApiClientToken,
  type ApiClientTokenRow,
} from './api-clients.repository';

/** API client tokens start so: a request's bearer token is one of them, or a user's access token. */
export const API_CLIENT_TOKEN_PREFIX = 'cairn_api_';

/** Who acts in the admin tool, and from where (for the audit). */
export interface ApiClientAdminCaller {
  auth: AuthContext;
  clientAddress: string | undefined;
}

/** Another system calling with an API client token: its organisation, its token and what it may do. */
export interface ApiClient {
  organisationId: string;
  tokenId: string;
  scopes: readonly ApiClientScope[];
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;
const isScope = (scope: string): scope is ApiClientScope => (API_CLIENT_SCOPES as readonly string[]).includes(scope);

function toSummary(token: ApiClientTokenRow): ApiClientTokenSummary {
  return {
    id: token.id,
    label: token.label,
    scopes: token.scopes.filter(isScope),
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: iso(token.lastUsedAt),
    revokedAt: iso(token.revokedAt),
  };
}

export async function listApiClientTokens(
  db: Db,
  caller: ApiClientAdminCaller,
): Promise<{ tokens: ApiClientTokenSummary[] }> {
  const tokens = await listApiClientTokenRows(db, caller.auth.organisationId);
  return { tokens: tokens.map(toSummary) };
}

/** A new token, scoped to reading the care gaps: its secret is in this answer only; Cairn stores its hash. */
export async function createApiClientToken(
  db: Db,
  caller: ApiClientAdminCaller,
  body: { label: string },
): Promise<{ token: ApiClientTokenSummary; secret: string }> {
  const { token: secret, tokenHash } = newBearerToken(API_CLIENT_TOKEN_PREFIX);
  const row = await db.transaction(async (tx) => {
    const created = await insertApiClientToken(tx, {
      organisationId: caller.auth.organisationId,
      tokenHash,
      label: body.label,
      scopes: ['quality-gaps.read'],
      createdBy: caller.auth.userId,
    });
    await audit(tx, caller, 'api_client.token_created', { apiClientTokenId: created.id, scopes: created.scopes });
    return created;
  });
  return { token: toSummary(row), secret };
}

/** A revoked token is refused from the next request; revoking twice changes nothing. */
export async function revokeApiClientToken(
  db: Db,
  caller: ApiClientAdminCaller,
  body: { tokenId: string; now?: Date },
): Promise<ApiClientTokenSummary> {
  const organisationId = caller.auth.organisationId;
  const row = await revokeApiClientTokenRow(db, { organisationId, tokenId: body.tokenId, now: body.now ?? new Date() });
  if (!row) throw new AppError('NOT_FOUND', 'No such API client token in your organisation.');
  // An action ending _revoked reads as refused by policy (audit outcome): this one succeeded.
  await audit(db, caller, 'api_client.token_revoked', { apiClientTokenId: row.id, outcome: 'success' });
  return toSummary(row);
}

/** The API client of a bearer token, if it is an active one; its last use is written at most once a minute. */
export async function findApiClient(db: Db, bearerToken: string, now: Date): Promise<ApiClient | undefined> {
  const token = await findActiveApiClientToken(db, hashBearerToken(bearerToken));
  if (!token) return undefined;
  if (isTouchDue(token.lastUsedAt, now)) await touchApiClientToken(db, token.id, now);
  return { organisationId: token.organisationId, tokenId: token.id, scopes: token.scopes.filter(isScope) };
}

function audit(db: Db, caller: ApiClientAdminCaller, action: string, details: Record<string, unknown>): Promise<void> {
  return writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action,
    clientAddress: caller.clientAddress,
    details,
  });
}
