import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { refuseUnstorableStrings } from './storable-strings';

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

/** The evaluated flags of one user: every flag Cairn reads, by name. */
export const flagValues = z.object(FLAG_VALUE_SCHEMAS);

/** The caller's flags, evaluated by the server against the flag user of spec §3. */
export const getFeatureFlags = defineEndpoint({
  method: 'POST',
  path: '/getFeatureFlags',
  summary: "The caller's evaluated feature flags",
  tags: ['flags'],
  auth: 'user',
  writes: false,
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
  writes: false,
  v2: true,
  // Per client address: a clinic's users often share one, and all reconnect after a server restart.
  rateLimit: { max: 600, timeWindow: '1 minute' },
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ ticket: z.string(), expiresInSeconds: z.number() })),
});

/** The query of the stream: `GET /api/flags/stream?ticket=...`. */
export const flagStreamQuery = refuseUnstorableStrings(z.strictObject({ ticket: z.string().min(20).max(2000) }));

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
  writes: false,
  rateLimit: { max: 600, timeWindow: '1 minute' },
  body: z.strictObject({}),
  response: z.string().describe('text/event-stream: event "put", data FlagValues'),
});
