import { z } from 'zod';
import { VIEWS } from './auth-enums';
import { defineEndpoint, PERMISSIONS } from './endpoint';
import { newPassword } from './auth';
import { resultEnvelope } from './envelope';

// The admin tool's user management (issue 17 item 1): every call needs admin_tool (admins hold it).

/** Where an account stands: invited (no password chosen yet), active, or deactivated by an administrator. */
export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** How long ago a user last signed in, as the list filters it. */
export const LAST_SIGN_IN_FILTERS = ['never', 'last30Days', 'over90Days'] as const;
export type LastSignInFilter = (typeof LAST_SIGN_IN_FILTERS)[number];

/** Who a user is, as the list filters it: an admin, or the role their view gives (spec §6: Coder is a coder; Provider and Classic, a provider). */
export const USER_ROLE_FILTERS = ['admin', 'coder', 'provider'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

/** An invitation's link is usable once, within this many hours. */
export const INVITATION_TTL_HOURS = 72;

/** A page of the users list holds at most this many. */
export const USERS_PAGE_SIZE_MAX = 100;

const userId = z.uuid();
const name = z.string().trim().max(100);

/** An account as the admin tool shows it: never its password, TOTP secret or tokens. */
export const adminUser = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  view: z.enum(VIEWS),
  permissions: z.array(z.enum(PERMISSIONS)),
  isAdmin: z.boolean(),
  isMultipleProviders: z.boolean(),
  status: z.enum(USER_STATUSES),
  /** Locked by failed sign-ins until this time (an administrator may unlock it). */
  lockedUntil: z.iso.datetime().nullable(),
  lastLoginAt: z.iso.datetime().nullable(),
  mustChangePassword: z.boolean(),
  isTotpEnabled: z.boolean(),
  /** `cairn` for password accounts; SSO users sign in through the organisation's identity provider. */
  identitySource: z.string(),
  emrUsername: z.string().nullable(),
  providerIds: z.array(z.uuid()),
  clinicIds: z.array(z.uuid()),
  /** The pending invitation's expiry, when one is open. */
  invitationExpiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** The fields an administrator sets on an account (all of them on creation). */
const userFields = {
  email: z.email().max(320),
  /** May be empty on an account that came without one (an SSO user); a new account needs both. */
  firstName: name,
  lastName: name,
  view: z.enum(VIEWS),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).default([]),
  isAdmin: z.boolean().default(false),
  isMultipleProviders: z.boolean().default(false),
  /** The EHR user (`Practitioner/123` or the EHR's user name) a SMART launch signs in as this user. */
  emrUsername: z.string().trim().max(200).nullable().default(null),
  /** The EHR providers the user works as or for (their care scope). */
  providerIds: z.array(z.uuid()).max(200).default([]),
  clinicIds: z.array(z.uuid()).max(200).default([]),
};

/** A username: letters, digits and . _ - @ (an email address is a valid username). */
export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'At least 3 characters')
  .max(100)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Letters, digits and . _ - @ only');

export const listUsers = defineEndpoint({
  method: 'POST',
  path: '/admin/users/list',
  summary: "The organisation's users, searched and filtered, a page at a time (admin tool)",
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({
    /** Words found in the username, email or names. */
    search: z.string().trim().max(200).optional(),
    role: z.enum(USER_ROLE_FILTERS).optional(),
    view: z.enum(VIEWS).optional(),
    status: z.enum(USER_STATUSES).optional(),
    isLocked: z.boolean().optional(),
    lastSignIn: z.enum(LAST_SIGN_IN_FILTERS).optional(),
    page: z.int().min(1).max(100_000).default(1),
    pageSize: z.int().min(1).max(USERS_PAGE_SIZE_MAX).default(25),
  }),
  response: resultEnvelope(z.object({ users: z.array(adminUser), total: z.int() })),
});

export const createUser = defineEndpoint({
  method: 'POST',
  path: '/admin/users/create',
  summary: 'Create an account; by default it is invited by email to choose its password (admin tool)',
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({
    username: usernameSchema,
    ...userFields,
    firstName: name.min(1, 'Required'),
    lastName: name.min(1, 'Required'),
    /** Mail an invitation link (single use, 72 hours) to choose a password. */
    invite: z.boolean().default(true),
  }),
  response: resultEnvelope(z.object({ user: adminUser, isInvitationSent: z.boolean() })),
});

export const updateUserByAdmin = defineEndpoint({
  method: 'POST',
  path: '/admin/users/update',
  summary: "Change an account's email, names, view, permissions, admin flag, EHR user, providers and clinics",
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ userId, ...userFields }),
  response: resultEnvelope(adminUser),
});

/** The one-account actions of the admin tool. */
export const USER_ACTIONS = [
  'invite',
  'deactivate',
  'reactivate',
  'unlock',
  'forcePasswordChange',
  'resetTotp',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export const applyUserAction = defineEndpoint({
  method: 'POST',
  path: '/admin/users/action',
  summary:
    'Invite (again), deactivate (every session ends at once), reactivate, unlock, force a password change, reset TOTP',
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ userId, action: z.enum(USER_ACTIONS) }),
  response: resultEnvelope(adminUser),
});

/** The columns of a users CSV, in any order; the first line names them. */
export const USER_CSV_COLUMNS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'view',
  'permissions',
  'isAdmin',
  'isMultipleProviders',
  'emrUsername',
] as const;

/** One line of an import: created (and invited), or refused with why, naming the column. */
export const userImportRow = z.object({
  /** The line of the file (the header is line 1). */
  line: z.int(),
  username: z.string(),
  outcome: z.enum(['created', 'refused']),
  userId: z.uuid().optional(),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type UserImportRow = z.infer<typeof userImportRow>;

export const importUsers = defineEndpoint({
  method: 'POST',
  path: '/admin/users/import',
  summary: 'Create many accounts from a CSV file (one per line), each invited; a report line per row',
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({
    csv: z.string().min(1, 'Required').max(2_000_000),
    invite: z.boolean().default(true),
  }),
  response: resultEnvelope(z.object({ rows: z.array(userImportRow), created: z.int(), refused: z.int() })),
});

/** The clinics and EHR providers a user may be linked to, for the user form. */
export const listUserLinkOptions = defineEndpoint({
  method: 'POST',
  path: '/admin/users/linkOptions',
  summary: "The organisation's clinics and providers, to link a user to (admin tool)",
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(
    z.object({
      clinics: z.array(z.object({ id: z.uuid(), name: z.string() })),
      providers: z.array(z.object({ id: z.uuid(), name: z.string(), npi: z.string().nullable() })),
    }),
  ),
});

/** What the invitation page needs to show before the person chooses a password. */
export const readInvitation = defineEndpoint({
  method: 'POST',
  path: '/auth/invitation/read',
  summary: 'The account an invitation link is for, while it is valid',
  tags: ['auth'],
  auth: 'public',
  writes: false,
  rateLimit: { max: 30, timeWindow: '1 minute' },
  body: z.strictObject({ token: z.string().min(20).max(200) }),
  response: resultEnvelope(z.object({ username: z.string(), firstName: z.string(), organisationName: z.string() })),
});

export const acceptInvitation = defineEndpoint({
  method: 'POST',
  path: '/auth/invitation/accept',
  summary: "Choose the invited account's password with the invitation link (used once, within 72 hours)",
  tags: ['auth'],
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 10, timeWindow: '1 minute' },
  body: z.strictObject({
    token: z.string().min(20).max(200),
    newPassword,
  }),
  response: resultEnvelope(z.object({ username: z.string() })),
});
