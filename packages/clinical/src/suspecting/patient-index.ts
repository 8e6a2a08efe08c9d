import type { EditPerson } from '../hcc';
import type { ConditionRecord, DocumentRecord, PatientRecord, ProcedureRecord, SourceType } from '../record';
import { ageOn, datePart, daysBetween, yearOf } from './dates';
import { collectMedicationUses, type MedicationUse } from './medications';
import { normaliseObservation, type NormalisedObservation, type ObservationKind } from './observations';

/**
 * A diagnosis the practice or a payer has coded: a claim diagnosis (any source) or an EHR condition
 * (problem list, encounter diagnosis, health concern) that is confirmed or unverified. HIE
 * conditions are not "coded" for the practice: they are evidence documented elsewhere.
 */
export interface CodedDiagnosis {
  code: string;
  date: string;
  resourceType: 'Condition' | 'Claim';
  id: string;
  source: SourceType;
  display: string;
  /** The condition row (absent for claims). */
  condition: ConditionRecord | undefined;
}

/** One patient's record, sorted and filtered once for every rule (facts after the as-of date dropped). */
export interface PatientIndex {
  record: PatientRecord;
  asOf: string;
  /** Calendar year of the as-of date ("this year"). */
  year: number;
  /** January 1 of this year. */
  yearStart: string;
  /** January 1 of the prior year: medications and results used for suspects start here. */
  priorYearStart: string;
  /** January 1 two years back: the recapture and document look-back starts here. */
  lookbackStart: string;
  /** Age in whole years on the as-of date. */
  age: number;
  /** Coded diagnoses up to the as-of date, oldest first. */
  diagnoses: CodedDiagnosis[];
  /** The same, by 3-character category, oldest first. */
  diagnosesByCategory: ReadonlyMap<string, CodedDiagnosis[]>;
  /** Codes coded this calendar year up to the as-of date. */
  codedThisYear: ReadonlySet<string>;
  /** Codes coded in the two calendar years before this one. */
  codedPriorYears: ReadonlySet<string>;
  /** Results by kind, oldest first. */
  observations: ReadonlyMap<ObservationKind, NormalisedObservation[]>;
  /** Medications taken since January 1 of the prior year that name a drug a rule reads. */
  medications: MedicationUse[];
  procedures: ProcedureRecord[];
  /**
   * Documents since January 1 of the prior year: free text follows the look-back of the other
   * suspect evidence (results, medications), coded records the two-year recapture look-back.
   */
  documents: DocumentRecord[];
  /** Conditions that are evidence, not codes (see `isUncodedEvidence`). */
  uncodedConditions: ConditionRecord[];
  /** Age and sex for the HCC models' edits. */
  person: EditPerson;
}

const NOT_CODED_VERIFICATION = new Set<ConditionRecord['verificationStatus']>([
  'refuted',
  'entered-in-error',
  // Outpatient coding does not code uncertain diagnoses (ICD-10-CM Official Guidelines FY2026, IV.H).
  'provisional',
  'differential',
]);

/** Whether a condition row may count as a diagnosis at all (not refuted, in error or merely a differential). */
export function isCountableCondition(condition: ConditionRecord): boolean {
  return !NOT_CODED_VERIFICATION.has(condition.verificationStatus);
}

function collectDiagnoses(record: PatientRecord, asOf: string): CodedDiagnosis[] {
  const diagnoses: CodedDiagnosis[] = [];
  for (const claim of record.claims) {
    const date = datePart(claim.serviceDate);
    if (date > asOf) continue;
    diagnoses.push({
      code: claim.icdCode,
      date,
      resourceType: 'Claim',
      id: claim.id,
      source: claim.source,
      display: claim.icdCode,
      condition: undefined,
    });
  }
  for (const condition of record.conditions) {
    const date = datePart(condition.date);
    // A health concern is a worry noted, not a diagnosis made: it counts as evidence, not as coded.
    if (condition.source !== 'EHR' || condition.category === 'health-concern') continue;
    if (!condition.icdCode || date > asOf || !isCountableCondition(condition)) continue;
    diagnoses.push({
      code: condition.icdCode,
      date,
      resourceType: 'Condition',
      id: condition.id,
      source: condition.source,
      display: condition.display,
      condition,
    });
  }
  return diagnoses.sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
}

function collectObservations(record: PatientRecord, asOf: string): Map<ObservationKind, NormalisedObservation[]> {
  const byKind = new Map<ObservationKind, NormalisedObservation[]>();
  for (const observation of record.observations) {
    if (datePart(observation.date) > asOf) continue;
    const normalised = normaliseObservation(observation);
    if (!normalised) continue;
    const list = byKind.get(normalised.kind);
    if (list) list.push(normalised);
    else byKind.set(normalised.kind, [normalised]);
  }
  for (const list of byKind.values())
    list.sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
  return byKind;
}

const ENDED_STATUSES = new Set<ConditionRecord['clinicalStatus']>(['inactive', 'resolved']);

