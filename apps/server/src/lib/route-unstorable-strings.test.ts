import * as contracts from '@cairn/contracts';
import type { Endpoint, ErrorEnvelope } from '@cairn/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callWithAnyBody, nextClientAddress, tokenFor } from '../testing/api';
import { buildTestApp } from '../testing/build-test-app';
import { createOrganisation } from '../testing/factories';

/**
 * Issue 15, item 1: a NUL or a lone surrogate in any string of any endpoint's body is a 422 naming the
 * field, never a 500 (PostgreSQL refuses both). Every endpoint `@cairn/contracts` exports is walked:
 * one request per place a string can go, built from the body's JSON Schema, on `/api` and on `/api/v2`.
 */

/** A NUL, then a lone high and a lone low surrogate (JSON-encoded as `\ud800`, parsed back to one). */
const BAD_STRINGS = ['ab\u0000cd', 'ab\ud800', '\udc00cd'];

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** A bad string placed in a body: the whole body, and the field the answer must name. */
interface Placement {
  body: unknown;
  field: string;
  /** The bad string is a record's key: the answer names the record (or the key in it, as zod does). */
  isKey: boolean;
}

const endpoints = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
  isEndpoint(value) ? [{ name, endpoint: value }] : [],
);

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Endpoint>;
  return (
    typeof candidate.path === 'string' && typeof candidate.method === 'string' && candidate.body instanceof z.ZodType
  );
}

function bodySchemaOf(endpoint: Endpoint): JsonSchema {
  return z.toJSONSchema(endpoint.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Follows `#/$defs/...` references of the body's own schema. */
function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/$defs/', '');
  const found = root.$defs?.[name];
  if (!found) throw new Error(`unresolved ${schema.$ref}`);
  return resolve(found, root);
}

const SAMPLE_STRINGS: Record<string, string> = {
  email: 'ada@clinic.test',
  uuid: '6f1c2b9a-3d4e-4f5a-8b6c-7d8e9fa0b1c2',
  uri: 'https://clinic.test/',
  'date-time': '2026-11-21T09:00:00Z',
  date: '2026-11-21',
};

/** A plausible value of the schema: every required field, the first branch of a union. */
function sample(given: JsonSchema, root: JsonSchema): unknown {
  const schema = resolve(given, root);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branch = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (branch) return sample(branch, root);
  if (schema.allOf) return Object.assign({}, ...(schema.allOf.map((part) => sample(part, root)) as object[]));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type ?? 'unknown') {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {}, root)]),
      );
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0 ? [sample(schema.items, root)] : [];
    case 'string':
      return SAMPLE_STRINGS[schema.format ?? ''] ?? 'sample';
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

/** Where the walk is: the body's schema (for references), the bad string, the path, the references entered. */
interface Walk {
  root: JsonSchema;
  bad: string;
  path: (string | number)[];
  /** A recursive schema (a flag's JSON value) is entered once per branch of the walk. */
  refs: ReadonlySet<string>;
}

/**
 * Every place a string can go in the schema (optional fields, record keys and values, array items,
 * each branch of a union), each as a whole body with the bad string there and samples elsewhere.
 */
function placements(given: JsonSchema, walk: Walk): Placement[] {
  if (given.$ref && walk.refs.has(given.$ref)) return [];
  const schema = resolve(given, walk.root);
  const inner = (next: JsonSchema, key?: string | number): Placement[] =>
    placements(next, {
      ...walk,
      path: key === undefined ? walk.path : [...walk.path, key],
      refs: given.$ref ? new Set([...walk.refs, given.$ref]) : walk.refs,
    });
  const field = walk.path.join('.');
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (branches.length > 0) return branches.flatMap((branch) => inner(branch));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const found: Placement[] = [];
  if (types.includes('string') && schema.const === undefined && !schema.enum) {
    found.push({ body: walk.bad, field, isKey: false });
  }
  if (types.includes('array') && schema.items) {
    for (const item of inner(schema.items, 0)) found.push({ ...item, body: [item.body] });
  }
  if (types.includes('object')) {
    const base = sample(schema, walk.root) as Record<string, unknown>;
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      for (const value of inner(property, key)) found.push({ ...value, body: { ...base, [key]: value.body } });
    }
    const values = schema.additionalProperties;
    if (typeof values === 'object') {
      found.push({ body: { ...base, [`key${walk.bad}`]: sample(values, walk.root) }, field, isKey: true });
      for (const value of inner(values, 'someKey')) found.push({ ...value, body: { ...base, someKey: value.body } });
    }
  }
  return found;
}

function placementsIn(endpoint: Endpoint, bad: string): Placement[] {
  const root = bodySchemaOf(endpoint);
  return placements(root, { root, bad, path: [], refs: new Set() });
}

let app: FastifyInstance;
let organisationId: string;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  organisationId = (await createOrganisation(app.database.db)).id;
});
afterAll(async () => {
  await app.close();
});

function issuesOf(response: LightMyRequestResponse): string[] {
  const envelope = response.json<ErrorEnvelope>();
  return (envelope.error.details?.issues ?? []).map((issue) => `${issue.field}: ${issue.message}`);
}

describe('strings PostgreSQL cannot store, in every endpoint of the contracts', () => {
  it('finds the endpoints, and places a string in those that take one', () => {
    expect(endpoints.length).toBeGreaterThan(60);
    const withStrings = endpoints.filter(({ endpoint }) => placementsIn(endpoint, 'x').length > 0);
    expect(withStrings.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['login', 'changePassword', 'updateUserConfig', 'trackAnalyticsEvent', 'setFeatureFlag']),
    );
  });

  it.each(
    endpoints
      .filter(({ endpoint }) => endpoint.method !== 'GET')
      .map(({ name, endpoint }) => [name, endpoint] as const),
  )('%s answers 422 naming the field, on /api and /api/v2', async (_name, endpoint) => {
    // An admin of their own per endpoint: a call that signs out (logout) cannot decide another's answers.
    const { token: adminToken } = await tokenFor(app, { organisationId, isAdmin: true });
    for (const bad of BAD_STRINGS) {
      for (const { body, field, isKey } of placementsIn(endpoint, bad)) {
        for (const isV2 of endpoint.v2 ? [false, true] : [false]) {
          const token = endpoint.auth === 'user' ? adminToken : undefined;
          const response = await callWithAnyBody(app, endpoint, { body, isV2, ...(token ? { token } : {}) });
          const where = `${endpoint.path} ${isV2 ? '(v2) ' : ''}${JSON.stringify(body)}`;
          expect(response.statusCode, where).toBe(422);
          const named = isKey ? `^${escapeRegExp(field)}[.:]` : `^${escapeRegExp(field)}: .*cannot be stored`;
          expect(issuesOf(response), where).toContainEqual(expect.stringMatching(new RegExp(named)));
        }
      }
    }
  });

  it('refuses a bad string sent as raw JSON text, escaped as a browser or curl sends it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextClientAddress(),
      payload: String.raw`{"username":"ada\ud800","password":"pass\u0000word"}`,
    });
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toEqual([
      expect.stringMatching(/^username: .*cannot be stored/),
      expect.stringMatching(/^password: .*cannot be stored/),
    ]);
  });

  it('refuses a bad string in the query of the flag stream', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/flags/stream?ticket=${'a'.repeat(30)}%00`,
      remoteAddress: nextClientAddress(),
    });
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toContainEqual(expect.stringMatching(/^ticket: .*cannot be stored/));
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
