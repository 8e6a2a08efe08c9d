import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/** The portrait tabs of spec §3 by key, each with the feature flag that switches it. */
export const FRONTEND_TABS = [
  { key: 'DxSummary', featureFlagName: 'dxInsights' },
  { key: 'DocumentsList', featureFlagName: 'clinicalDocuments' },
  { key: 'ClinicalSummary', featureFlagName: 'clinicalSummary' },
  { key: 'Quality', featureFlagName: 'clinicalAlerts' },
  { key: 'Ambient', featureFlagName: 'ambient' },
] as const;
export const FRONTEND_TAB_KEYS = FRONTEND_TABS.map((tab) => tab.key);
export type FrontendTabKey = (typeof FRONTEND_TABS)[number]['key'];

const tabFlag = z.boolean();

/**
 * The value schema of every flag Cairn reads: the flags of spec §7 and one per portrait tab. The set
 * is closed so that an admin cannot store a value the web app would misread.
 */
export const FLAG_VALUE_SCHEMAS = {
  configuration_FrontendTabs: z.array(z.enum(FRONTEND_TAB_KEYS as [FrontendTabKey, ...FrontendTabKey[]])).min(1),
  configuration_OverlayOnlyView: z.boolean(),
  configuration_OrganizationQuality: z.boolean(),
  flag_AdminTool: z.boolean(),
  ShowFeedbackButton: z.boolean(),
  cairn_user_features: z.record(z.string().min(1).max(100), z.json()),
  dxInsights: tabFlag,
  clinicalDocuments: tabFlag,
  clinicalSummary: tabFlag,
  clinicalAlerts: tabFlag,
  ambient: tabFlag,
} as const;

export type FlagName = keyof typeof FLAG_VALUE_SCHEMAS;
export type FlagValueOf<N extends FlagName> = z.infer<(typeof FLAG_VALUE_SCHEMAS)[N]>;
export type FlagValues = { [N in FlagName]: FlagValueOf<N> };

/** Every flag name, in a stable order. */
export const FLAG_NAMES = Object.keys(FLAG_VALUE_SCHEMAS) as FlagName[];

/** What a flag evaluates to for an organisation that has no row for it. Web and server share these. */
export const FLAG_DEFAULTS: FlagValues = {
  configuration_FrontendTabs: ['DxSummary', 'DocumentsList', 'ClinicalSummary', 'Quality', 'Ambient'],
  configuration_OverlayOnlyView: false,
  configuration_OrganizationQuality: false,
  flag_AdminTool: true,
  ShowFeedbackButton: false,
  cairn_user_features: {},
  dxInsights: true,
  clinicalDocuments: true,
  clinicalSummary: true,
  clinicalAlerts: true,
  ambient: true,
};

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

/** The evaluated flags of one user: every flag Cairn reads, by name. */
export const flagValues = z.object(FLAG_VALUE_SCHEMAS);

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

/** The caller's flags, evaluated by the server against the flag user of spec §3. */
export const getFeatureFlags = defineEndpoint({
  method: 'POST',
  path: '/getFeatureFlags',
  summary: "The caller's evaluated feature flags",
  tags: ['flags'],
  auth: 'user',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(flagValues),
});

/** Seconds a stream ticket stays valid. */
export const FLAG_STREAM_TICKET_SECONDS = 60;

/**
 * A single-use ticket that opens the flag stream: EventSource cannot send headers, and an access token
 * must never travel in a URL (it would land in proxy and server logs).
 */
export const createFlagStreamTicket = defineEndpoint({
  method: 'POST',
  path: '/flags/streamTicket',
  summary: 'A single-use, 60-second ticket that opens the flag stream',
  tags: ['flags'],
  auth: 'user',
  v2: true,
  // Per client address: a clinic's users often share one, and all reconnect after a server restart.
  rateLimit: { max: 600, timeWindow: '1 minute' },
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ ticket: z.string(), expiresInSeconds: z.number() })),
});

/** The query of the stream: `GET /api/flags/stream?ticket=...`. */
export const flagStreamQuery = z.strictObject({ ticket: z.string().min(20).max(2000) });

/**
 * Server-sent events: `put` carries the caller's evaluated flags (`FlagValues`) at connection and
 * after every change of the organisation's flags; `ping` (data `{}`) every 25 seconds keeps the
 * client's read timeout from firing (EventSource does not surface comment lines). The server also
 * sends `retry: 1000`.
 */
export const FLAG_STREAM_EVENTS = { put: 'put', ping: 'ping' } as const;

export const openFlagStream = defineEndpoint({
  method: 'GET',
  path: '/flags/stream',
  summary: "Server-sent events with the caller's flags, pushed again whenever a flag changes (?ticket=...)",
  tags: ['flags'],
  auth: 'public',
  rateLimit: { max: 600, timeWindow: '1 minute' },
  body: z.strictObject({}),
  response: z.string().describe('text/event-stream: event "put", data FlagValues'),
});

export const listFeatureFlags = defineEndpoint({
  method: 'POST',
  path: '/flags/list',
  summary: "The flags stored for the admin's organisation (admins only)",
  tags: ['flags'],
  auth: 'user',
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
  v2: true,
  body: z.strictObject({ key: flagName }),
  response: resultEnvelope(z.object({ deleted: z.boolean() })),
});