/** Builds the index for one record and as-of date. */
export function indexPatient(record: PatientRecord, asOf: string): PatientIndex {
  const year = yearOf(asOf);
  const yearStart = `${year}-01-01`;
  const priorYearStart = `${year - 1}-01-01`;
  const lookbackStart = `${year - 2}-01-01`;
  const diagnoses = collectDiagnoses(record, asOf);
  const diagnosesByCategory = new Map<string, CodedDiagnosis[]>();
  for (const diagnosis of diagnoses) {
    const category = diagnosis.code.slice(0, 3);
    const list = diagnosesByCategory.get(category);
    if (list) list.push(diagnosis);
    else diagnosesByCategory.set(category, [diagnosis]);
  }
  const codedThisYear = new Set<string>();
  const codedPriorYears = new Set<string>();
  for (const diagnosis of diagnoses) {
    if (diagnosis.date >= yearStart) codedThisYear.add(diagnosis.code);
    else if (diagnosis.date >= lookbackStart) codedPriorYears.add(diagnosis.code);
  }
  return {
    record,
    asOf,
    year,
    yearStart,
    priorYearStart,
    lookbackStart,
    age: ageOn(record.demographics.birthDate, asOf),
    person: { age: ageOn(record.demographics.birthDate, asOf), sex: record.demographics.sex },
    diagnoses,
    diagnosesByCategory,
    codedThisYear,
    codedPriorYears,
    observations: collectObservations(record, asOf),
    medications: collectMedicationUses(record.medications, { windowStart: priorYearStart, asOf }),
    procedures: record.procedures.filter((procedure) => datePart(procedure.date) <= asOf),
    documents: record.documents.filter((document) => {
      const date = datePart(document.date);
      return date >= priorYearStart && date <= asOf;
    }),
    uncodedConditions: record.conditions.filter((condition) => isUncodedEvidence(condition, { lookbackStart, asOf })),
  };
}

const STILL_ACTIVE = new Set<ConditionRecord['clinicalStatus']>(['active', 'recurrence', 'relapse']);

/**
 * A condition row that is evidence rather than a code the practice chose: in the look-back window,
 * an HIE condition, an EHR health concern or an EHR condition without ICD-10-CM code; before the
 * window, an EHR problem-list entry or encounter diagnosis whose clinical status still says active
 * (recurrence, relapse) and that has no abatement: the record says the condition is current, though
 * nobody coded it in two years (EHR exports file most chronic conditions as encounter diagnoses, kept
 * active until abated). The rule then requires such an old condition to be chronic. Refuted, resolved,
 * inactive, abated and entered-in-error rows never count.
 */
function isUncodedEvidence(condition: ConditionRecord, window: { lookbackStart: string; asOf: string }): boolean {
  const date = datePart(condition.date);
  if (date > window.asOf || !isCountableCondition(condition) || ENDED_STATUSES.has(condition.clinicalStatus))
    return false;
  if (condition.abatementDate !== undefined && datePart(condition.abatementDate) <= window.asOf) return false;
  if (date < window.lookbackStart)
    return condition.category !== 'health-concern' && STILL_ACTIVE.has(condition.clinicalStatus);
  return condition.source === 'HIE' || !condition.icdCode || condition.category === 'health-concern';
}

/**
 * The most recent coded diagnosis whose code starts with one of the prefixes (each at least the
 * 3-character category), optionally dated on or after `since`.
 */
export function latestDiagnosis(
  index: PatientIndex,
  prefixes: readonly string[],
  since?: string,
): CodedDiagnosis | undefined {
  let latest: CodedDiagnosis | undefined;
  for (const prefix of prefixes) {
    const list = index.diagnosesByCategory.get(prefix.slice(0, 3));
    if (!list) continue;
    for (let position = list.length - 1; position >= 0; position -= 1) {
      const diagnosis = list[position];
      if (!diagnosis || (since !== undefined && diagnosis.date < since)) break;
      if (latest && diagnosis.date <= latest.date) break;
      if (diagnosis.code.startsWith(prefix)) {
        latest = diagnosis;
        break;
      }
    }
  }
  return latest;
}

/** Results of one kind, oldest first (empty when none). */
export function resultsOf(index: PatientIndex, kind: ObservationKind): readonly NormalisedObservation[] {
  return index.observations.get(kind) ?? [];
}

/** Medication uses that contain any of the ingredients. */
export function usesOf(index: PatientIndex, ingredients: readonly string[]): MedicationUse[] {
  return index.medications.filter((use) => ingredients.some((ingredient) => use.ingredients.has(ingredient)));
}

/** A pregnancy lasts at most about 300 days (42 weeks): a pregnancy code this recent may still be current. */
const PREGNANCY_DAYS = 300;
const pregnancyCache = new WeakMap<PatientIndex, boolean>();

/**
 * Whether a pregnancy was coded in the 300 days before the as-of date (chapter 15 O codes, Z33
 * pregnant state, Z34 supervision of normal pregnancy, Z3A weeks of gestation). BMI codes are not
 * assigned in pregnancy (ICD-10-CM Guidelines I.C.21.c.3) and HbA1c is not used to diagnose diabetes in it (ADA 2025 §2).
 */
export function hasRecentPregnancy(index: PatientIndex): boolean {
  const cached = pregnancyCache.get(index);
  if (cached !== undefined) return cached;
  let found = false;
  for (const [category, list] of index.diagnosesByCategory) {
    const isPregnancy = category.startsWith('O') || category === 'Z33' || category === 'Z34' || category === 'Z3A';
    const latest = isPregnancy ? list.at(-1) : undefined;
    if (latest && daysBetween(latest.date, index.asOf) <= PREGNANCY_DAYS) found = true;
  }
  pregnancyCache.set(index, found);
  return found;
}
