/**
 * A stored individual MeasureReport (fqm-execution's, as the analysis keeps it) made a DEQM Individual
 * MeasureReport (STU4 `indv-measurereport-deqm`): the elements the profile requires that the engine does not
 * write (`date`, `reporter`, the measure's scoring and improvement notation, the measure's version in its
 * canonical), and none it forbids (`subjectResults`, empty arrays). Populations and evaluated resources are
 * the engine's, as computed.
 */
import type { MeasureReport, Reference } from 'fhir/r4';
import { DEQM_EXTENSION, DEQM_PROFILE } from './deqm-urls';

export interface IndividualReportOptions {
  /** The report as the engine wrote it. */
  report: MeasureReport;
  /** The FHIR id the report takes (a stored report's own id, else a stable one given by the caller). */
  id: string;
  /** The measure's version, added to its canonical (`url|version`) unless the report has one. */
  measureVersion: string;
  /** Inverse measures (CMS122) improve as the numerator falls. */
  isInverse: boolean;
  /** The Measure's scoring (`proportion` for every measure Cairn runs). */
  scoring: string;
  /** When the engine computed it (the report's `date`: when the gap was calculated). */
  computedAt: string;
  /** The organisation reporting it. */
  reporter: Reference;
  /** The evaluated resources the report may list: those the gaps bundle holds. */
  isInBundle: (reference: string) => boolean;
}

const IMPROVEMENT_NOTATION = 'http://terminology.hl7.org/CodeSystem/measure-improvement-notation';
const MEASURE_SCORING = 'http://terminology.hl7.org/CodeSystem/measure-scoring';

/** The DEQM Individual MeasureReport of a stored report (see the module comment). */
export function toIndividualMeasureReport(options: IndividualReportOptions): MeasureReport {
  const { report } = options;
  const notation = options.isInverse ? 'decrease' : 'increase';
  const evaluated = (report.evaluatedResource ?? []).filter(
    (reference) => reference.reference !== undefined && options.isInBundle(reference.reference),
  );
  const measure = report.measure.includes('|') ? report.measure : `${report.measure}|${options.measureVersion}`;
  return withoutEmptyArrays({
    resourceType: 'MeasureReport',
    id: options.id,
    meta: { profile: [DEQM_PROFILE.individualMeasureReport] },
    // deqm-3: the scoring is said at the root (or on every group); deqm-2 then wants improvementNotation.
    extension: [
      {
        url: DEQM_EXTENSION.measureScoring,
        valueCodeableConcept: { coding: [{ system: MEASURE_SCORING, code: options.scoring }] },
      },
    ],
    status: report.status,
    type: 'individual',
    measure,
    subject: report.subject,
    date: options.computedAt,
    reporter: options.reporter,
    period: report.period,
    improvementNotation: { coding: [{ system: IMPROVEMENT_NOTATION, code: notation, display: capitalise(notation) }] },
    group: report.group?.map((group) => ({
      ...group,
      population: group.population?.map(({ subjectResults: _forbidden, ...population }) => population),
    })),
    evaluatedResource: evaluated,
  });
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** FHIR JSON has no empty arrays or objects (fqm-execution writes `contained: []`). */
export function withoutEmptyArrays<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutEmptyArrays) as T;
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .map(([key, item]) => [key, withoutEmptyArrays(item)] as const)
    .filter(([, item]) => !(Array.isArray(item) && item.length === 0) && item !== undefined);
  return Object.fromEntries(entries) as T;
}
