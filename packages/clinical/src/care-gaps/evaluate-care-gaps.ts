/** The care-gap engine's entry point: every measure, for the measurement period that contains `asOf`. */
import type { PatientRecord } from '../record';
import { endOfYear, startOfYear, toIsoDate, yearOf } from './dates';
import type { MeasureDefinition } from './gap-builder';
import { CMS125, CMS130, evaluateCms125, evaluateCms130 } from './measures/cancer-screening';
import { CMS165, evaluateCms165 } from './measures/blood-pressure';
import { CMS2, evaluateCms2 } from './measures/depression';
import { CMS69, evaluateCms69 } from './measures/bmi';
import { CMS138, evaluateCms138 } from './measures/tobacco';
import { CMS122, evaluateCms122 } from './measures/diabetes-glycemic';
import { CMS131, CMS951, evaluateCms131, evaluateCms951 } from './measures/diabetes-eye-kidney';
import type { MeasureContext } from './record-query';
import type { CareGap, EvaluateCareGapsOptions, MeasureId } from './types';

interface MeasureEntry {
  definition: MeasureDefinition;
  evaluate: (context: MeasureContext) => CareGap;
}

const MEASURES: readonly MeasureEntry[] = [
  { definition: CMS122, evaluate: evaluateCms122 },
  { definition: CMS165, evaluate: evaluateCms165 },
  { definition: CMS125, evaluate: evaluateCms125 },
  { definition: CMS130, evaluate: evaluateCms130 },
  { definition: CMS2, evaluate: evaluateCms2 },
  { definition: CMS69, evaluate: evaluateCms69 },
  { definition: CMS138, evaluate: evaluateCms138 },
  { definition: CMS131, evaluate: evaluateCms131 },
  { definition: CMS951, evaluate: evaluateCms951 },
];

/** The measures Cairn evaluates, in report order, with their titles. */
export const CARE_GAP_MEASURES: readonly { id: MeasureId; title: string }[] = MEASURES.map(({ definition }) => ({
  id: definition.id,
  title: definition.title,
}));

/**
 * Evaluates the care gaps of one patient for the calendar-year measurement period that contains
 * `asOf`, using only record items dated on or before `asOf`. Returns one gap per measure, in the
 * order of {@link CARE_GAP_MEASURES}, each with its status, evidence, due date and reason.
 */
export function evaluateCareGaps(record: PatientRecord, options: EvaluateCareGapsOptions): CareGap[] {
  const asOf = toIsoDate(options.asOf);
  const year = yearOf(asOf);
  const periodStart = startOfYear(year);
  const context: MeasureContext = { record, asOf, year, periodStart, periodEnd: endOfYear(year), shared: new Map() };
  const wanted = options.measures ? new Set(options.measures) : undefined;
  return MEASURES.filter(({ definition }) => !wanted || wanted.has(definition.id)).map(({ evaluate }) =>
    evaluate(context),
  );
}
