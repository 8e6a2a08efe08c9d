import {
  type EndpointResponse,
  type evaluateFeatureFlags,
  type FlagDefinition,
  type FlagEvaluation,
  type FlagName,
  type FlagValueOf,
  type FlagValues,
  type StoredFlag,
  FLAG_DEFAULTS,
  FLAG_NAMES,
  FLAG_STREAM_TICKET_SECONDS,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import type { EventBus } from '../../plugins/event-bus';
import { evaluateAll, explainAll, toFlagUser, type FlagUser } from './flag-evaluation';
import {
  deleteFlag,
  findFlagSubject,
  listFlags,
  upsertFlag,
  type FeatureFlagRow,
  type FlagSubject,
} from './flags.repository';
import type { StreamTickets } from './stream-tickets';

export interface FlagsDeps {
  db: Db;
  bus: EventBus;
  tickets: () => Promise<StreamTickets>;
}

/** The bus channel of flag changes; the message names the organisation whose flags changed. */
export const FLAGS_CHANGED = 'flags.changed';

/** The flag user of spec §3 for a stored user: names are dropped by `toFlagUser`. */
export function flagUserOf(subject: FlagSubject): FlagUser {
  return toFlagUser({
    id: subject.id,
    email: subject.email,
    attributes: {
      first_name: subject.firstName,
      last_name: subject.lastName,
      view: subject.view,
      permissions: subject.permissions,
      emrName: subject.emrName,
      isAdmin: subject.isAdmin,
      isMultipleProviders: subject.isMultipleProviders,
      identitySource: subject.identitySource,
      organisation: subject.organisation,
      organisationId: subject.organisationId,
    },
  });
}

/** Every flag for one user of one organisation, or `undefined` when the user is gone. */
export async function evaluateFlagsFor(
  db: Db,
  holder: { organisationId: string; userId: string },
): Promise<FlagValues | undefined> {
  const subject = await findFlagSubject(db, holder.organisationId, holder.userId);
  if (!subject) return undefined;
  return evaluateAll(await listFlags(db, holder.organisationId), flagUserOf(subject));
}

function requireUser(auth: AuthContext | undefined): AuthContext {
  if (!auth) throw new AppError('UNAUTHENTICATED');
  return auth;
}

export async function getCallerFlags(deps: FlagsDeps, caller: AuthContext | undefined): Promise<FlagValues> {
  const values = await evaluateFlagsFor(deps.db, requireUser(caller));
  if (!values) throw new AppError('UNAUTHENTICATED');
  return values;
}

export async function issueStreamTicket(
  deps: FlagsDeps,
  caller: AuthContext | undefined,
): Promise<{ ticket: string; expiresInSeconds: number }> {
  const auth = requireUser(caller);
  const tickets = await deps.tickets();
  const ticket = await tickets.issue({
    userId: auth.userId,
    organisationId: auth.organisationId,
    sessionId: auth.sessionId,
  });
  return { ticket, expiresInSeconds: FLAG_STREAM_TICKET_SECONDS };
}

function requireAdmin(caller: AuthContext | undefined): AuthContext {
  const auth = requireUser(caller);
  if (!auth.isAdmin) throw new AppError('FORBIDDEN', 'Only an administrator can change feature flags.');
  return auth;
}

function toStoredFlag(row: FeatureFlagRow): StoredFlag {
  return {
    key: row.key as StoredFlag['key'],
    defaultValue: row.defaultValue as StoredFlag['defaultValue'],
    rules: row.rules as StoredFlag['rules'],
    description: row.description,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export async function listOrganisationFlags(
  deps: FlagsDeps,
  caller: AuthContext | undefined,
): Promise<{ flags: StoredFlag[]; defaults: FlagValues }> {
  const auth = requireAdmin(caller);
  const rows = await listFlags(deps.db, auth.organisationId);
  return { flags: rows.map(toStoredFlag), defaults: FLAG_DEFAULTS };
}

/** What evaluateFeatureFlags answers. */
export type UserEvaluation = EndpointResponse<typeof evaluateFeatureFlags>['result'];

/**
 * Every flag for one user of the admin's organisation, each with the rule that matched, by the same
 * evaluation the user's browser gets. Another organisation's user is not found (404, not 403).
 */
export async function evaluateFlagsForUser(
  deps: FlagsDeps,
  caller: AuthContext | undefined,
  userId: string,
): Promise<UserEvaluation> {
  const auth = requireAdmin(caller);
  const subject = await findFlagSubject(deps.db, auth.organisationId, userId);
  if (!subject) throw new AppError('NOT_FOUND', 'User not found.');
  const user = flagUserOf(subject);
  const evaluations = explainAll(await listFlags(deps.db, auth.organisationId), user);
  const flags = FLAG_NAMES.map((key): FlagEvaluation => {
    const { value, reason, rule } = evaluations[key];
    return {
      key,
      value,
      reason,
      rule: rule ? { index: rule.index, description: rule.description ?? null } : null,
    };
  });
  // Every attribute of a stored user has a value (null at least); the names were removed by flagUserOf.
  const attributes = { key: user.key, email: user.email, ...user.custom } as UserEvaluation['attributes'];
  return { userId, attributes, flags };
}

export interface FlagChange {
  clientAddress: string | undefined;
}

export async function setOrganisationFlag(
  deps: FlagsDeps,
  caller: AuthContext | undefined,
  flag: FlagDefinition,
  change: FlagChange,
): Promise<StoredFlag> {
  const auth = requireAdmin(caller);
  const row = await upsertFlag(deps.db, {
    organisationId: auth.organisationId,
    key: flag.key,
    defaultValue: flag.defaultValue,
    rules: flag.rules,
    description: flag.description,
    updatedBy: auth.userId,
  });
  await recordChange(deps, auth, change, { key: flag.key, operation: 'set', ruleCount: flag.rules.length });
  return toStoredFlag(row);
}

/**
 * Sets the value an organisation-wide setting flag takes for everyone its targeting rules do not match
 * (the admin tool's Organisation section), keeping its rules and description: the same storage, audit
 * and live push as a flag edited under Feature flags.
 */
export async function setOrganisationFlagValue<N extends FlagName>(
  deps: Pick<FlagsDeps, 'db' | 'bus'>,
  auth: AuthContext,
  flag: { key: N; value: FlagValueOf<N> },
  change: FlagChange,
): Promise<void> {
  const existing = (await listFlags(deps.db, auth.organisationId)).find((row) => row.key === flag.key);
  await upsertFlag(deps.db, {
    organisationId: auth.organisationId,
    key: flag.key,
    defaultValue: flag.value,
    rules: existing?.rules ?? [],
    description: existing?.description ?? '',
    updatedBy: auth.userId,
  });
  await recordChange(deps, auth, change, { key: flag.key, operation: 'set-value' });
}

export async function deleteOrganisationFlag(
  deps: FlagsDeps,
  caller: AuthContext | undefined,
  key: string,
  change: FlagChange,
): Promise<{ deleted: boolean }> {
  const auth = requireAdmin(caller);
  const deleted = await deleteFlag(deps.db, auth.organisationId, key);
  if (deleted) await recordChange(deps, auth, change, { key, operation: 'delete' });
  return { deleted };
}

/** Audits the change (the flag and the operation, never the targeted users) and tells every process. */
async function recordChange(
  deps: Pick<FlagsDeps, 'db' | 'bus'>,
  auth: AuthContext,
  change: FlagChange,
  details: Record<string, unknown>,
): Promise<void> {
  await writeAudit(deps.db, {
    organisationId: auth.organisationId,
    userId: auth.userId,
    action: 'flags.update',
    clientAddress: change.clientAddress,
    details,
  });
  await deps.bus.publish(FLAGS_CHANGED, { organisationId: auth.organisationId });
}
