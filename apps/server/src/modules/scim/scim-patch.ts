import { ScimError } from './scim-error';

export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** One PATCH operation with its op lower-cased (Entra ID sends `Replace`, Okta `replace`). */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace';
  /** Lower-cased, spaces around filter brackets removed; none when the value holds the attributes. */
  path: string | undefined;
  value: unknown;
}

/** A user's fields as SCIM changes them. */
export interface ScimUserFields {
  userName: string;
  givenName: string;
  familyName: string;
  email: string;
  externalId: string | null;
  active: boolean;
}

/** A group's fields as SCIM changes them. */
export interface ScimGroupFields {
  displayName: string;
  externalId: string | null;
  memberIds: Set<string>;
}

/** Reads a PatchOp message (RFC 7644 §3.5.2), refusing one that is not with 400 invalidSyntax. */
export function readPatchRequest(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw invalidSyntax('The body must be a PatchOp message.');
  const schemas = body.schemas;
  if (Array.isArray(schemas) && !schemas.includes(PATCH_OP_SCHEMA))
    throw invalidSyntax(`schemas must hold ${PATCH_OP_SCHEMA}.`);
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0)
    throw invalidSyntax('Operations must be a list of operations.');
  return operations.map((operation: unknown, index) => {
    if (!isObject(operation)) throw invalidSyntax(`Operations[${String(index)}] must be an object.`);
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'remove' && op !== 'replace') {
      throw invalidSyntax(`Operations[${String(index)}].op must be add, remove or replace.`);
    }
    const path =
      typeof operation.path === 'string' && operation.path.trim() !== '' ? normalisePath(operation.path) : undefined;
    if (path === undefined && (op === 'remove' || !isObject(operation.value))) {
      throw new ScimError(
        400,
        `Operations[${String(index)}] needs a path, or an object of attributes as its value.`,
        'noTarget',
      );
    }
    return { op, path, value: operation.value };
  });
}

// Attributes of the core User schema Cairn does not store: a change to them is accepted and ignored,
// as are extension schemas (the enterprise extension Entra ID sends by default).
const IGNORED_USER_ATTRIBUTES = new Set([
  'displayname',
  'nickname',
  'profileurl',
  'title',
  'usertype',
  'preferredlanguage',
  'locale',
  'timezone',
  'password',
  'phonenumbers',
  'ims',
  'photos',
  'addresses',
  'entitlements',
  'roles',
  'x509certificates',
  'name.formatted',
  'name.middlename',
  'name.honorificprefix',
  'name.honorificsuffix',
  'schemas',
  'id',
  'meta',
]);

/** The user with each operation applied in order, as Okta and Entra ID send them. */
export function applyUserPatch(current: ScimUserFields, operations: PatchOperation[]): ScimUserFields {
  const next = { ...current };
  for (const operation of operations) {
    for (const [path, value] of targets(operation)) applyUserChange(next, { op: operation.op, path, value });
  }
  return next;
}

function applyUserChange(
  user: ScimUserFields,
  change: { op: PatchOperation['op']; path: string; value: unknown },
): void {
  const { op, path, value } = change;
  const isRemove = op === 'remove';
  const attribute = path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, '');
  // Extension schemas (the enterprise extension Entra ID sends by default) hold nothing Cairn stores.
  if (attribute.startsWith('urn:')) return;
  switch (attribute) {
    case 'active':
      if (isRemove) throw new ScimError(400, 'active cannot be removed.', 'mutability');
      user.active = readBoolean(value, 'active');
      return;
    case 'username':
      if (isRemove) throw new ScimError(400, 'userName cannot be removed.', 'mutability');
      user.userName = readString(value, 'userName');
      return;
    case 'externalid':
      user.externalId = isRemove ? null : readString(value, 'externalId');
      return;
    case 'name':
      if (isRemove) Object.assign(user, { givenName: '', familyName: '' });
      else if (isObject(value)) {
        if (value.givenName !== undefined) user.givenName = readString(value.givenName, 'name.givenName');
        if (value.familyName !== undefined) user.familyName = readString(value.familyName, 'name.familyName');
      } else throw new ScimError(400, 'name must be an object.', 'invalidValue');
      return;
    case 'name.givenname':
      user.givenName = isRemove ? '' : readString(value, 'name.givenName');
      return;
    case 'name.familyname':
      user.familyName = isRemove ? '' : readString(value, 'name.familyName');
      return;
    case 'emails':
    case 'emails.value':
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value':
      user.email = isRemove ? '' : readEmail(value);
      return;
    case 'groups':
      throw new ScimError(400, "A user's groups are changed through the group's members.", 'mutability');
    default:
      if (IGNORED_USER_ATTRIBUTES.has(attribute) || IGNORED_USER_ATTRIBUTES.has(attribute.split(/[.[]/)[0] ?? ''))
        return;
      throw new ScimError(400, `Cairn has no user attribute ${attribute}.`, 'invalidPath');
  }
}

