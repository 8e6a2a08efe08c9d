import { describe, expect, it } from 'vitest';
import * as contracts from './index';
import { WRITE_KINDS, type Endpoint } from './endpoint';

const endpoints = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
  isEndpoint(value) ? [[name, value] as const] : [],
);

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Endpoint>;
  return typeof candidate.path === 'string' && typeof candidate.method === 'string' && candidate.auth !== undefined;
}

/**
 * Names that say a call changes something: such a call may not declare itself a read. A ticket that
 * opens a stream is a read of its own kind (it stores nothing).
 */
const WRITING_VERB =
  /^(?:add|update|set|delete|remove|push|track|change|confirm|disable|enroll|accept|reject|sync|submit|create|reset|start|complete|refresh|login|logout|log|post|upload|send|save|mark)(?![a-z])/;
const isNamedAsWrite = (name: string): boolean =>
  (WRITING_VERB.test(name) && !name.endsWith('Ticket')) || /^user\w*Attempt$/.test(name);

describe('every endpoint declares what it writes', () => {
  it('finds the endpoints', () => {
    expect(endpoints.length).toBeGreaterThan(60);
  });

  it.each(endpoints)('%s says whether it writes', (_name, endpoint) => {
    expect([false, ...WRITE_KINDS]).toContain(endpoint.writes);
  });

  it.each(endpoints.filter(([name]) => isNamedAsWrite(name)))(
    '%s, named as a write, is not a read',
    (_name, endpoint) => {
      expect(endpoint.writes).not.toBe(false);
    },
  );

  it.each(endpoints.filter(([, endpoint]) => endpoint.writes === 'organisation'))(
    '%s changes the organisation, so names the permission it needs',
    (_name, endpoint) => {
      expect(endpoint.auth).toBe('user');
      expect(endpoint.permission).toBeDefined();
    },
  );

  it.each(endpoints.filter(([, endpoint]) => endpoint.writes === 'patient_data' || endpoint.writes === 'own_account'))(
    '%s changes a patient or an account, so needs a signed-in user',
    (_name, endpoint) => {
      expect(endpoint.auth).toBe('user');
    },
  );

  it.each(endpoints.filter(([, endpoint]) => endpoint.auth === 'public' && endpoint.writes !== false))(
    '%s is a public write, so is rate-limited',
    (_name, endpoint) => {
      expect(endpoint.writes).toBe('public');
      expect(endpoint.rateLimit).toBeDefined();
    },
  );
});
