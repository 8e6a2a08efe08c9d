/** Turns a measure's population, exclusion and numerator findings into a care gap with its status. */
import { ageInYearsAt } from './dates';
import type { Exclusion } from './exclusions';
import { sortByDate, toEvidence, type Finding, type MeasureContext } from './record-query';
import type { CareGap, MeasureId, NotApplicableReason } from './types';

export interface MeasureDefinition {
  id: MeasureId;
  title: string;
  inverse: boolean;
  /** Published version for the 2025 and 2026 performance periods (eCQI Resource Center). */
  versions: { 2025: string; 2026: string };
}

/** The version label for a period: the 2025 or 2026 specification, the nearest one otherwise (said so). */
export function versionFor(definition: MeasureDefinition, year: number): string {
  if (year === 2025 || year === 2026) return definition.versions[year];
  const nearest = year < 2025 ? definition.versions[2025] : definition.versions[2026];
  return `${nearest} (logic applied to ${year})`;
}

function baseGap(definition: MeasureDefinition, context: MeasureContext): Omit<CareGap, 'status' | 'reason'> {
  return {
    measureId: definition.id,
    measureVersion: versionFor(definition, context.year),
    title: definition.title,
    inverse: definition.inverse,
    measurementPeriod: { start: context.periodStart, end: context.periodEnd },
    numeratorMet: undefined,
    dueDate: undefined,
    evidence: [],
  };
}

export function notApplicable(
  definition: MeasureDefinition,
  context: MeasureContext,
  options: { why: NotApplicableReason; reason: string; evidence?: readonly Finding[] },
): CareGap {
  return {
    ...baseGap(definition, context),
    status: 'not-applicable',
    notApplicableReason: options.why,
    reason: options.reason,
    evidence: (options.evidence ?? []).map((finding) => toEvidence(finding, 'exclusion')),
  };
}

export function ageAtPeriodEnd(context: MeasureContext): number {
  return ageInYearsAt(context.record.demographics.birthDate, context.periodEnd);
}

export function ageAtPeriodStart(context: MeasureContext): number {
  return ageInYearsAt(context.record.demographics.birthDate, context.periodStart);
}

/** Not applicable for age, when `age` is outside [min, max]; `undefined` when inside. */
export function checkAge(
  definition: MeasureDefinition,
  context: MeasureContext,
  options: { age: number; min: number; max?: number; when: string },
): CareGap | undefined {
  const { age, min, max, when } = options;
  if (age >= min && (max === undefined || age <= max)) return undefined;
  const range = max === undefined ? `${min} or older` : `${min}-${max}`;
  return notApplicable(definition, context, { why: 'age', reason: `Age ${age} ${when}; the measure covers ${range}.` });
}

export interface MeasureOutcome {
  /** What put the patient in the population besides the encounter (diagnosis, age). */
  populationEvidence: readonly Finding[];
  /** The qualifying encounter(s); empty when none yet this period. */
  encounters: readonly Finding[];
  /** How many of the latest encounters to show as evidence (default 1; CMS138 needs two visits). */
  encountersShown?: number;
  /** Says which encounter requirement is missing when `encounters` is empty. */
  missingEncounter?: string;
  exclusion: Exclusion | undefined;
  /** Whether the measure's numerator is met (for inverse measures: the bad outcome). */
  numeratorMet: boolean;
  numeratorEvidence: readonly Finding[];
  /** Human reason for the numerator result. */
  numeratorReason: string;
  /** When closed: the last day the closing evidence counts (default: the period end). */
  evidenceExpires?: string;
}

/** Applies exclusions, the encounter requirement and the numerator, in that order. */
export function buildGap(definition: MeasureDefinition, context: MeasureContext, outcome: MeasureOutcome): CareGap {
  if (outcome.exclusion) {
    const { label, evidence } = outcome.exclusion;
    return notApplicable(definition, context, { why: 'excluded', reason: `Excluded: ${label}.`, evidence });
  }
  const closed = definition.inverse ? !outcome.numeratorMet : outcome.numeratorMet;
  const evidence = [
    ...outcome.populationEvidence.map((finding) => toEvidence(finding, 'population')),
    ...sortByDate(outcome.encounters)
      .slice(-(outcome.encountersShown ?? 1))
      .map((finding) => toEvidence(finding, 'population')),
    ...outcome.numeratorEvidence.map((finding) => toEvidence(finding, 'numerator')),
  ];
  const base = { ...baseGap(definition, context), numeratorMet: outcome.numeratorMet, evidence };
  if (outcome.encounters.length === 0) {
    const missing = outcome.missingEncounter ?? `no qualifying encounter yet in ${context.year}`;
    return {
      ...base,
      status: 'prospective',
      dueDate: context.periodEnd,
      reason: `Enters the measure at the next qualifying visit (${missing}); ${outcome.numeratorReason}`,
    };
  }
  return {
    ...base,
    status: closed ? 'closed' : 'open',
    dueDate: closed ? (outcome.evidenceExpires ?? context.periodEnd) : context.periodEnd,
    reason: outcome.numeratorReason.charAt(0).toUpperCase() + outcome.numeratorReason.slice(1),
  };
}
