import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

// The admin tool's EHR connections (issue 17 item 3): every call needs admin_tool (admins hold it).

/**
 * How Cairn proves itself at the EHR's token endpoint (SMART App Launch 2.0 client types): a public
 * client with PKCE alone; a confidential client with a shared secret (HTTP Basic); a confidential
 * client with a key pair (private_key_jwt, RFC 7523), whose public key Cairn publishes at its JWKS URL.
 */
export const EHR_CLIENT_AUTH_KINDS = ['public', 'client_secret', 'private_key_jwt'] as const;
export type EhrClientAuthKind = (typeof EHR_CLIENT_AUTH_KINDS)[number];

/** The scopes a new connection asks for: the launch, the user, the patient's record, writes of diagnoses and notes (care gaps addressed), a refresh. */
export const DEFAULT_EHR_SCOPES =
  'launch openid fhirUser offline_access patient/*.read user/*.read user/Condition.write user/DocumentReference.write';

/** A connection name: the spec's four (nems, nems-staging, noms-staging, cairn-fhir-connection) or any other. */
export const ehrConnectionNameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(100)
  .regex(/^[\w.-]+$/, 'Letters, digits and . _ - only');

const httpUrl = z.url({ protocol: /^https?$/, error: 'An http(s) address' }).max(2000);
const scopes = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(2000)
  .regex(
    /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/,
    'Scopes separated by single spaces (RFC 6749 §3.3)',
  );

/** How the last launch, sync or write through a connection ended. */
export const ehrActivity = z.object({ at: z.iso.datetime(), error: z.string().nullable() }).nullable();

export const ehrConnection = z.object({
  id: z.uuid(),
  name: z.string(),
  fhirBaseUrl: z.string(),
  issuerAliases: z.array(z.string()),
  clientId: z.string(),
  clientAuth: z.enum(EHR_CLIENT_AUTH_KINDS),
  /** A secret is stored (never returned). */
  hasClientSecret: z.boolean(),
  /** For private_key_jwt: where Cairn publishes the connection's public key, to register at the EHR. */
  jwksUrl: z.string().nullable(),
  scopes: z.string(),
  isEnabled: z.boolean(),
  lastLaunch: ehrActivity,
  lastSync: ehrActivity,
  lastWrite: ehrActivity,
  /** Cairn's redirect URIs and launch URL, to register at the EHR. */
  redirectUris: z.array(z.string()),
  launchUrl: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type EhrConnection = z.infer<typeof ehrConnection>;

const connectionFields = {
  name: ehrConnectionNameSchema,
  fhirBaseUrl: httpUrl,
  /** Other addresses the same FHIR server launches with (localhost and 127.0.0.1, a trailing path). */
  issuerAliases: z.array(httpUrl).max(10).default([]),
  clientId: z.string().trim().min(1, 'Required').max(500),
  clientAuth: z.enum(EHR_CLIENT_AUTH_KINDS),
  /** For client_secret: a new secret, sealed at rest; absent on an edit keeps the stored one. */
  clientSecret: z.string().min(1).max(2000).optional(),
  scopes: scopes.default(DEFAULT_EHR_SCOPES),
};

export const listEhrConnections = defineEndpoint({
  method: 'POST',
  path: '/admin/ehr/connections/list',
  summary: "The organisation's EHR connections with their last launch, sync and write (admin tool)",
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ connections: z.array(ehrConnection) })),
});

export const createEhrConnection = defineEndpoint({
  method: 'POST',
  path: '/admin/ehr/connections/create',
  summary: 'Register an EHR: its FHIR base, the client Cairn is there, how Cairn authenticates, the scopes',
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject(connectionFields),
  response: resultEnvelope(ehrConnection),
});

export const updateEhrConnection = defineEndpoint({
  method: 'POST',
  path: '/admin/ehr/connections/update',
  summary: 'Change an EHR connection (a secret left out is kept), or enable and disable it',
  tags: ['admin'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ connectionId: z.uuid(), ...connectionFields, isEnabled: z.boolean().default(true) }),
  response: resultEnvelope(ehrConnection),
});

/** One check of "Test connection", said in words. */
export const ehrConnectionCheck = z.object({
  name: z.string(),
  isOk: z.boolean(),
  message: z.string(),
});
export type EhrConnectionCheck = z.infer<typeof ehrConnectionCheck>;

export const testEhrConnection = defineEndpoint({
  method: 'POST',
  path: '/admin/ehr/connections/test',
  summary: "Read the EHR's FHIR metadata and SMART configuration and say, in words, what Cairn needs and lacks",
  tags: ['admin'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ connectionId: z.uuid() }),
  response: resultEnvelope(z.object({ isReady: z.boolean(), checks: z.array(ehrConnectionCheck) })),
});
