import { z } from 'zod';
import { pushFailureReason } from './addon';
import { evidenceLink } from './dx';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/**
 * The Quality Insights tab of the portrait and the /quality-tab page (issue 19, spec §2 "Quality
 * patient view", §3 tab `quality`, flag clinicalAlerts): each eCQM that the patient's current analysis
 * evaluated, its status, the records that decided it, what closes it and by when; a gap addressed at a
 * visit is marked there and written to the EHR encounter with the cart.
 */

const tags = ['quality-tab'];
const sid = z.guid();
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * An eCQM by its CMS number (`CMS165`). Open-ended on purpose: the set of measures is the engine's
 * (the twelve of CMS's CQL today), not the contract's.
 */
export const careGapMeasureId = z
  .string()
  .trim()
  .regex(/^CMS\d{1,4}$/, 'A measure is named by its CMS number, such as CMS165');

/**
 * What the tab shows of a gap, as CMS's CQL decides it on the data there is:
 * - `open`: in the measure and not met; care given by `dueDate` closes it.
 * - `closed`: met (for an inverse measure such as CMS122: the poor-control numerator is not met).
 * - `excluded`: a denominator exclusion (hospice, palliative care, ...) or exception applies.
 * - `not-applicable`: outside the measure's population (age, sex, diagnosis or this year's qualifying
 *   visit: a patient not seen yet this year enters a measure at their first qualifying visit).
 */
export const CARE_GAP_STATUSES = ['open', 'closed', 'excluded', 'not-applicable'] as const;
export const careGapStatus = z.enum(CARE_GAP_STATUSES);
export type CareGapStatus = z.infer<typeof careGapStatus>;

/**
 * Why a measure does not apply: outside its population (`not-in-population`: a MeasureReport does not say
 * which criterion failed), a denominator exclusion (`excluded`) or a denominator exception (`excepted`: a
 * medical or patient reason). The last two show as `excluded`.
 */
export const NOT_APPLICABLE_REASONS = ['not-in-population', 'excluded', 'excepted'] as const;

/** What a piece of evidence did: put the patient in the measure, excluded them, or (not) met it. */
export const CARE_GAP_EVIDENCE_ROLES = ['population', 'exclusion', 'numerator'] as const;

export const careGapEvidence = z.object({
  role: z.enum(CARE_GAP_EVIDENCE_ROLES),
  /** FHIR type of the record item (Condition, Observation, Encounter, Procedure, ...). */
  resourceType: z.string(),
  date: isoDate,
  code: z.string().optional(),
  value: z.union([z.number(), z.string()]).optional(),
  unit: z.string().optional(),
  /** The engine's words for it ("Systolic 152 mmHg"). */
  description: z.string(),
  /** Where it opens, as a diagnosis suggestion's evidence does: a result's trend, a document, or nowhere. */
  link: evidenceLink,
});
export type CareGapEvidence = z.infer<typeof careGapEvidence>;

/** Whether the mark went to the EHR: not yet (it goes with the cart), written, or the write failed. */
export const CARE_GAP_SEND_STATUSES = ['pending', 'written', 'failed'] as const;

/** A gap marked as addressed at the visit, and its write to the EHR encounter. */
export const careGapMark = z.object({
  measureId: z.string(),
  markedBy: z.object({ userId: z.guid(), name: z.string() }),
  markedAt: isoDateTime,
  note: z.string().optional(),
  send: z.object({
    status: z.enum(CARE_GAP_SEND_STATUSES),
    /** When it was written (`written`) or last tried (`failed`). */
    at: isoDateTime.optional(),
    reason: z.union([pushFailureReason, z.string()]).optional(),
  }),
});
export type CareGapMark = z.infer<typeof careGapMark>;

export const careGapItem = z.object({
  measureId: z.string(),
  /** The published version whose logic decided it (`CMS165v14`). */
  measureVersion: z.string(),
  title: z.string(),
  status: careGapStatus,
  /** Why it does not apply, for `excluded` and `not-applicable`. */
  notApplicableReason: z.enum(NOT_APPLICABLE_REASONS).optional(),
  /** True for an inverse measure (CMS122): its numerator counts poor control. */
  inverse: z.boolean(),
  /** The engine's sentence for the status ("Most recent blood pressure 152/94 mmHg ... is not below 140/90."). */
  reason: z.string(),
  /** What closes the gap, in a sentence from the measure's published numerator; null for a measure Cairn has none for. */
  closesWhen: z.string().nullable(),
  /** Open or closed: the end of the measurement period (the calendar year of the analysis). */
  dueDate: isoDate.nullable(),
  measurementPeriod: z.object({ start: isoDate, end: isoDate }),
  /** The records that decided the status, those that put the patient in the measure first. */
  evidence: z.array(careGapEvidence),
  /** Marked as addressed at this visit (only when the tab is opened for a visit). */
  mark: careGapMark.nullable(),
});
export type CareGapItem = z.infer<typeof careGapItem>;

export const qualityInsights = z.object({
  patientId: z.guid(),
  /** The visit the tab is opened for; null for the patient alone (nothing can be marked then). */
  sid: sid.nullable(),
  /** False while the patient's present data is still being evaluated by the measures: no gaps are shown yet. */
  isAnalysed: z.boolean(),
  /** The day the shown analysis was computed as of. */
  asOf: isoDate.nullable(),
  /** Open first, then closed, excluded, not applicable; by measure within each. */
  gaps: z.array(careGapItem),
  /** The caller may mark gaps addressed: a visit is open and they are not view-only. */
  canMark: z.boolean(),
});
export type QualityInsights = z.infer<typeof qualityInsights>;

export const getQualityInsights = defineEndpoint({
  method: 'POST',
  path: '/getQualityInsights',
  summary:
    "A patient's care gaps from their current analysis, with evidence, what closes each and by when; a visit's marks",
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({
    cairnPatientId: z.guid(),
    /** The visit the portrait is opened for: its marks are shown and may be changed. It must be the patient's. */
    sid: sid.optional(),
  }),
  response: resultEnvelope(qualityInsights),
});

export const CARE_GAP_NOTE_MAX_LENGTH = 500;

export const markCareGapAddressed = defineEndpoint({
  method: 'POST',
  path: '/markCareGapAddressed',
  summary:
    'Mark an open care gap as addressed at this visit; it is written to the EHR encounter with the cart (Add to Encounter)',
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z.strictObject({
    sid,
    measureId: careGapMeasureId,
    note: z
      .string()
      .trim()
      .max(CARE_GAP_NOTE_MAX_LENGTH, `A note is at most ${String(CARE_GAP_NOTE_MAX_LENGTH)} characters`)
      .optional(),
  }),
  response: resultEnvelope(z.object({ marks: z.array(careGapMark) })),
});

export const unmarkCareGapAddressed = defineEndpoint({
  method: 'POST',
  path: '/unmarkCareGapAddressed',
  summary: 'Take back a mark not yet written to the EHR (one already written answers 409)',
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z.strictObject({ sid, measureId: careGapMeasureId }),
  response: resultEnvelope(z.object({ marks: z.array(careGapMark) })),
});
