import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Every clinical row belongs to an organisation; every query is scoped by it. */
export const organisations = pgTable('organisations', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Secrets the server generates once and every server process shares (token signing key), so that a
 * deployment of several processes needs no extra configuration.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person who signs in. Password users are Cairn's own accounts (identity source `cairn`); SSO users
 * come from the organisation's OpenID provider and have no password.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** argon2id, PHC string; null for SSO users. */
    passwordHash: text('password_hash'),
    /** Coder, Provider or Classic (spec §3 "Views"). */
    view: text('view').notNull(),
    /** Named permissions of spec §6. */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isAdmin: boolean('is_admin').notNull().default(false),
    isMultipleProviders: boolean('is_multiple_providers').notNull().default(false),
    identitySource: text('identity_source').notNull().default('cairn'),
    emrName: text('emr_name'),
    emrUsername: text('emr_username'),
    /** Set when an administrator creates the account: the first sign-in must choose a password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastPasswordChangeAt: timestamp('last_password_change_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    totpSecret: text('totp_secret'),
    isTotpEnabled: boolean('is_totp_enabled').notNull().default(false),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_username_lower').on(sql`lower(${table.username})`)],
);

/** Refresh tokens, stored hashed; each rotation stays in its family so that reuse revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_family').on(table.familyId)],
);

/** Who did what, when, from where: sign-ins and every read or write of patient data. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id').references(() => organisations.id),
    userId: uuid('user_id').references(() => users.id),
    patientId: uuid('patient_id'),
    action: text('action').notNull(),
    clientAddress: text('client_address'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_organisation_time').on(table.organisationId, table.createdAt)],
);
