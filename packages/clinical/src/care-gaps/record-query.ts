/**
 * Finds the record items a measure needs (encounters, procedures, observations, diagnoses,
 * medications) by code list and date window. Nothing dated after `asOf` is ever returned: the engine
 * answers "as of" a day, and future-dated rows (scheduled visits, orders) have not happened yet.
 */
import type { ConditionRecord, PatientRecord } from '../record';
import { resolveCodeSystem, type CodeList, type CodeSystem } from './code-list';
import { minDate } from './dates';
import type { CareGapEvidence, EvidenceRole } from './types';

export interface MeasureContext {
  record: PatientRecord;
  asOf: string;
  year: number;
  periodStart: string;
  periodEnd: string;
  /** Results shared by several measures of one evaluation (the common exclusions), by key. */
  shared: Map<string, unknown>;
}

/** Computes a result once per evaluation and shares it between the measures. */
export function shareAcrossMeasures<T>(context: MeasureContext, key: string, compute: () => T): T {
  if (context.shared.has(key)) return context.shared.get(key) as T;
  const value = compute();
  context.shared.set(key, value);
  return value;
}

/** A record item that matched a query, ready to become evidence. */
export type Finding = Omit<CareGapEvidence, 'role'>;

export function toEvidence(finding: Finding, role: EvidenceRole): CareGapEvidence {
  return { role, ...finding };
}

const systemCache = new Map<string, CodeSystem | undefined>();

function cachedSystem(system: string): CodeSystem | undefined {
  if (!systemCache.has(system)) systemCache.set(system, resolveCodeSystem(system));
  return systemCache.get(system);
}

/** Inclusive day window, cut at `asOf`. */
function inWindow(context: MeasureContext, date: string, from: string, to: string): boolean {
  return date >= from && date <= minDate(to, context.asOf);
}

export function findEncounters(context: MeasureContext, list: CodeList, from: string, to: string): Finding[] {
  const found: Finding[] = [];
  for (const encounter of context.record.encounters) {
    if (!inWindow(context, encounter.date, from, to)) continue;
    const type = encounter.types.find((candidate) => {
      const system = cachedSystem(candidate.system);
      return system !== undefined && list.has(system, candidate.code);
    });
    if (!type) continue;
    const label = type.display ?? list.name;
    found.push({
      resourceType: 'Encounter',
      resourceId: encounter.id,
      date: encounter.date,
      code: type.code,
      description: `${label} (${type.code})`,
    });
  }
  return found;
}

export function findProcedures(context: MeasureContext, list: CodeList, from: string, to: string): Finding[] {
  const found: Finding[] = [];
  for (const procedure of context.record.procedures) {
    if (!inWindow(context, procedure.date, from, to)) continue;
    const system = cachedSystem(procedure.system);
    if (system === undefined || !list.has(system, procedure.code)) continue;
    found.push({
      resourceType: 'Procedure',
      resourceId: procedure.id,
      date: procedure.date,
      code: procedure.code,
      description: `${procedure.display} (${system} ${procedure.code})`,
    });
  }
  return found;
}

export interface ObservationQuery {
  loinc: ReadonlySet<string>;
  from: string;
  to: string;
  /** Only results that carry a value (quantity, code or text). */
  requireValue?: boolean;
}

/** Observations by LOINC; procedures coded in LOINC (imaging reports filed as procedures) count too. */
export function findObservations(context: MeasureContext, query: ObservationQuery): Finding[] {
  const found: Finding[] = [];
  for (const observation of context.record.observations) {
    if (!query.loinc.has(observation.loinc) || !inWindow(context, observation.date, query.from, query.to)) continue;
    const value = observation.value ?? observation.valueCode ?? observation.valueText;
    if (query.requireValue && value === undefined) continue;
    const shown = value === undefined ? '' : ` ${String(value)}${observation.unit ? ` ${observation.unit}` : ''}`;
    found.push({
      resourceType: 'Observation',
      resourceId: observation.id,
      date: observation.date,
      code: observation.loinc,
      ...(value === undefined ? {} : { value }),
      ...(observation.unit ? { unit: observation.unit } : {}),
      description: `${observation.display}${shown}`,
    });
  }
  if (query.requireValue) return found;
  for (const procedure of context.record.procedures) {
    if (cachedSystem(procedure.system) !== 'LOINC' || !query.loinc.has(procedure.code)) continue;
    if (!inWindow(context, procedure.date, query.from, query.to)) continue;
    const { id, date, code, display } = procedure;
    found.push({ resourceType: 'Procedure', resourceId: id, date, code, description: `${display} (LOINC ${code})` });
  }
  return found;
}

/** How a diagnosis must sit against the period (CQL prevalenceInterval comparisons). */
export type DiagnosisTiming =
  | { kind: 'overlaps'; from: string; to: string }
  | { kind: 'starts-during'; from: string; to: string }
  | { kind: 'starts-on-or-before'; date: string };

const UNVERIFIED = new Set(['refuted', 'entered-in-error', 'unconfirmed']);
const ACTIVE = new Set(['active', 'recurrence', 'relapse']);

