import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/** The product analytics events of spec §7, a closed list. */
export const ANALYTICS_EVENT_NAMES = [
  'SummaryClick',
  'SettingsClick',
  'SettingsResultShown',
  'SlownessOptimization',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/**
 * Event properties are small flat records: at most 20 keys, short names, primitive values, strings of
 * at most 200 characters. They carry ids and labels, never patient data (names, dates of birth, notes):
 * the short string limit and the absence of nested objects keep free text and records out.
 */
const propertyValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
const properties = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'A property name is a short identifier'), propertyValue)
  .refine((value) => Object.keys(value).length <= 20, 'At most 20 properties');

/** SummaryClick (spec §7): a summary opened from a list; `actionId` is the summary's `sid`. */
const summaryClick = z.strictObject({
  name: z.literal('SummaryClick'),
  properties: z.strictObject({ actionId: z.string().min(1).max(100), SourcePage: z.string().min(1).max(50) }),
});
const otherEvent = z.strictObject({
  name: z.enum(['SettingsClick', 'SettingsResultShown', 'SlownessOptimization']),
  properties: properties.default({}),
});

export const analyticsEvent = z.discriminatedUnion('name', [summaryClick, otherEvent]);
export type AnalyticsEvent = z.input<typeof analyticsEvent>;

/** Stores one event with the caller's organisation and user (Cairn's own analytics table, DESIGN.md). */
export const trackAnalyticsEvent = defineEndpoint({
  method: 'POST',
  path: '/trackAnalyticsEvent',
  summary: 'Record a product analytics event (SummaryClick, SettingsClick, ...)',
  tags: ['analytics'],
  auth: 'user',
  writes: 'own_account',
  v2: true,
  rateLimit: { max: 600, timeWindow: '1 minute' },
  body: analyticsEvent,
  response: resultEnvelope(z.boolean()),
});
