import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { qualityMeasureId } from './quality';

/**
 * /quality-satisfaction-rate (issue 19; spec §2, 'Quality Workspace'; spec §6 as the rest of the
 * workspace): each measure's performance rate, numerator over denominator less exclusions and
 * exceptions, by month (year to date), by provider or by clinic, against the organisation's target.
 * Numbers only: no patient is shown, so nothing is audited as a patient read.
 */

const tags = ['quality'];
const id = z.guid();
const idList = z.array(id).max(500);
const isoDate = z.iso.date('A date written YYYY-MM-DD');

/** How the rates are grouped: the months of the period (year to date at each month's end), providers or clinics. */
export const QUALITY_RATE_GROUPINGS = ['month', 'provider', 'clinic'] as const;
export type QualityRateGrouping = (typeof QUALITY_RATE_GROUPINGS)[number];

/** A target is a performance rate in percent. */
export const QUALITY_TARGET_MIN = 0;
export const QUALITY_TARGET_MAX = 100;

const isMonth = (value: unknown): boolean =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 12;

/**
 * What the rates count; every field is optional and they combine with "and". Provider, department and
 * clinic are the patient's primary care provider's, chosen as the worklist chooses them.
 */
export const qualityRateFilters = z
  .strictObject({
    measureIds: z.array(qualityMeasureId).max(50).optional(),
    providerIds: idList.optional(),
    departmentIds: idList.optional(),
    clinicIds: idList.optional(),
    /** The measurement period, a calendar year; the organisation's latest when absent. */
    year: z.int().min(2000).max(2100).optional(),
    /** The first month shown (1-12); January when absent. */
    fromMonth: z.int().min(1).max(12).optional(),
    /** The last month counted (1-12): providers and clinics are counted at its end; December when absent. */
    toMonth: z.int().min(1).max(12).optional(),
  })
  // Only once both months are valid: a month out of range is refused by its own field alone.
  .refine(({ fromMonth = 1, toMonth = 12 }) => !isMonth(fromMonth) || !isMonth(toMonth) || fromMonth <= toMonth, {
    path: ['toMonth'],
    message: 'toMonth comes before fromMonth',
  });
export type QualityRateFilters = z.infer<typeof qualityRateFilters>;

/** An organisation's target for a measure's rate, or Cairn's default while it has set none. */
export const qualityTarget = z.object({
  measureId: z.string(),
  /** Percent, 0-100. */
  percent: z.number(),
  /** Cairn's default (80 %, or 20 % for an inverse measure): the organisation has set none. */
  isDefault: z.boolean(),
});
export type QualityTarget = z.infer<typeof qualityTarget>;

/** One month, provider or clinic of a measure: the populations and the rate. */
export const qualityRateRow = z.object({
  /** `YYYY-MM` by month; the provider's or clinic's id; null for patients without a primary provider (or clinic). */
  key: z.string().nullable(),
  /** The month (`November 2026`), the provider's or the clinic's name, or `No primary provider` / `No clinic`. */
  label: z.string(),
  /** The day the numerator is counted at: the month's last day (today in the current month), or the range's. */
  asOf: isoDate,
  /** Patients in the denominator, exclusions and exceptions included. */
  denominator: z.int(),
  /** Denominator exclusions (hospice, palliative care, ...). */
  exclusions: z.int(),
  /** Denominator exceptions (a medical or patient reason). */
  exceptions: z.int(),
  /** The measure's numerator: for an inverse measure, the patients in poor control. */
  numerator: z.int(),
  /** Numerator / (denominator - exclusions - exceptions) in percent, to one decimal; null when nobody is left. */
  rate: z.number().nullable(),
  /** At or above the target (for an inverse measure at or below); null without a rate. */
  isTargetMet: z.boolean().nullable(),
});
export type QualityRateRow = z.infer<typeof qualityRateRow>;

/** A measure's rates in the chosen grouping. */
export const qualityMeasureRates = z.object({
  measureId: z.string(),
  measureVersion: z.string(),
  measureTitle: z.string(),
  /** The numerator counts poor care (CMS122: HbA1c above 9 %): lower is better. */
  inverse: z.boolean(),
  target: qualityTarget,
  rows: z.array(qualityRateRow),
});
export type QualityMeasureRates = z.infer<typeof qualityMeasureRates>;

export const getQualitySatisfactionRate = defineEndpoint({
  method: 'POST',
  path: '/quality/satisfaction-rate',
  summary:
    "Each measure's performance rate (numerator over denominator less exclusions and exceptions) by month, provider or clinic, with the organisation's target (numbers only)",
  tags,
  auth: 'user',
  writes: false,
  permission: 'quality_tool',
  v2: true,
  body: z.strictObject({
    filters: qualityRateFilters.default({}),
    grouping: z.enum(QUALITY_RATE_GROUPINGS).default('month'),
  }),
  response: resultEnvelope(
    z.object({
      /** The measurement period counted; null when there are no gaps in scope. */
      year: z.int().nullable(),
      /** The measurement periods of the organisation's gaps, latest first. */
      years: z.array(z.int()),
      grouping: z.enum(QUALITY_RATE_GROUPINGS),
      fromMonth: z.int(),
      toMonth: z.int(),
      measures: z.array(qualityMeasureRates),
      /** Whether the caller may set the organisation's targets. */
      canSetTargets: z.boolean(),
    }),
  ),
});

export const setQualityTarget = defineEndpoint({
  method: 'POST',
  path: '/quality/targets',
  summary:
    "Sets the organisation's target rate for a measure, or with null returns it to Cairn's default (audited as an organisation change)",
  tags,
  auth: 'user',
  writes: 'organisation',
  permission: 'quality_tool',
  v2: true,
  body: z.strictObject({
    measureId: qualityMeasureId,
    /** Percent (0-100, kept to one decimal); null: Cairn's default again. */
    targetPercent: z
      .number()
      .min(QUALITY_TARGET_MIN, 'A target is a rate from 0 to 100 %')
      .max(QUALITY_TARGET_MAX, 'A target is a rate from 0 to 100 %')
      .nullable(),
  }),
  response: resultEnvelope(qualityTarget),
});
