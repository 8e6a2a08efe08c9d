import { isChronic, type ConditionRecord, type HccModel, type PatientRecord } from '@cairn/clinical';

/** One truth HCC of a patient: the active chronic V28 payment HCC and the conditions that carry it. */
export interface TruthHcc {
  hcc: number;
  /** ICD-10-CM codes of the conditions behind it (mapped from SNOMED CT by the import, or given). */
  codes: string[];
  /** The latest recorded/onset date of those conditions, `YYYY-MM-DD`. */
  latestDate: string;
  /** Categories of those conditions (Synthea: encounter-diagnosis when recorded at an encounter). */
  categories: ConditionRecord['category'][];
}

/** An active condition the import could not code: no ICD-10-CM given and no row in the SNOMED CT map. */
export interface UnmappedCondition {
  snomedCode: string;
  display: string;
}

export interface Truth {
  hccs: TruthHcc[];
  unmapped: UnmappedCondition[];
}

const ACTIVE = new Set<ConditionRecord['clinicalStatus']>(['active', 'recurrence', 'relapse']);
const NOT_TRUE = new Set<ConditionRecord['verificationStatus']>(['refuted', 'entered-in-error']);
/** Age in whole years on a date (both `YYYY-MM-DD`). */
function ageOn(birthDate: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return date.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** Whether a condition row is present on the as-of date: active, not abated, not refuted, not after it. */
export function isPresentCondition(condition: ConditionRecord, asOf: string): boolean {
  if (!ACTIVE.has(condition.clinicalStatus)) return false;
  if (condition.abatementDate !== undefined && condition.abatementDate.slice(0, 10) <= asOf) return false;
  if (NOT_TRUE.has(condition.verificationStatus)) return false;
  return condition.date.slice(0, 10) <= asOf;
}

/** The engine's own chronic definition (`suspecting/chronic.ts`), for V28. */
export function isChronicCode(code: string, hccs: readonly number[]): boolean {
  return isChronic(code, hccs, 'v28');
}

/**
 * TRUTH: the patient's present conditions (from its own Condition resources, as the import stored them)
 * whose ICD-10-CM code maps to a chronic V28 payment HCC for this person's age and sex, after the V28
 * hierarchy (an HCC below another truth HCC is dropped). Present conditions with no ICD-10-CM code are
 * listed as unmapped: they cannot be scored.
 */
export function truthOf(record: PatientRecord, options: { asOf: string; model: HccModel }): Truth {
  const { model, asOf } = options;
  const person = { age: ageOn(record.demographics.birthDate, asOf), sex: record.demographics.sex };
  const byHcc = new Map<number, TruthHcc>();
  const unmapped = new Map<string, UnmappedCondition>();
  for (const condition of record.conditions) {
    if (condition.source !== 'EHR' || !isPresentCondition(condition, asOf)) continue;
    if (!condition.icdCode) {
      if (condition.snomedCode)
        unmapped.set(condition.snomedCode, { snomedCode: condition.snomedCode, display: condition.display });
      continue;
    }
    const code = condition.icdCode;
    const hccs = model.conditionCategories(code, person).filter((hcc) => model.isPaymentHcc(hcc));
    if (!isChronicCode(code, hccs)) continue;
    for (const hcc of hccs) {
      const item = byHcc.get(hcc) ?? { hcc, codes: [], latestDate: '', categories: [] };
      if (!item.codes.includes(code)) item.codes.push(code);
      if (!item.categories.includes(condition.category)) item.categories.push(condition.category);
      if (condition.date.slice(0, 10) > item.latestDate) item.latestDate = condition.date.slice(0, 10);
      byHcc.set(hcc, item);
    }
  }
  const dropped = new Set([...byHcc.keys()].flatMap((hcc) => model.children(hcc)));
  return {
    hccs: [...byHcc.values()].filter((item) => !dropped.has(item.hcc)).sort((left, right) => left.hcc - right.hcc),
    unmapped: [...unmapped.values()],
  };
}
