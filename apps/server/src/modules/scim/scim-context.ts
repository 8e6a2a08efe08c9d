import type { Db } from '../../db/client';
import { writeAudit } from '../../access';
import type { AccessTokens } from '../auth';

export interface ScimDeps {
  db: Db;
  accessTokens: AccessTokens;
  /** Cairn's SCIM base URL (`https://cairn.example/scim/v2`): resources' `meta.location` starts with it. */
  baseUrl: string;
  now?: () => Date;
}

/** The identity provider calling: its organisation and token come from the bearer token. */
export interface ScimCaller {
  organisationId: string;
  tokenId: string;
  clientAddress: string | undefined;
}

/** A SCIM change in the audit log: no user acted, so the token is named; ids only, never personal data. */
export function auditScim(db: Db, caller: ScimCaller, action: string, details: Record<string, unknown>): Promise<void> {
  return writeAudit(db, {
    organisationId: caller.organisationId,
    userId: undefined,
    action,
    clientAddress: caller.clientAddress,
    details: { scimTokenId: caller.tokenId, ...details },
  });
}

/** A unique index refused the row (SQLSTATE 23505), on PostgreSQL or PGlite, wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
