import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Gaps in care as FHIR (issue 19): the Da Vinci DEQM `Measure/$care-gaps` operation (STU4,
 * `http://hl7.org/fhir/us/davinci-deqm/OperationDefinition/care-gaps`) at `/api/fhir`, answering a FHIR
 * `Parameters` with one gaps-in-care document Bundle per patient, read from the individual MeasureReports
 * the analysis stored (never computed in the request). Callers: a user with `quality_tool` (and the
 * OrganizationQuality configuration unless an admin), or another system with an API client token of the
 * organisation (scope `quality-gaps.read`). Errors are FHIR OperationOutcomes naming the parameter.
 *
 * `body` here is the operation's input parameters, as GET takes them in the query string (a repeated
 * parameter as a list); POST takes the same as a FHIR `Parameters` resource.
 */

/** The gap statuses the operation reports (DEQM code system `gaps-status`). */
export const DEQM_GAP_STATUSES = ['open-gap', 'closed-gap'] as const;

/** What an API client token may do: read the organisation's care gaps as FHIR. */
export const API_CLIENT_SCOPES = ['quality-gaps.read'] as const;
export type ApiClientScope = (typeof API_CLIENT_SCOPES)[number];

/** The organisation's patients of one `$care-gaps` answer at most, and by default. */
export const CARE_GAPS_PAGE_LIMIT = 100;
export const CARE_GAPS_PAGE_DEFAULT = 50;

/** A FHIR date to the day (`2025-01-01`): the measurement periods Cairn stores are whole days. */
const fhirDay = z.iso.date('A date to the day, YYYY-MM-DD');

/** A parameter that may repeat: one value, several, or (for tokens) values joined by commas. */
function repeated<T extends z.ZodType>(item: T, options: { splitsCommas: boolean }) {
  return z.preprocess((value) => {
    if (value === undefined) return undefined;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    return options.splitsCommas
      ? values.flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : [entry]))
      : values;
  }, z.array(item).min(1));
}

const text = z.string().trim().min(1, 'Required').max(500);

export const careGapsParameters = z
  .strictObject({
    periodStart: fhirDay,
    periodEnd: fhirDay,
    /** `Patient/<Cairn patient id>` or `Patient?identifier=[system|]<MRN>`. */
    subject: text.optional(),
    /** `Organization/<the caller's organisation id>`: all its patients, a page at a time. */
    organization: text.optional(),
    status: repeated(z.enum(DEQM_GAP_STATUSES, 'open-gap or closed-gap'), { splitsCommas: true }),
    /** The Measure's id (`ControllingHighBloodPressureFHIR`) or Cairn's (`CMS165`). */
    measureId: repeated(text, { splitsCommas: true }).optional(),
    /** A Measure identifier, `[system|]value` (`CMS165FHIR`, `https://madie.cms.gov/measure/cmsId|165FHIR`, `CMS165`). */
    measureIdentifier: repeated(text, { splitsCommas: true }).optional(),
    /** A Measure's canonical URL, optionally `|version`. */
    measureUrl: repeated(text, { splitsCommas: false }).optional(),
    /** Patients per answer for an organization (Cairn's paging; the next page is in the `Link` header). */
    _count: z.coerce.number().int().min(1).max(CARE_GAPS_PAGE_LIMIT).default(CARE_GAPS_PAGE_DEFAULT),
    _offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    _format: z.enum(['json', 'application/json', 'application/fhir+json'], 'Cairn answers JSON only').optional(),
  })
  .superRefine((parameters, context) => {
    if (parameters.periodEnd < parameters.periodStart) {
      context.addIssue({ code: 'custom', path: ['periodEnd'], message: 'The period ends before it starts' });
    }
    if ((parameters.subject === undefined) === (parameters.organization === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['subject'],
        message: 'Give a subject or an organization (one of them)',
      });
    }
  });
export type CareGapsParameters = z.output<typeof careGapsParameters>;

/** A FHIR `Parameters` with a `return` part per patient, each a DEQM gaps-in-care Bundle. */
export const careGapsAnswer = z.object({
  resourceType: z.literal('Parameters'),
  parameter: z.array(z.object({ name: z.literal('return'), resource: z.record(z.string(), z.unknown()) })).optional(),
});

export const getCareGaps = defineEndpoint({
  method: 'GET',
  path: '/fhir/Measure/$care-gaps',
  summary:
    'DEQM gaps in care (FHIR): per patient a gaps-in-care Bundle of their open or closed gaps, from the stored MeasureReports (application/fhir+json; POST takes a Parameters resource; audited)',
  tags: ['quality'],
  auth: 'user',
  writes: false,
  permission: 'quality_tool',
  v2: true,
  rateLimit: { max: 60, timeWindow: '1 minute' },
  body: careGapsParameters,
  response: careGapsAnswer,
});
