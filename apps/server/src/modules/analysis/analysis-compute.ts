import { scoreRaf, selectSegment, suspect, type PatientRecord, type Suggestion } from '@cairn/clinical';
import { ageOn } from './analysis-record';
import type { StoredRiskScore } from './analysis.repository';

/**
 * What the suggestion pass stores for one patient. Care gaps are not computed here: CMS's CQL is slow, so
 * the quality pass evaluates them apart (`quality-run.ts`), after this, for patients whose data changed.
 */
export interface ComputedAnalysis {
  suggestions: Suggestion[];
  riskScore: StoredRiskScore;
  openSuggestions: number;
  hccCount: number;
}

const NOT_DOCUMENTED = new Set(['refuted', 'entered-in-error']);

/** ICD-10-CM codes documented in the calendar year of `asOf`, up to it: conditions and claims. */
export function codesDocumentedThisYear(record: PatientRecord, asOf: string): string[] {
  const yearStart = `${asOf.slice(0, 4)}-01-01`;
  const inYear = (date: string) => date >= yearStart && date <= asOf;
  const codes = new Set<string>();
  for (const condition of record.conditions) {
    if (!condition.icdCode || !inYear(condition.date)) continue;
    if (condition.verificationStatus && NOT_DOCUMENTED.has(condition.verificationStatus)) continue;
    codes.add(condition.icdCode);
  }
  for (const claim of record.claims) if (inYear(claim.serviceDate)) codes.add(claim.icdCode);
  return [...codes];
}

/**
 * The V28 raw risk score of the codes documented this year and of those plus the suggested codes. The
 * age is taken on February 1 of the payment year these diagnoses count for (the year after), as CMS
 * does; unknown sex is scored as female, which only moves the demographic cell.
 */
export function riskScoreOf(record: PatientRecord, asOf: string, suggestedCodes: readonly string[]): StoredRiskScore {
  const { demographics } = record;
  const paymentYear = Number(asOf.slice(0, 4)) + 1;
  const age = Math.max(0, ageOn(demographics.birthDate, `${String(paymentYear)}-02-01`));
  const segment = selectSegment({
    age,
    dualStatus: demographics.dualStatus ?? 'none',
    institutional: demographics.institutional ?? false,
    newEnrollee: false,
    snp: false,
  });
  const base = {
    age,
    sex: demographics.sex ?? 'F',
    orec: demographics.orec ?? '0',
    medicaid: demographics.medicaid ?? false,
    segment,
  } as const;
  const documented = codesDocumentedThisYear(record, asOf);
  const current = scoreRaf({ ...base, diagnoses: documented }).raf;
  const potential = scoreRaf({ ...base, diagnoses: [...new Set([...documented, ...suggestedCodes])] }).raf;
  return { model: 'v28', current, potential };
}

/** Suggestions, risk score and the schedule's counts of one record as of a date. */
export function computeAnalysis(record: PatientRecord, asOf: string): ComputedAnalysis {
  const suggestions = suspect(record, { asOf });
  const hccs = new Set(suggestions.flatMap((suggestion) => suggestion.hcc.v28));
  return {
    suggestions,
    riskScore: riskScoreOf(
      record,
      asOf,
      suggestions.map((suggestion) => suggestion.code),
    ),
    openSuggestions: suggestions.length,
    hccCount: hccs.size,
  };
}
