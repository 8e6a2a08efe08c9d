import { isUnstorableString } from '@cairn/contracts';
import { ScimError } from './scim-error';
import { isObject, readBoolean, readEmail, type ScimUserFields } from './scim-patch';
import type { ScimUserRow } from './scim.repository';
import type { ScimGroupRow } from './scim-groups.repository';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** A page holds at most this many resources, whatever `count` asks (ServiceProviderConfig says so). */
export const MAX_PAGE_SIZE = 200;

export type ScimResource = Record<string, unknown>;

/** A user as SCIM shows it (RFC 7643 §4.1); `lastModified` is the latest change Cairn records. */
export function toScimUser(
  user: ScimUserRow,
  groups: { id: string; displayName: string }[],
  baseUrl: string,
): ScimResource {
  const lastModified = [user.createdAt, user.deactivatedAt]
    .filter((date): date is Date => date !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    ...(user.externalId === null ? {} : { externalId: user.externalId }),
    userName: user.username,
    name: {
      givenName: user.firstName,
      familyName: user.lastName,
      formatted: `${user.firstName} ${user.lastName}`.trim(),
    },
    displayName: `${user.firstName} ${user.lastName}`.trim() || user.username,
    emails: user.email === '' ? [] : [{ value: user.email, type: 'work', primary: true }],
    active: user.deactivatedAt === null,
    groups: groups.map((group) => ({
      value: group.id,
      display: group.displayName,
      $ref: `${baseUrl}/Groups/${group.id}`,
    })),
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      lastModified: (lastModified ?? user.createdAt).toISOString(),
      location: `${baseUrl}/Users/${user.id}`,
    },
  };
}

/** A group as SCIM shows it (RFC 7643 §4.2); its members are left out when asked (`excludedAttributes`). */
export function toScimGroup(
  group: ScimGroupRow,
  members: { id: string; username: string }[] | undefined,
  baseUrl: string,
): ScimResource {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...(group.externalId === null ? {} : { externalId: group.externalId }),
    displayName: group.displayName,
    ...(members === undefined
      ? {}
      : {
          members: members.map((member) => ({
            value: member.id,
            display: member.username,
            $ref: `${baseUrl}/Users/${member.id}`,
          })),
        }),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${group.id}`,
    },
  };
}

export function listResponse(resources: ScimResource[], page: { total: number; startIndex: number }): ScimResource {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: page.total,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** `startIndex` (1-based; less than 1 is 1) and `count` (negative is 0) of RFC 7644 §3.4.2.4. */
export function readPage(query: { startIndex?: string; count?: string }): { startIndex: number; count: number } {
  const number = (text: string | undefined, name: string, fallback: number): number => {
    if (text === undefined || text === '') return fallback;
    if (!/^-?\d{1,9}$/.test(text)) throw new ScimError(400, `${name} must be an integer.`, 'invalidValue');
    return Number(text);
  };
  return {
    startIndex: Math.max(1, number(query.startIndex, 'startIndex', 1)),
    count: Math.min(MAX_PAGE_SIZE, Math.max(0, number(query.count, 'count', 100))),
  };
}

/** The body of a POST or PUT of a User: userName is required; what Cairn does not store is ignored. */
export function readUserResource(body: unknown): ScimUserFields {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a User resource.', 'invalidSyntax');
  refuseUnstorable(body);
  const text = (value: unknown, field: string): string => {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string' || value.length > 320) {
      throw new ScimError(400, `${field} must be a string.`, 'invalidValue');
    }
    return value.trim();
  };
  const userName = text(body.userName, 'userName');
  if (userName === '') throw new ScimError(400, 'userName is required.', 'invalidValue');
  const name = isObject(body.name) ? body.name : {};
  return {
    userName,
    givenName: text(name.givenName, 'name.givenName'),
    familyName: text(name.familyName, 'name.familyName'),
    email: readEmail(body.emails ?? []),
    externalId: text(body.externalId, 'externalId') || null,
    active: body.active === undefined ? true : readBoolean(body.active, 'active'),
  };
}

/** PostgreSQL stores neither NUL nor a lone surrogate: such a string is refused, never a 500. */
export function refuseUnstorable(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string' && isUnstorableString(item)) {
      throw new ScimError(
        400,
        'A string holds a character that cannot be stored (NUL or a lone surrogate).',
        'invalidValue',
      );
    }
    if (Array.isArray(item)) stack.push(...(item as unknown[]));
    else if (isObject(item)) for (const [key, entry] of Object.entries(item)) stack.push(key, entry);
  }
}
