/**
 * CMS125 Breast Cancer Screening (CMS125v13 for 2025, v14 for 2026; CMS125FHIRBreastCancerScreening)
 * and CMS130 Colorectal Cancer Screening (CMS130v13/v14; CMS130FHIRColorectalCancerScreening).
 */
import {
  findAdvancedIllnessAndFrailty,
  findHospice,
  findNursingHomeResidence,
  findPalliativeCare,
  firstExclusion,
  type Exclusion,
} from '../exclusions';
import { endOfYear, monthOf, yearOf } from '../dates';
import { ageAtPeriodEnd, buildGap, checkAge, notApplicable, type MeasureDefinition } from '../gap-builder';
import {
  findDiagnoses,
  findEncounters,
  findObservations,
  findProcedures,
  latest,
  type Finding,
  type MeasureContext,
} from '../record-query';
import type { CareGap } from '../types';
import { ADULT_OUTPATIENT_ENCOUNTER } from '../value-sets/encounters';
import * as clinical from '../value-sets/clinical';
import * as sets from '../value-sets/exclusion-conditions';

export const CMS125: MeasureDefinition = {
  id: 'CMS125',
  title: 'Breast Cancer Screening',
  inverse: false,
  versions: { 2025: 'CMS125v13', 2026: 'CMS125v14' },
};

export const CMS130: MeasureDefinition = {
  id: 'CMS130',
  title: 'Colorectal Cancer Screening',
  inverse: false,
  versions: { 2025: 'CMS130v13', 2026: 'CMS130v14' },
};

/** CMS125v13 (2025) covers women 52-74; CMS125v14 (2026) lowers the start to 42 (USPSTF 2024: from 40, biennial). */
function breastScreeningMinimumAge(year: number): number {
  return year <= 2025 ? 52 : 42;
}

function findBilateralMastectomy(context: MeasureContext): Exclusion | undefined {
  const end = context.periodEnd;
  const before = { kind: 'starts-on-or-before', date: end } as const;
  const diagnoses = (list: typeof sets.HISTORY_OF_BILATERAL_MASTECTOMY) =>
    findDiagnoses(context, { list, timing: before });
  const procedures = (list: typeof sets.BILATERAL_MASTECTOMY) => findProcedures(context, list, '0001-01-01', end);
  const bilateral = [...diagnoses(sets.HISTORY_OF_BILATERAL_MASTECTOMY), ...procedures(sets.BILATERAL_MASTECTOMY)];
  if (bilateral.length > 0) return { label: 'bilateral mastectomy', evidence: bilateral };
  const right = [...diagnoses(sets.STATUS_POST_RIGHT_MASTECTOMY), ...procedures(sets.UNILATERAL_MASTECTOMY_RIGHT)];
  const left = [...diagnoses(sets.STATUS_POST_LEFT_MASTECTOMY), ...procedures(sets.UNILATERAL_MASTECTOMY_LEFT)];
  if (right.length > 0 && left.length > 0) return { label: 'right and left mastectomy', evidence: [...right, ...left] };
  return undefined;
}

/** A mammogram counts from 1 October two years before the period to its end (27 months). */
export function evaluateCms125(context: MeasureContext): CareGap {
  if (context.record.demographics.sex !== 'F') {
    return notApplicable(CMS125, context, {
      why: 'sex',
      reason: 'The measure covers women (administrative sex female).',
    });
  }
  const age = ageAtPeriodEnd(context);
  const min = breastScreeningMinimumAge(context.year);
  const ageGap = checkAge(CMS125, context, { age, min, max: 74, when: 'at the end of the measurement period' });
  if (ageGap) return ageGap;
  const { periodStart: from, periodEnd: to, year } = context;
  const lookbackStart = `${String(year - 2)}-10-01`;
  const mammogram = latest(findObservations(context, { loinc: clinical.MAMMOGRAPHY_LOINC, from: lookbackStart, to }));
  return buildGap(CMS125, context, {
    populationEvidence: [],
    encounters: findEncounters(context, ADULT_OUTPATIENT_ENCOUNTER, from, to),
    exclusion: firstExclusion([
      () => findHospice(context),
      () => findBilateralMastectomy(context),
      () => findAdvancedIllnessAndFrailty(context),
      () => findNursingHomeResidence(context),
      () => findPalliativeCare(context),
    ]),
    numeratorMet: mammogram !== undefined,
    numeratorEvidence: mammogram ? [mammogram] : [],
    numeratorReason: mammogram
      ? `mammogram on ${mammogram.date} (counts from ${lookbackStart}).`
      : `no mammogram since ${lookbackStart}.`,
    // A mammogram from October-December counts for the two following periods, otherwise for one.
    ...(mammogram
      ? { evidenceExpires: endOfYear(yearOf(mammogram.date) + (monthOf(mammogram.date) >= 10 ? 2 : 1)) }
      : {}),
  });
}

