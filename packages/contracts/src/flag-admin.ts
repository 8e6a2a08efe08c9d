import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { FLAG_NAMES, FLAG_VALUE_SCHEMAS, flagValues, type FlagName } from './flags';

// The admin side of feature flags (targeting rules, the admin tool's calls), apart from flags.ts so
// that the web's first load, which only reads flag values, does not build these schemas.

/**
 * How a clause compares a flag-user attribute with its values. `in`/`notIn` test equality with any
 * value; `contains` tests that a list attribute (permissions) holds any value; `startsWith` and
 * `endsWith` compare text (an email domain). No regular expressions: a rule must not be able to hang
 * the evaluator.
 */
export const FLAG_CLAUSE_OPERATORS = ['in', 'notIn', 'contains', 'startsWith', 'endsWith'] as const;
export type FlagClauseOperator = (typeof FLAG_CLAUSE_OPERATORS)[number];

const clauseValue = z.union([z.string().max(500), z.number(), z.boolean()]);

/** One test on one attribute of the flag user (`key`, `email`, or a custom attribute such as `view`). */
export const flagClause = z.strictObject({
  attribute: z
    .string()
    .regex(/^[A-Za-z_][\w]{0,63}$/, 'An attribute is a word of at most 64 characters (key, email, view, ...)'),
  operator: z.enum(FLAG_CLAUSE_OPERATORS),
  values: z.array(clauseValue).min(1).max(500),
});
export type FlagClause = z.infer<typeof flagClause>;

function ruleOf<T extends z.ZodType>(value: T) {
  return z.strictObject({
    description: z.string().max(200).optional(),
    /** All clauses must hold for the rule to match. */
    clauses: z.array(flagClause).min(1).max(20),
    value,
  });
}

/** A rule as stored: the first rule whose clauses all hold gives the flag's value. */
export interface FlagRule<V = unknown> {
  description?: string;
  clauses: FlagClause[];
  value: V;
}

function flagDefinitionOf<N extends FlagName>(key: N) {
  const value = FLAG_VALUE_SCHEMAS[key];
  return z.strictObject({
    key: z.literal(key),
    defaultValue: value,
    rules: z.array(ruleOf(value)).max(50).default([]),
    description: z.string().max(500).default(''),
  });
}

/** Body of setFeatureFlag: the flag, its default value and its ordered rules, each value typed by the flag. */
export const flagDefinition = z.discriminatedUnion(
  'key',
  FLAG_NAMES.map((name) => flagDefinitionOf(name)) as unknown as [
    ReturnType<typeof flagDefinitionOf>,
    ...ReturnType<typeof flagDefinitionOf>[],
  ],
);
export type FlagDefinition = z.infer<typeof flagDefinition>;

/** A flag as an organisation stores it (admin list). */
export const storedFlag = z.object({
  key: z.enum(FLAG_NAMES as [FlagName, ...FlagName[]]),
  defaultValue: z.json(),
  rules: z.array(ruleOf(z.json())),
  description: z.string(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.string().nullable(),
});
export type StoredFlag = z.infer<typeof storedFlag>;

const flagName = z.enum(FLAG_NAMES as [FlagName, ...FlagName[]]);

export const listFeatureFlags = defineEndpoint({
  method: 'POST',
  path: '/flags/list',
  summary: "The flags stored for the admin's organisation (admins only)",
  tags: ['flags'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ flags: z.array(storedFlag), defaults: flagValues })),
});

export const setFeatureFlag = defineEndpoint({
  method: 'POST',
  path: '/flags/set',
  summary: "Set a flag's default value and targeting rules for the admin's organisation (admins only)",
  tags: ['flags'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: flagDefinition,
  response: resultEnvelope(storedFlag),
});

export const deleteFeatureFlag = defineEndpoint({
  method: 'POST',
  path: '/flags/delete',
  summary: "Remove an organisation's flag, so that it reads as Cairn's default (admins only)",
  tags: ['flags'],
  auth: 'user',
  writes: 'organisation',
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ key: flagName }),
  response: resultEnvelope(z.object({ deleted: z.boolean() })),
});

/**
 * How an evaluated flag got its value: a targeting rule matched, the organisation's default value, or
 * Cairn's default (the organisation stores no such flag, or its stored value no longer fits the flag).
 */
export const FLAG_EVALUATION_REASONS = ['TARGETING_MATCH', 'DEFAULT', 'CAIRN_DEFAULT'] as const;
export type FlagEvaluationReason = (typeof FLAG_EVALUATION_REASONS)[number];

/** One flag evaluated for one user, and why. */
export const flagEvaluation = z.object({
  key: flagName,
  value: z.json(),
  reason: z.enum(FLAG_EVALUATION_REASONS),
  /** With TARGETING_MATCH: the rule's place in the ordered rules (from 0) and its description. */
  rule: z.object({ index: z.int().min(0), description: z.string().nullable() }).nullable(),
});
export type FlagEvaluation = z.infer<typeof flagEvaluation>;

const flagUserAttribute = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number(), z.boolean()])),
]);

export const evaluateFeatureFlags = defineEndpoint({
  method: 'POST',
  path: '/flags/evaluate',
  summary: "Every flag's value for one user of the admin's organisation, and the rule that gave it (admins only)",
  tags: ['flags'],
  auth: 'user',
  writes: false,
  permission: 'admin_tool',
  v2: true,
  body: z.strictObject({ userId: z.uuid() }),
  response: resultEnvelope(
    z.object({
      userId: z.uuid(),
      /**
       * The flag user the rules were tested against (spec §3: `key`, `email` and the custom attributes,
       * names removed): what a clause's attribute can name.
       */
      attributes: z.record(z.string(), flagUserAttribute),
      /** Every flag, in the order of FLAG_NAMES. */
      flags: z.array(flagEvaluation),
    }),
  ),
});
