import { daysBetween } from '../dates';
import type { MedicationUse } from '../medications';
import type { NormalisedObservation } from '../observations';
import { latestDiagnosis, resultsOf, usesOf, type PatientIndex } from '../patient-index';
import { findPersistentSpan } from './persistence';
import { diagnosisEvidence, medicationEvidence, observationEvidence, type RuleFinding, type SuspectRule } from './rule';

const UNIVERSAL_HF =
  'Bozkurt B et al. Universal Definition and Classification of Heart Failure, J Card Fail 2021;27:387-413; 2022 AHA/ACC/HFSA Heart Failure Guideline (HFrEF: LVEF <= 40 %)';

/** HFrEF: LVEF <= 40 % (Universal Definition 2021). */
export const HFREF_MAX_LVEF = 40;
/** NICE NG106 (2018) 1.2.3-1.2.5: refer for echocardiography above BNP 100 ng/L or NT-proBNP 400 ng/L. */
export const BNP_THRESHOLD = 100;
export const NT_PROBNP_THRESHOLD = 400;
const RECENT_DAYS = 365;
const PERSISTENCE_DAYS = 90;

const isReduced = (result: NormalisedObservation): boolean =>
  result.value !== undefined && result.value <= HFREF_MAX_LVEF;

function latestRecent(index: PatientIndex, kind: 'lvef' | 'bnp' | 'nt-probnp'): NormalisedObservation | undefined {
  const latest = resultsOf(index, kind).at(-1);
  return latest && daysBetween(latest.date, index.asOf) <= RECENT_DAYS ? latest : undefined;
}

/** The latest natriuretic peptide of the last year when it is above the NICE NG106 threshold. */
function elevatedNatriureticPeptide(index: PatientIndex): NormalisedObservation | undefined {
  const bnp = latestRecent(index, 'bnp');
  if (bnp?.value !== undefined && bnp.value > BNP_THRESHOLD) return bnp;
  const ntProBnp = latestRecent(index, 'nt-probnp');
  if (ntProBnp?.value !== undefined && ntProBnp.value > NT_PROBNP_THRESHOLD) return ntProBnp;
  return undefined;
}

/**
 * The reduced-LVEF finding: I50.22 (chronic systolic) when two results <= 40 % lie >= 90 days apart
 * with none above 40 % between, else I50.20 (unspecified systolic). `supported` tells the
 * meets-criteria rule (with a natriuretic peptide or an HF-only drug) from the EF-only rule.
 */
function reducedEjectionFraction(index: PatientIndex, rule: SuspectRule, supported: boolean): RuleFinding[] {
  const latest = latestRecent(index, 'lvef');
  if (!latest || !isReduced(latest)) return [];
  const peptide = elevatedNatriureticPeptide(index);
  const drugs = usesOf(index, ['sacubitril', 'ivabradine']);
  if ((peptide !== undefined || drugs.length > 0) !== supported) return [];
  const span = findPersistentSpan(resultsOf(index, 'lvef'), isReduced, PERSISTENCE_DAYS);
  const evidence = (span ?? [latest]).map((result) => observationEvidence(result, rule));
  if (peptide) evidence.push(observationEvidence(peptide, rule));
  for (const use of drugs) evidence.push(medicationEvidence(use, rule));
  return [{ code: span ? 'I5022' : 'I5020', evidence }];
}

export const hfrefSupportedRule: SuspectRule = {
  id: 'hfref-lvef-with-support',
  kind: 'meets-diagnostic-criteria',
  source: `${UNIVERSAL_HF}: LVEF <= 40 % with elevated natriuretic peptide (NICE NG106) or heart-failure-only therapy`,
  evaluate(index) {
    return reducedEjectionFraction(index, this, true);
  },
};

export const hfrefEjectionFractionOnlyRule: SuspectRule = {
  id: 'hfref-lvef-only',
  kind: 'clinical-correlation-needed',
  source: `${UNIVERSAL_HF}: LVEF <= 40 % without symptoms is pre-heart failure (stage B), so symptoms must be confirmed`,
  evaluate(index) {
    return reducedEjectionFraction(index, this, false);
  },
};

