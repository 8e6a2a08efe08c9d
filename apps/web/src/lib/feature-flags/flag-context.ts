import { decodeToken } from '../jwt';
import type { LoginTokenClaims } from '../session';

/**
 * The feature-flag context of spec §3: key, kind, name, email, firstName, lastName, avatar, ip,
 * country, anonymous, private attributes, and custom attributes.
 */
export interface FlagContext {
  key: string;
  kind?: string;
  name?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  avatar?: string;
  ip?: string;
  country?: string;
  anonymous?: boolean;
  privateAttributes?: string[];
  custom?: Record<string, unknown>;
}

/** Spec §5: a kind is word characters, dots or dashes, and is never the word 'kind' itself. */
const KIND_PATTERN = /^[\w.-]+$/;
/** Spec §5: application tags are limited to 64 characters (and to the same characters as a kind). */
export const APPLICATION_TAG_MAX_LENGTH = 64;

/** Throws when the context breaks a rule of spec §5; the message names the rule. */
export function validateFlagContext(context: Partial<FlagContext> | undefined): FlagContext {
  if (!context || typeof context.key !== 'string' || context.key.length === 0) {
    throw new Error('Feature-flag context key is required');
  }
  if (context.kind !== undefined) {
    if (context.kind === 'kind') throw new Error('Feature-flag context kind cannot be "kind"');
    if (!KIND_PATTERN.test(context.kind)) {
      throw new Error('Feature-flag context kind may only contain word characters, dots or dashes');
    }
  }
  return context as FlagContext;
}

/** Application tags (`id`, `version`) sent with flag requests: at most 64 word characters, dots or dashes each. */
export function validateApplicationTags(tags: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(tags)) {
    if (value.length > APPLICATION_TAG_MAX_LENGTH) {
      throw new Error(`Application tag ${name} is longer than ${APPLICATION_TAG_MAX_LENGTH} characters`);
    }
    if (!KIND_PATTERN.test(value)) {
      throw new Error(`Application tag ${name} may only contain word characters, dots or dashes`);
    }
  }
  return tags;
}

const REMOVED_ATTRIBUTES = ['first_name', 'last_name'];

/**
 * The flag user of spec §3 from the signed-in token: key is the user id, the email, and custom
 * attributes (the analytics metadata, view and permissions, emrName, isAdmin, ...) with first_name and
 * last_name removed first. The server evaluates from its own records; this context keys the provider
 * (a new user means new flags) and is validated as the spec requires.
 */
export function flagContextFromToken(token: string): FlagContext {
  const claims = decodeToken<LoginTokenClaims>(token);
  const custom: Record<string, unknown> = Object.fromEntries(
    Object.entries(parseObject(claims.analyticsMetadata)).filter(([name]) => !REMOVED_ATTRIBUTES.includes(name)),
  );
  const permissions = parseObject(claims.permissions);
  if (typeof permissions.view === 'string') custom.view = permissions.view;
  custom.permissions = Object.keys(permissions).filter((name) => name !== 'view' && permissions[name]);
  if (claims.emrName) custom.emrName = claims.emrName;
  custom.isAdmin = claims.isAdmin === 'true';
  return validateFlagContext({
    key: claims.sub,
    kind: 'user',
    email: typeof claims.email === 'string' ? claims.email : undefined,
    custom,
  });
}

function parseObject(value: string | undefined): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
