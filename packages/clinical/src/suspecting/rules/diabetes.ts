import { daysBetween } from '../dates';
import type { MedicationUse } from '../medications';
import type { NormalisedObservation } from '../observations';
import { hasRecentPregnancy, latestDiagnosis, resultsOf, usesOf, type PatientIndex } from '../patient-index';
import { diagnosisEvidence, medicationEvidence, observationEvidence, type RuleFinding, type SuspectRule } from './rule';

const ADA =
  'American Diabetes Association, Standards of Care in Diabetes-2025, §2 Diagnosis and Classification, Table 2.1 (HbA1c >= 6.5 %, fasting plasma glucose >= 126 mg/dL; without unequivocal hyperglycaemia two abnormal results are required)';
const ICD_DEFAULT_TYPE =
  'ICD-10-CM Official Guidelines FY2026 I.C.4.a.2 (type not documented: E11) and I.C.4.a.3 (Z79.4, Z79.84, Z79.85)';

/** ADA 2025 Table 2.1 thresholds. */
export const HBA1C_DIABETES_PERCENT = 6.5;
export const FASTING_GLUCOSE_DIABETES_MG_DL = 126;

/** The diabetes category the record already uses (E10, E11, E13, E08, E09), default E11 (ICD-10-CM I.C.4.a.2). */
export function diabetesCategory(index: PatientIndex): string {
  return latestDiagnosis(index, ['E08', 'E09', 'E10', 'E11', 'E13'])?.code.slice(0, 3) ?? 'E11';
}

function abnormalGlycaemia(index: PatientIndex): NormalisedObservation[] {
  const since = index.priorYearStart;
  const a1c = resultsOf(index, 'hba1c').filter((r) => r.date >= since && (r.value ?? 0) >= HBA1C_DIABETES_PERCENT);
  const glucose = resultsOf(index, 'fasting-glucose').filter(
    (r) => r.date >= since && (r.value ?? 0) >= FASTING_GLUCOSE_DIABETES_MG_DL,
  );
  return [...a1c, ...glucose].sort((left, right) => (left.date < right.date ? -1 : 1));
}

function glycaemiaFinding(index: PatientIndex, rule: SuspectRule, wantsConfirmed: boolean): RuleFinding[] {
  // Gestational diabetes is diagnosed differently and HbA1c is not used for it (ADA 2025 §2, §15).
  if (hasRecentPregnancy(index)) return [];
  const abnormal = abnormalGlycaemia(index);
  // Two abnormal results: two tests of one sample (an HbA1c and a glucose) or two samples.
  const isConfirmed = abnormal.length >= 2;
  if (abnormal.length === 0 || isConfirmed !== wantsConfirmed) return [];
  const category = diabetesCategory(index);
  if (category === 'E08' || category === 'E09') return [];
  return [{ code: `${category}9`, evidence: abnormal.map((result) => observationEvidence(result, rule)) }];
}

export const adaConfirmedRule: SuspectRule = {
  id: 'ada-diabetes-two-results',
  kind: 'meets-diagnostic-criteria',
  source: ADA,
  evaluate(index) {
    return glycaemiaFinding(index, this, true);
  },
};

export const adaSingleResultRule: SuspectRule = {
  id: 'ada-diabetes-single-result',
  kind: 'clinical-correlation-needed',
  source: `${ADA}; a single abnormal result needs a repeat test or a clinician's judgement`,
  evaluate(index) {
    return glycaemiaFinding(index, this, false);
  },
};

/** Used only for diabetes (labels): insulin, sulfonylureas, DPP-4 inhibitors, TZDs, meglitinides, and so on. */
export const DIABETES_ONLY = [
  'insulin',
  'sulfonylurea',
  'dpp4-inhibitor',
  'thiazolidinedione',
  'meglitinide',
  'alpha-glucosidase-inhibitor',
  'amylin-analogue',
  'glp1-diabetes',
];
/** Glucose-lowering drugs with other indications: metformin (prediabetes, PCOS), SGLT2 inhibitors (heart failure, CKD), GLP-1 agonists named without a diabetes brand (obesity). */
export const SHARED_INDICATION = ['metformin', 'sglt2-inhibitor', 'glp1-generic'];
export const ORAL = [
  'sulfonylurea',
  'dpp4-inhibitor',
  'thiazolidinedione',
  'meglitinide',
  'alpha-glucosidase-inhibitor',
];
export const INJECTABLE_NON_INSULIN = ['glp1-diabetes', 'amylin-analogue'];

function longTermUseCodes(uses: readonly MedicationUse[]): string[] {
  const has = (classes: readonly string[]): boolean =>
    uses.some((use) => classes.some((name) => use.ingredients.has(name)));
  const codes: string[] = [];
  if (has(['insulin'])) codes.push('Z794');
  if (has(ORAL)) codes.push('Z7984');
  if (has(INJECTABLE_NON_INSULIN)) codes.push('Z7985');
  return codes;
}

export const glucoseLoweringDrugRule: SuspectRule = {
  id: 'drug-glucose-lowering-diabetes',
  kind: 'clinical-correlation-needed',
  source: `FDA labels (these drugs are indicated only for diabetes mellitus; metformin, SGLT2 inhibitors and GLP-1 agonists also treat prediabetes, PCOS, heart failure, CKD or obesity, so count only two or more of those together); ${ICD_DEFAULT_TYPE}`,
  evaluate(index) {
    const specific = usesOf(index, DIABETES_ONLY);
    const shared = usesOf(index, SHARED_INDICATION);
    const sharedClasses = new Set(SHARED_INDICATION.filter((name) => shared.some((use) => use.ingredients.has(name))));
    if (specific.length === 0 && sharedClasses.size < 2) return [];
    const category = diabetesCategory(index);
    const uses = [...specific, ...shared];
    const evidence = uses.map((use) => medicationEvidence(use, this));
    const codes = [`${category}9`, ...longTermUseCodes(uses.filter((use) => use.isCurrent))];
    return codes.map((code) => ({ code, evidence }));
  },
};

/** HEDIS and the ADA use HbA1c > 9 % as poor control; ICD-10-CM indexes "out of control"/"poorly controlled" diabetes to "with hyperglycemia". */
export const HBA1C_POOR_CONTROL_PERCENT = 9;

export const diabetesHyperglycaemiaRule: SuspectRule = {
  id: 'diabetes-hyperglycaemia',
  kind: 'clinical-correlation-needed',
  source:
    'ICD-10-CM Index "Diabetes, poorly controlled / out of control - code to Diabetes, by type, with hyperglycemia"; NCQA HEDIS HBD (HbA1c > 9.0 % is poor control)',
  evaluate(index) {
    const diabetes = latestDiagnosis(index, ['E10', 'E11', 'E13']);
    const latest = resultsOf(index, 'hba1c').at(-1);
    if (!diabetes || latest?.value === undefined || latest.value <= HBA1C_POOR_CONTROL_PERCENT) return [];
    if (daysBetween(latest.date, index.asOf) > 365) return [];
    return [
      {
        code: `${diabetes.code.slice(0, 3)}65`,
        evidence: [diagnosisEvidence(diabetes, this), observationEvidence(latest, this)],
      },
    ];
  },
};