export const natriureticPeptideRule: SuspectRule = {
  id: 'natriuretic-peptide-heart-failure',
  kind: 'clinical-correlation-needed',
  source:
    'NICE NG106 Chronic heart failure in adults (2018) 1.2.3-1.2.5: BNP > 100 ng/L or NT-proBNP > 400 ng/L warrants echocardiography; levels also rise with age, AF, CKD and pulmonary disease',
  evaluate(index) {
    const peptide = elevatedNatriureticPeptide(index);
    if (!peptide) return [];
    const reducedEf = latestRecent(index, 'lvef');
    if (reducedEf && isReduced(reducedEf)) return []; // the LVEF rules give the more specific code
    return [{ code: 'I509', evidence: [observationEvidence(peptide, this)] }];
  },
};

export const ORAL_ANTICOAGULANTS = ['warfarin', 'apixaban', 'rivaroxaban', 'dabigatran', 'edoxaban', 'betrixaban'];
/**
 * Venous thromboembolism now or before (PE I26, chronic PE I27.82, DVT I80.1-I80.2 and I82.4-I82.9,
 * I82.A-C, personal history Z86.71-), and mechanical heart valves (Z95.2): the other indications.
 */
export const OTHER_ANTICOAGULATION_INDICATIONS = [
  'I26',
  'I2782',
  'I801',
  'I802',
  'I824',
  'I825',
  'I826',
  'I827',
  'I829',
  'I82A',
  'I82B',
  'I82C',
  'Z8671',
  'Z952',
];
/** Long-term use: an anticoagulant taken for at least 90 days. */
const LONG_TERM_DAYS = 90;

export const anticoagulantAtrialFibrillationRule: SuspectRule = {
  id: 'drug-anticoagulant-atrial-fibrillation',
  kind: 'clinical-correlation-needed',
  source:
    '2023 ACC/AHA/ACCP/HRS Atrial Fibrillation Guideline (oral anticoagulation for AF with CHA2DS2-VASc >= 2); FDA labels of warfarin and DOACs (AF, VTE treatment and prophylaxis, mechanical valves)',
  evaluate(index) {
    const uses = usesOf(index, ORAL_ANTICOAGULANTS);
    if (uses.length === 0) return [];
    if (latestDiagnosis(index, OTHER_ANTICOAGULATION_INDICATIONS)) return [];
    if (latestDiagnosis(index, ['I48'], index.lookbackStart)) return [];
    return [{ code: 'I4891', evidence: uses.map((use) => medicationEvidence(use, this)) }];
  },
};

/** Orders this close together are one course of treatment (a refill or a switch of drug). */
const COURSE_GAP_DAYS = 30;

/** Start of the uninterrupted course of anticoagulation that is current on the as-of date. */
function continuousStart(uses: readonly MedicationUse[], current: readonly MedicationUse[]): string {
  let start = current.reduce((earliest, use) => (use.start < earliest ? use.start : earliest), current[0]?.start ?? '');
  const earlier = [...uses].sort((left, right) => (left.end < right.end ? 1 : -1));
  for (const use of earlier) if (use.start < start && daysBetween(use.end, start) <= COURSE_GAP_DAYS) start = use.start;
  return start;
}

export const longTermAnticoagulantRule: SuspectRule = {
  id: 'long-term-anticoagulant',
  kind: 'meets-diagnostic-criteria',
  source:
    'ICD-10-CM Official Guidelines FY2026 I.C.21.c.3 (Z79 long-term current drug therapy); anticoagulant taken >= 90 days and current',
  evaluate(index) {
    const uses = usesOf(index, ORAL_ANTICOAGULANTS);
    const current = uses.filter((use) => use.isCurrent);
    if (current.length === 0) return [];
    if (daysBetween(continuousStart(uses, current), index.asOf) < LONG_TERM_DAYS) return [];
    const evidence = uses.map((use) => medicationEvidence(use, this));
    const vte = latestDiagnosis(index, OTHER_ANTICOAGULATION_INDICATIONS);
    if (vte) evidence.push(diagnosisEvidence(vte, this));
    return [{ code: 'Z7901', evidence }];
  },
};