const MEMBER_FILTER = /^members\[value eq "((?:[^"\\]|\\.)*)"\]$/;

/** The group with each operation applied in order (members added, removed or replaced, renamed). */
export function applyGroupPatch(current: ScimGroupFields, operations: PatchOperation[]): ScimGroupFields {
  const next = { ...current, memberIds: new Set(current.memberIds) };
  for (const operation of operations) {
    for (const [path, value] of targets(operation)) applyGroupChange(next, { op: operation.op, path, value });
  }
  return next;
}

function applyGroupChange(
  group: ScimGroupFields,
  change: { op: PatchOperation['op']; path: string; value: unknown },
): void {
  const { op, path, value } = change;
  const oneMember = MEMBER_FILTER.exec(path);
  if (oneMember?.[1] !== undefined) {
    // Entra ID and Okta remove one member by a filtered path: `members[value eq "id"]`.
    if (op !== 'remove') throw new ScimError(400, 'A filtered members path can only be removed.', 'invalidPath');
    group.memberIds.delete(oneMember[1]);
    return;
  }
  switch (path) {
    case 'members': {
      if (op === 'remove' && (value === undefined || value === null)) group.memberIds.clear();
      else if (op === 'remove') for (const id of readMemberIds(value)) group.memberIds.delete(id);
      else if (op === 'replace') group.memberIds = new Set(readMemberIds(value));
      else for (const id of readMemberIds(value)) group.memberIds.add(id);
      return;
    }
    case 'displayname':
      if (op === 'remove') throw new ScimError(400, 'displayName cannot be removed.', 'mutability');
      group.displayName = readString(value, 'displayName');
      return;
    case 'externalid':
      group.externalId = op === 'remove' ? null : readString(value, 'externalId');
      return;
    case 'id':
    case 'schemas':
    case 'meta':
      return;
    default:
      if (path.startsWith('urn:')) return;
      throw new ScimError(400, `Cairn has no group attribute ${path}.`, 'invalidPath');
  }
}

/**
 * The (path, value) pairs one operation changes. Without a path, its value is an object of attributes:
 * Okta's `{"active": false}`, and Entra ID's keys that are themselves paths (`"name.givenName"`).
 */
function targets(operation: PatchOperation): [string, unknown][] {
  if (operation.path !== undefined) return [[operation.path, operation.value]];
  const value = operation.value as Record<string, unknown>;
  return Object.entries(value).map(([key, item]) => [normalisePath(key), item]);
}

function normalisePath(path: string): string {
  return path
    .trim()
    .toLowerCase()
    .replace(/\s*\[\s*/g, '[')
    .replace(/\s*\]\s*/g, ']')
    .replace(/\s+/g, ' ');
}

/** A boolean, or Entra ID's `"True"` / `"False"` strings. */
export function readBoolean(value: unknown, field: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, `${field} must be true or false.`, 'invalidValue');
}

function readString(value: unknown, field: string): string {
  if (typeof value === 'string' && value.length <= 320) return value.trim();
  throw new ScimError(400, `${field} must be a string.`, 'invalidValue');
}

/** An email as a string, or the work (else primary, else first) entry of an `emails` list. */
export function readEmail(value: unknown): string {
  if (typeof value === 'string') return readString(value, 'emails');
  const list = Array.isArray(value) ? value.filter(isObject) : isObject(value) ? [value] : [];
  const chosen =
    list.find((entry) => entry.primary === true || entry.primary === 'True' || entry.primary === 'true') ??
    list.find((entry) => entry.type === 'work') ??
    list[0];
  if (list.length > 0 && chosen?.value === undefined)
    throw new ScimError(400, 'emails[].value is missing.', 'invalidValue');
  return chosen ? readString(chosen.value, 'emails.value') : '';
}

/** The `value` of each `{ "value": id }` of a members list. */
export function readMemberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((member, index) => {
    if (isObject(member) && typeof member.value === 'string') return member.value;
    throw new ScimError(400, `members[${String(index)}].value must be a user id.`, 'invalidValue');
  });
}

function invalidSyntax(detail: string): ScimError {
  return new ScimError(400, detail, 'invalidSyntax');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
