import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
  /** What an administrator sets for the whole organisation (the admin tool's Organisation section). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
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
    /** `cairn` for password accounts, `oidc` for users of the organisation's SSO provider. */
    identitySource: text('identity_source').notNull().default('cairn'),
    /** The SSO provider's subject for this user: unique within that provider only. */
    oidcSubject: text('oidc_subject'),
    /** The identity provider whose subject `oidcSubject` is (none: not linked to one yet). */
    identityProviderId: uuid('identity_provider_id').references((): AnyPgColumn => identityProviders.id, {
      onDelete: 'set null',
    }),
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
    /** The identity provider's own id for the account, as SCIM provisioning names it (`externalId`). */
    externalId: text('external_id'),
    /** Set by an administrator (or SCIM): the account cannot sign in and its sessions were ended. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower').on(sql`lower(${table.username})`),
    uniqueIndex('users_oidc_subject').on(table.organisationId, table.identityProviderId, table.oidcSubject),
  ],
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

/**
 * Failed password sign-ins per submitted username, whether or not an account has that name: an
 * unknown name is counted and locked exactly as a real one, so the answers never tell them apart.
 * The key is the username as sign-in compares it (trimmed, NFKC, lower case).
 */
export const signInFailures = pgTable('sign_in_failures', {
  usernameKey: text('username_key').primaryKey(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /**
     * success, failure or denied (the audit viewer's filter), worked out by the database from what every
     * writer already records, so that no call site can forget it and old rows have it too: a writer may
     * state it in `details.outcome`; `*_failed` actions failed; `*_refused`, `*_denied`, `*_revoked` and
     * `auth.lockout` were refused by policy; a reset request says why in `details.outcome`.
     */
    outcome: text('outcome')
      .notNull()
      .generatedAlwaysAs(
        sql`case
          when details->>'outcome' in ('success', 'failure', 'denied') then details->>'outcome'
          when action = 'auth.password_reset_requested' then case details->>'outcome'
            when 'unknown_account' then 'failure'
            when 'sso_account' then 'denied'
            when 'too_many_codes' then 'denied'
            else 'success' end
          when action = 'auth.lockout' or action ~ '_(refused|denied|revoked)$' then 'denied'
          when action ~ '_failed$' then 'failure'
          else 'success' end`,
      ),
  },
  // The audit viewer pages newest first by (created_at, id) within one organisation, filtered by user,
  // patient, action or outcome: each filter has an index that yields its rows already in that order.
  (table) => [
    index('audit_log_organisation_time_id').on(table.organisationId, table.createdAt, table.id),
    index('audit_log_user_time').on(table.organisationId, table.userId, table.createdAt, table.id),
    index('audit_log_patient_time')
      .on(table.organisationId, table.patientId, table.createdAt, table.id)
      .where(sql`patient_id is not null`),
    index('audit_log_action_time').on(table.organisationId, table.action, table.createdAt, table.id),
    index('audit_log_outcome_time').on(table.organisationId, table.outcome, table.createdAt, table.id),
  ],
);

/** Emailed one-time codes for password recovery: stored hashed, single-use, short-lived. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong guesses against this code; it is void after a few. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_codes_user').on(table.userId)],
);

/**
 * An invitation to choose a password, mailed by an administrator: a link holding a random token (stored
 * hashed), usable once within 72 hours; a newer invitation voids the older ones.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_invitations_user').on(table.userId)],
);

/** Each user's configuration dictionary (spec §3 "User config"). */
export const userConfigs = pgTable('user_configs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Feature flags per organisation: a default value and targeting rules on the flag user's attributes,
 * evaluated on the server for each user.
 */
export const featureFlags = pgTable(
  'feature_flags',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    key: text('key').notNull(),
    defaultValue: jsonb('default_value').notNull(),
    /** Ordered rules; the first that matches gives the value. */
    rules: jsonb('rules').$type<unknown[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.key] })],
);