interface ColorectalTest {
  label: string;
  /** Years before the period start that the lookback reaches (CMS130v13: "start of Measurement Period - N years"). */
  yearsBefore: number;
  find: (context: MeasureContext, from: string, to: string) => Finding[];
}

/**
 * CMS130 screening tests and their lookbacks: FOBT 1 year, FIT-DNA 3, flexible sigmoidoscopy 5,
 * CT colonography 5, colonoscopy 10.
 */
const COLORECTAL_TESTS: readonly ColorectalTest[] = [
  {
    label: 'fecal occult blood test',
    yearsBefore: 0,
    find: (context, from, to) =>
      findObservations(context, { loinc: clinical.FOBT_LOINC, from, to, requireValue: true }),
  },
  {
    label: 'stool DNA with FIT test',
    yearsBefore: 2,
    find: (context, from, to) =>
      findObservations(context, { loinc: clinical.SDNA_FIT_LOINC, from, to, requireValue: true }),
  },
  {
    label: 'flexible sigmoidoscopy',
    yearsBefore: 4,
    find: (context, from, to) => findProcedures(context, clinical.FLEXIBLE_SIGMOIDOSCOPY, from, to),
  },
  {
    label: 'CT colonography',
    yearsBefore: 4,
    find: (context, from, to) => findObservations(context, { loinc: clinical.CT_COLONOGRAPHY_LOINC, from, to }),
  },
  {
    label: 'colonoscopy',
    yearsBefore: 9,
    find: (context, from, to) => findProcedures(context, clinical.COLONOSCOPY, from, to),
  },
];

interface ScreeningFound {
  test: ColorectalTest;
  finding: Finding;
  expires: string;
}

/** The qualifying screening that keeps the gap closed longest. */
function findColorectalScreening(context: MeasureContext): ScreeningFound | undefined {
  let best: ScreeningFound | undefined;
  for (const test of COLORECTAL_TESTS) {
    const from = `${String(context.year - test.yearsBefore)}-01-01`;
    for (const finding of test.find(context, from, context.periodEnd)) {
      const expires = endOfYear(yearOf(finding.date) + test.yearsBefore);
      if (!best || expires > best.expires) best = { test, finding, expires };
    }
  }
  return best;
}

export function evaluateCms130(context: MeasureContext): CareGap {
  const age = ageAtPeriodEnd(context);
  const ageGap = checkAge(CMS130, context, { age, min: 46, max: 75, when: 'at the end of the measurement period' });
  if (ageGap) return ageGap;
  const { periodStart: from, periodEnd: to } = context;
  const before = { kind: 'starts-on-or-before', date: to } as const;
  const screening = findColorectalScreening(context);
  return buildGap(CMS130, context, {
    populationEvidence: [],
    encounters: findEncounters(context, ADULT_OUTPATIENT_ENCOUNTER, from, to),
    exclusion: firstExclusion([
      () => findHospice(context),
      () =>
        labelled(
          'colorectal cancer',
          findDiagnoses(context, { list: sets.MALIGNANT_NEOPLASM_OF_COLON, timing: before }),
        ),
      () => labelled('total colectomy', findProcedures(context, sets.TOTAL_COLECTOMY, '0001-01-01', to)),
      () => findAdvancedIllnessAndFrailty(context),
      () => findNursingHomeResidence(context),
      () => findPalliativeCare(context),
    ]),
    numeratorMet: screening !== undefined,
    numeratorEvidence: screening ? [screening.finding] : [],
    numeratorReason: screening
      ? `${screening.test.label} on ${screening.finding.date}, counts through ${screening.expires}.`
      : 'no colonoscopy (10 years), CT colonography or flexible sigmoidoscopy (5), FIT-DNA (3) or FOBT (1) on record.',
    ...(screening ? { evidenceExpires: screening.expires } : {}),
  });
}

function labelled(label: string, evidence: Finding[]): Exclusion | undefined {
  return evidence.length > 0 ? { label, evidence } : undefined;
}
