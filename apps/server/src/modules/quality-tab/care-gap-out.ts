import {
  CARE_GAP_EVIDENCE_ROLES,
  NOT_APPLICABLE_REASONS,
  type CareGapEvidence,
  type CareGapItem,
  type CareGapMark,
  type CareGapStatus,
} from '@cairn/contracts';
import { z } from 'zod';
import { isUuid } from '../../access';
import { closesWhen } from './measure-closing';

const LOINC = 'http://loinc.org';

/**
 * Blood-pressure panels (the CQL engine's FHIR view gives CMS165 one panel per day) open the trend of
 * their systolic reading: Cairn keeps blood pressure as systolic (8480-6) and diastolic (8462-4) rows.
 */
const TREND_OF_PANEL: Readonly<Record<string, string>> = { '85354-9': '8480-6', '55284-4': '8480-6' };

/**
 * A care gap as the quality pass stores it (`patient_analyses.care_gaps`: `CareGap` of @cairn/clinical, from
 * CMS's CQL by `toCareGap`). Read loosely: the measure is any CMS number, and a gap this version cannot
 * read (the retired hand-written engine's `prospective`) is left out rather than failing the tab.
 */
const storedCareGap = z.object({
  measureId: z.string(),
  measureVersion: z.string(),
  title: z.string(),
  status: z.enum(['open', 'closed', 'not-applicable']),
  inverse: z.boolean().default(false),
  measurementPeriod: z.object({ start: z.string(), end: z.string() }),
  dueDate: z.string().nullish(),
  notApplicableReason: z.enum(NOT_APPLICABLE_REASONS).optional().catch(undefined),
  reason: z.string().default(''),
  evidence: z
    .array(
      z.object({
        role: z.enum(CARE_GAP_EVIDENCE_ROLES),
        resourceType: z.string(),
        resourceId: z.string(),
        date: z.string(),
        code: z.string().optional(),
        value: z.union([z.number(), z.string()]).optional(),
        unit: z.string().optional(),
        description: z.string(),
      }),
    )
    .default([]),
});
export type StoredCareGap = z.infer<typeof storedCareGap>;

/** The stored gaps this version can read. */
export function readStoredGaps(stored: readonly unknown[]): StoredCareGap[] {
  return stored.flatMap((gap) => {
    const parsed = storedCareGap.safeParse(gap);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Spec words: an excluded measure (a denominator exclusion or exception) is shown apart from one the
 * patient is simply outside of.
 */
export function statusOf(gap: Pick<StoredCareGap, 'status' | 'notApplicableReason'>): CareGapStatus {
  if (gap.status !== 'not-applicable') return gap.status;
  const isExcluded = gap.notApplicableReason === 'excluded' || gap.notApplicableReason === 'excepted';
  return isExcluded ? 'excluded' : 'not-applicable';
}

/** A gap may be marked addressed while it can still close at this visit: while it is open. */
export function isMarkable(gap: Pick<StoredCareGap, 'status'>): boolean {
  return gap.status === 'open';
}

const STATUS_ORDER: readonly CareGapStatus[] = ['open', 'closed', 'excluded', 'not-applicable'];
const ROLE_ORDER = ['population', 'exclusion', 'numerator'] as const;

/** The tab's items, open first; each with its evidence, what closes it, and its mark at this visit. */
export function careGapItemsOf(gaps: readonly StoredCareGap[], marks: ReadonlyMap<string, CareGapMark>): CareGapItem[] {
  const byMeasure = (left: StoredCareGap, right: StoredCareGap): number =>
    STATUS_ORDER.indexOf(statusOf(left)) - STATUS_ORDER.indexOf(statusOf(right)) ||
    measureNumber(left.measureId) - measureNumber(right.measureId);
  return [...gaps].sort(byMeasure).map((gap) => ({
    measureId: gap.measureId,
    measureVersion: gap.measureVersion,
    title: gap.title,
    status: statusOf(gap),
    ...(gap.notApplicableReason ? { notApplicableReason: gap.notApplicableReason } : {}),
    inverse: gap.inverse,
    reason: gap.reason,
    closesWhen: closesWhen(gap.measureId),
    dueDate: gap.dueDate ?? null,
    measurementPeriod: gap.measurementPeriod,
    evidence: [...gap.evidence]
      .sort((left, right) => ROLE_ORDER.indexOf(left.role) - ROLE_ORDER.indexOf(right.role))
      .map(evidenceOut),
    mark: marks.get(gap.measureId) ?? null,
  }));
}

const measureNumber = (measureId: string): number => Number(measureId.replace(/^\D+/, '')) || 0;

/**
 * An evidence item as the Dx tab gives one: a result opens its trend (by LOINC), a document opens at
 * its text; anything else (a diagnosis, a visit, a procedure) is shown with nothing to open.
 */
function evidenceOut(item: StoredCareGap['evidence'][number]): CareGapEvidence {
  const link: CareGapEvidence['link'] =
    item.resourceType === 'DocumentReference' && isUuid(item.resourceId)
      ? { kind: 'document', documentId: item.resourceId, highlight: item.description }
      : item.resourceType === 'Observation' && item.code
        ? { kind: 'lab', code: TREND_OF_PANEL[item.code] ?? item.code, system: LOINC }
        : { kind: 'none' };
  return {
    role: item.role,
    resourceType: item.resourceType,
    date: item.date,
    ...(item.code === undefined ? {} : { code: item.code }),
    ...(item.value === undefined ? {} : { value: item.value }),
    ...(item.unit === undefined ? {} : { unit: item.unit }),
    description: item.description,
    link,
  };
}