/** The OpenID Connect provider an organisation signs in with (SSO). */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** A disabled provider is not offered on the login card and signs no one in (Test sign-in still runs). */
    isEnabled: boolean('is_enabled').notNull().default(true),
    /**
     * The organisation's provider from before an organisation could have several (migration 0025): its
     * IdP was registered with the organisation's URLs (SAML entity ID and ACS, OpenID redirect URI),
     * which it keeps; every other provider has URLs of its own.
     */
    hasOrganisationUrls: boolean('has_organisation_urls').notNull().default(false),
    /** `oidc` (OpenID Connect) or `saml` (SAML 2.0). */
    protocol: text('protocol').$type<'oidc' | 'saml'>().notNull().default('oidc'),
    /** The OpenID issuer, or the SAML IdP's entity ID. */
    issuer: text('issuer').notNull(),
    /** OpenID Connect only (empty for SAML). */
    clientId: text('client_id').notNull().default(''),
    /** Encrypted at rest (AES-256-GCM with the server's key); OpenID Connect only (empty for SAML). */
    clientSecretEncrypted: text('client_secret_encrypted').notNull().default(''),
    /** SAML: where the IdP publishes its metadata (none when it was given as XML). */
    samlMetadataUrl: text('saml_metadata_url'),
    /** SAML: the IdP's metadata as last read; its SSO URL and certificates are read from it. */
    samlMetadataXml: text('saml_metadata_xml'),
    samlMetadataReadAt: timestamp('saml_metadata_read_at', { withTimezone: true }),
    scopes: text('scopes').notNull().default('openid email profile'),
    /** Users whose email ends with this domain sign in through this provider. */
    emailDomain: text('email_domain'),
    /** Permissions and view given to a user the provider signs in for the first time. */
    defaultView: text('default_view').notNull().default('Provider'),
    /** The name the login card offers ("Sign in with {displayName}"); empty: the issuer's host. */
    displayName: text('display_name').notNull().default(''),
    /**
     * Which claim of the provider carries the username, email, first and last name and groups
     * (`{ "email": "upn" }`); a field left out reads the standard OpenID claim.
     */
    claimMapping: jsonb('claim_mapping').$type<Record<string, string>>().notNull().default({}),
    /** Only users whose email is in one of these domains may sign in (none listed: any). */
    allowedEmailDomains: text('allowed_email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last sign-in it completed (Test sign-ins aside). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('identity_providers_organisation').on(table.organisationId)],
);

/** An SSO sign-in in flight: state, PKCE verifier and nonce, checked on return, used once. */
export const ssoStates = pgTable('sso_states', {
  state: text('state').primaryKey(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id),
  /** The provider signing in; its sign-ins in flight go with it. */
  providerId: uuid('provider_id')
    .notNull()
    .references(() => identityProviders.id, { onDelete: 'cascade' }),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** Where the app goes after sign-in (a path inside Cairn). */
  returnTo: text('return_to'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** SAML: the RelayState's hash, by which the assertion consumer service finds the sign-in. */
  samlRelayStateHash: text('saml_relay_state_hash').unique(),
  /** SAML: the IdP's response as posted, validated at completion. */
  samlResponse: text('saml_response'),
  /** SAML: the hash of the one-time code the assertion consumer service sent the browser on with. */
  samlCodeHash: text('saml_code_hash'),
});

/**
 * The bearer tokens an enterprise identity provider provisions users and groups with (SCIM 2.0,
 * /scim/v2): shown once at creation, stored hashed, per organisation, revocable.
 */
export const scimTokens = pgTable('scim_tokens', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id),
  tokenHash: text('token_hash').notNull().unique(),
  label: text('label').notNull().default(''),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * A bearer token of another system the organisation lets read Cairn (a payer reading the care gaps as
 * FHIR, DEQM `$care-gaps`): created in the admin tool and shown once, stored as its SHA-256, revocable;
 * `scopes` says what it may do (`quality-gaps.read`).
 */
export const apiClientTokens = pgTable('api_client_tokens', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id),
  tokenHash: text('token_hash').notNull().unique(),
  label: text('label').notNull().default(''),
  scopes: text('scopes').array().notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** A SCIM group of the organisation; its members get its view and permissions. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    /**
     * `scim` when an identity provider pushed it; `sso` when a single sign-on named it in the user's
     * groups claim first (a SCIM push of the same name takes it over).
     */
    source: text('source').notNull().default('scim'),
    /** The view its members take (Coder, Provider, Classic), or none. */
    view: text('view'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('scim_groups_name').on(table.organisationId, sql`lower(${table.displayName})`)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('scim_group_members_user').on(table.userId),
  ],
);
