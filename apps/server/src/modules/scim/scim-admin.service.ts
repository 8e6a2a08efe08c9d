import type {
  EndpointBody,
  ScimGroupSummary,
  ScimTokenSummary,
  setScimGroupMapping as mappingEndpoint,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import type { AccessTokens } from '../auth';
import { newScimToken } from './scim-auth';
import { endNarrowedSessions } from './scim-groups.service';
import { withGroupGrants } from './scim-grants';
import { insertToken, listTokens, revokeToken, type ScimTokenRow } from './scim-tokens.repository';
import {
  findGroup,
  listGroupsWithCounts,
  memberIdsOfGroup,
  updateGroup,
  type ScimGroupRow,
} from './scim-groups.repository';

export interface ScimAdminDeps {
  db: Db;
  accessTokens: AccessTokens;
  now?: () => Date;
}

/** Who acts in the admin tool, and from where (for the audit). */
export interface ScimAdminCaller {
  auth: AuthContext;
  clientAddress: string | undefined;
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

function toTokenSummary(token: ScimTokenRow): ScimTokenSummary {
  return {
    id: token.id,
    label: token.label,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: iso(token.lastUsedAt),
    revokedAt: iso(token.revokedAt),
  };
}

function toGroupSummary(group: ScimGroupRow & { memberCount: number }): ScimGroupSummary {
  return {
    id: group.id,
    displayName: group.displayName,
    externalId: group.externalId,
    source: group.source === 'sso' ? 'sso' : 'scim',
    view: group.view === 'Coder' || group.view === 'Provider' || group.view === 'Classic' ? group.view : null,
    permissions: group.permissions as ScimGroupSummary['permissions'],
    memberCount: group.memberCount,
    updatedAt: group.updatedAt.toISOString(),
  };
}

export async function listScimTokens(db: Db, caller: ScimAdminCaller): Promise<{ tokens: ScimTokenSummary[] }> {
  const tokens = await listTokens(db, caller.auth.organisationId);
  return { tokens: tokens.map(toTokenSummary) };
}

/** A new token: its secret is in this answer only; Cairn stores its hash. */
export async function createScimToken(
  deps: ScimAdminDeps,
  caller: ScimAdminCaller,
  body: { label: string },
): Promise<{ token: ScimTokenSummary; secret: string }> {
  const { token: secret, tokenHash } = newScimToken();
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertToken(tx, {
      organisationId: caller.auth.organisationId,
      tokenHash,
      label: body.label,
      createdBy: caller.auth.userId,
    });
    await audit(tx, caller, 'scim.token_created', { scimTokenId: created.id });
    return created;
  });
  return { token: toTokenSummary(row), secret };
}

/** Revoked tokens are refused from the next request; revoking twice changes nothing. */
export async function revokeScimToken(
  deps: ScimAdminDeps,
  caller: ScimAdminCaller,
  body: { tokenId: string },
): Promise<ScimTokenSummary> {
  const now = deps.now?.() ?? new Date();
  const row = await revokeToken(deps.db, { organisationId: caller.auth.organisationId, tokenId: body.tokenId, now });
  if (!row) throw new AppError('NOT_FOUND', 'No such SCIM token in your organisation.');
  // An action ending _revoked reads as refused by policy (audit outcome): this one succeeded.
  await audit(deps.db, caller, 'scim.token_revoked', { scimTokenId: row.id, outcome: 'success' });
  return toTokenSummary(row);
}

export async function listScimGroupSummaries(db: Db, caller: ScimAdminCaller): Promise<{ groups: ScimGroupSummary[] }> {
  const groups = await listGroupsWithCounts(db, caller.auth.organisationId);
  return { groups: groups.map(toGroupSummary) };
}

/**
 * Sets what a group gives its members, and applies it to them at once (scim-grants.ts): a member who
 * loses a permission has their sessions ended, one who gains one gets it at their next sign-in.
 */
export async function setScimGroupMapping(
  deps: ScimAdminDeps,
  caller: ScimAdminCaller,
  body: EndpointBody<typeof mappingEndpoint>,
): Promise<ScimGroupSummary> {
  const organisationId = caller.auth.organisationId;
  const group = await findGroup(deps.db, organisationId, body.groupId);
  if (!group) throw new AppError('NOT_FOUND', 'No such SCIM group in your organisation.');
  const memberIds = await memberIdsOfGroup(deps.db, group.id);
  const changes = await deps.db.transaction(async (tx) =>
    withGroupGrants(tx, memberIds, async () => {
      await updateGroup(tx, group.id, {
        view: body.view,
        permissions: [...new Set(body.permissions)],
        updatedAt: deps.now?.() ?? new Date(),
      });
      await audit(tx, caller, 'scim.group_mapping_set', {
        groupId: group.id,
        view: body.view,
        permissions: body.permissions,
        memberCount: memberIds.length,
      });
    }),
  );
  await endNarrowedSessions(deps, changes);
  const groups = await listGroupsWithCounts(deps.db, organisationId);
  const updated = groups.find((entry) => entry.id === group.id);
  if (!updated) throw new AppError('NOT_FOUND', 'No such SCIM group in your organisation.');
  return toGroupSummary(updated);
}

function audit(db: Db, caller: ScimAdminCaller, action: string, details: Record<string, unknown>): Promise<void> {
  return writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action,
    clientAddress: caller.clientAddress,
    details,
  });
}
