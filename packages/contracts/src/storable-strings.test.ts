import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trackAnalyticsEvent } from './analytics';
import { login, updateUserConfig } from './auth';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { postLog } from './system';
import {
  findUnstorableStrings,
  refuseUnstorableStrings,
  UNSTORABLE_KEY_MESSAGE,
  UNSTORABLE_STRING_MESSAGE,
} from './storable-strings';

const LONE_HIGH_SURROGATE = '\ud800';
const LONE_LOW_SURROGATE = '\udc00';

function issuesOf(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('strings PostgreSQL cannot store', () => {
  it('finds NUL and lone surrogates of either half, but not a surrogate pair', () => {
    expect(findUnstorableStrings('a\u0000b')).toEqual([{ path: [], isKey: false }]);
    expect(findUnstorableStrings(`x${LONE_HIGH_SURROGATE}`)).toHaveLength(1);
    expect(findUnstorableStrings(`${LONE_LOW_SURROGATE}x`)).toHaveLength(1);
    expect(findUnstorableStrings(`${LONE_LOW_SURROGATE}${LONE_HIGH_SURROGATE}`)).toHaveLength(1);
    expect(findUnstorableStrings('a plain 😀 string, accents é and \u0001 control')).toEqual([]);
  });

  it('names nested fields, array items and record keys by their path', () => {
    const schema = refuseUnstorableStrings(
      z.strictObject({
        patient: z.object({ names: z.array(z.string()) }),
        settings: z.record(z.string(), z.string()),
      }),
    );
    expect(
      issuesOf(schema, {
        patient: { names: ['Ada', `Lo${LONE_HIGH_SURROGATE}velace`] },
        settings: { theme: 'dark\u0000', 'bad\u0000key': 'x' },
      }),
    ).toEqual([
      { path: 'patient.names.1', message: UNSTORABLE_STRING_MESSAGE },
      { path: 'settings', message: UNSTORABLE_KEY_MESSAGE },
      { path: 'settings.theme', message: UNSTORABLE_STRING_MESSAGE },
    ]);
  });

  it('reaches into z.unknown() payloads', () => {
    expect(issuesOf(postLog.body, { event_type: 'opened', info: { deep: [{ x: '\u0000' }] } })).toEqual([
      { path: 'info.deep.0.x', message: UNSTORABLE_STRING_MESSAGE },
    ]);
  });

  it('names the bad field even when another field fails too', () => {
    const issues = issuesOf(login.body, { username: 'ada\u0000', password: '' });
    expect(issues).toContainEqual({ path: 'username', message: UNSTORABLE_STRING_MESSAGE });
    expect(issues.map((issue) => issue.path)).toContain('password');
  });

  it("is part of every endpoint's body, without changing what it accepts", () => {
    expect(issuesOf(login.body, { username: 'ada', password: 'secret' })).toEqual([]);
    expect(issuesOf(updateUserConfig.body, { config: { 'a\u0000': 1 } })).toEqual([
      { path: 'config', message: UNSTORABLE_KEY_MESSAGE },
    ]);
    expect(
      issuesOf(trackAnalyticsEvent.body, { name: 'SettingsClick', properties: { label: `x${LONE_LOW_SURROGATE}` } }),
    ).toEqual([{ path: 'properties.label', message: UNSTORABLE_STRING_MESSAGE }]);
    const custom = defineEndpoint({
      method: 'POST',
      path: '/anything',
      summary: 'a new endpoint',
      tags: [],
      auth: 'user',
      writes: false,
      body: z.unknown(),
      response: resultEnvelope(z.boolean()),
    });
    expect(issuesOf(custom.body, ['ok', ['\u0000']])).toEqual([{ path: '1.0', message: UNSTORABLE_STRING_MESSAGE }]);
  });

  it("leaves the body's JSON Schema as it was", () => {
    const schema = z.strictObject({ username: z.string().min(1), tags: z.array(z.string()) });
    const wrapped = defineEndpoint({
      method: 'POST',
      path: '/x',
      summary: 'x',
      tags: [],
      auth: 'public',
      writes: false,
      body: schema,
      response: z.boolean(),
    }).body;
    expect(z.toJSONSchema(wrapped, { io: 'input' })).toEqual(z.toJSONSchema(schema, { io: 'input' }));
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    let deep: unknown = '\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(findUnstorableStrings(deep)[0]?.path).toHaveLength(100_000);
    expect(login.body.safeParse(deep).success).toBe(false);
  });

  it('stops after the limit', () => {
    expect(findUnstorableStrings(Array.from({ length: 100 }, () => '\u0000'))).toHaveLength(20);
  });
});