/**
 * The prevalence interval of a condition (QICoreCommon.prevalenceInterval): from its date to its
 * abatement; open-ended while active; a resolved or inactive condition without an abatement date is
 * taken as the single day it was recorded (its end is unknown, so it cannot be assumed to continue).
 */
function prevalenceEnd(condition: ConditionRecord): string | undefined {
  if (condition.abatementDate) return condition.abatementDate;
  return ACTIVE.has(condition.clinicalStatus) ? undefined : condition.date;
}

function matchesTiming(context: MeasureContext, start: string, end: string | undefined, timing: DiagnosisTiming) {
  if (start > context.asOf) return false;
  switch (timing.kind) {
    case 'overlaps':
      return start <= timing.to && (end === undefined || end >= timing.from);
    case 'starts-during':
      return start >= timing.from && start <= timing.to;
    case 'starts-on-or-before':
      return start <= timing.date;
  }
}

export interface DiagnosisQuery {
  list: CodeList;
  timing: DiagnosisTiming;
  /** Only conditions whose clinical status is active (CMS951). */
  activeOnly?: boolean;
  /** Leave out claims diagnoses (measures that read only problem-list or encounter conditions). */
  conditionsOnly?: boolean;
  /** Only problem-list items and health concerns (CQL ConditionProblemsHealthConcerns); implies conditionsOnly. */
  problemListOnly?: boolean;
}

/**
 * Conditions (problem list, encounter diagnoses, health concerns; refuted, unconfirmed and
 * entered-in-error ones left out) and claims diagnoses (a single day: the service date).
 */
export function findDiagnoses(context: MeasureContext, query: DiagnosisQuery): Finding[] {
  const found: Finding[] = [];
  for (const condition of context.record.conditions) {
    if (condition.verificationStatus && UNVERIFIED.has(condition.verificationStatus)) continue;
    if (query.activeOnly && !ACTIVE.has(condition.clinicalStatus)) continue;
    if (query.problemListOnly && condition.category === 'encounter-diagnosis') continue;
    const matched = conditionCode(condition, query.list);
    if (!matched) continue;
    if (!matchesTiming(context, condition.date, prevalenceEnd(condition), query.timing)) continue;
    found.push({
      resourceType: 'Condition',
      resourceId: condition.id,
      date: condition.date,
      code: matched,
      description: `${condition.display} (${matched})`,
    });
  }
  if (query.conditionsOnly || query.activeOnly || query.problemListOnly) return found;
  for (const claim of context.record.claims) {
    if (!query.list.has('ICD10CM', claim.icdCode)) continue;
    if (!matchesTiming(context, claim.serviceDate, claim.serviceDate, query.timing)) continue;
    const { id, serviceDate, icdCode } = claim;
    found.push({
      resourceType: 'Claim',
      resourceId: id,
      date: serviceDate,
      code: icdCode,
      description: `Claim diagnosis ${icdCode}`,
    });
  }
  return found;
}

function conditionCode(condition: ConditionRecord, list: CodeList): string | undefined {
  if (condition.icdCode && list.has('ICD10CM', condition.icdCode)) return condition.icdCode;
  if (condition.snomedCode && list.has('SNOMED', condition.snomedCode)) return condition.snomedCode;
  return undefined;
}

export interface MedicationQuery {
  ingredients: readonly string[];
  from: string;
  to: string;
  /** `starts`: ordered in the window; `overlaps`: taken at any time in the window. */
  timing: 'starts' | 'overlaps';
}

const NOT_TAKEN = new Set(['cancelled', 'draft', 'entered-in-error']);

/** Medications by ingredient name (the eCQM medication value sets are RxNorm lists of these ingredients). */
export function findMedications(context: MeasureContext, query: MedicationQuery): Finding[] {
  const found: Finding[] = [];
  for (const medication of context.record.medications) {
    if (NOT_TAKEN.has(medication.status) || medication.startDate > context.asOf) continue;
    const name = medication.display.toLowerCase();
    if (!query.ingredients.some((ingredient) => name.includes(ingredient))) continue;
    const end = medication.endDate ?? (medication.status === 'active' ? undefined : medication.startDate);
    const inside =
      query.timing === 'starts'
        ? medication.startDate >= query.from && medication.startDate <= query.to
        : medication.startDate <= query.to && (end === undefined || end >= query.from);
    if (!inside) continue;
    const { id, startDate, rxnormCode, display } = medication;
    found.push({
      resourceType: 'MedicationRequest',
      resourceId: id,
      date: startDate,
      ...(rxnormCode ? { code: rxnormCode } : {}),
      description: display,
    });
  }
  return found;
}

/** The findings in date order, the latest last. */
export function sortByDate(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((first, second) => first.date.localeCompare(second.date));
}

/** The latest-dated finding (ties: the first in record order). */
export function latest(findings: readonly Finding[]): Finding | undefined {
  let best: Finding | undefined;
  for (const finding of findings) if (!best || finding.date > best.date) best = finding;
  return best;
}

/** The earliest-dated finding. */
export function earliest(findings: readonly Finding[]): Finding | undefined {
  let best: Finding | undefined;
  for (const finding of findings) if (!best || finding.date < best.date) best = finding;
  return best;
}
