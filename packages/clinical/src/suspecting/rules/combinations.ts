import { latestDiagnosis, type PatientIndex } from '../patient-index';
import type { SuggestionEvidence, SuspectKind } from '../types';
import { diagnosisEvidence, reuseEvidence, type RuleRef, type RuleResult, type SuspectRule } from './rule';

const WITH_CONVENTION =
  'ICD-10-CM Official Guidelines FY2026 I.A.15 ("with": conditions linked in the Alphabetic Index are presumed causally related unless documentation says otherwise)';

/** A condition the patient has: coded in the look-back window, or found by an earlier rule. */
interface Presence {
  code: string;
  evidence: SuggestionEvidence[];
  /** Set when the condition is itself only suspected with clinical correlation needed. */
  isTentative: boolean;
}

function combinedKind(...parts: (Presence | undefined)[]): SuspectKind {
  return parts.some((part) => part?.isTentative) ? 'clinical-correlation-needed' : 'meets-diagnostic-criteria';
}

function findPresence(
  index: PatientIndex,
  earlier: readonly RuleResult[],
  prefixes: readonly string[],
  rule: RuleRef,
): Presence | undefined {
  const matches = (code: string): boolean => prefixes.some((prefix) => code.startsWith(prefix));
  const coded = latestDiagnosis(index, prefixes, index.lookbackStart);
  if (coded) return { code: coded.code, evidence: [diagnosisEvidence(coded, rule)], isTentative: false };
  const found =
    earlier.find((result) => matches(result.code) && result.kind !== 'clinical-correlation-needed') ??
    earlier.find((result) => matches(result.code));
  if (!found) return undefined;
  return {
    code: found.code,
    evidence: reuseEvidence(found.evidence, rule),
    isTentative: found.kind === 'clinical-correlation-needed',
  };
}

export const DIABETES = ['E08', 'E09', 'E10', 'E11', 'E13'];
export const CKD = ['N18', 'E1022', 'E1122', 'E1322', 'E0822', 'E0922', 'I12', 'I13'];

function diabetesComplicationRule(options: {
  id: string;
  source: string;
  complication: readonly string[];
  suffix: (complication: Presence) => string;
}): SuspectRule {
  return {
    id: options.id,
    kind: 'meets-diagnostic-criteria',
    source: `${WITH_CONVENTION}; ${options.source}`,
    evaluate(index, earlier) {
      const diabetes = findPresence(index, earlier, DIABETES, this);
      if (!diabetes) return [];
      const complication = findPresence(index, earlier, options.complication, this);
      if (!complication) return [];
      return [
        {
          code: diabetes.code.slice(0, 3) + options.suffix(complication),
          evidence: [...diabetes.evidence, ...complication.evidence],
          kind: combinedKind(diabetes, complication),
        },
      ];
    },
  };
}

export const diabetesCkdRule = diabetesComplicationRule({
  id: 'combination-diabetes-ckd',
  source: 'ICD-10-CM Index "Diabetes, with, chronic kidney disease E11.22" (use an additional N18 code for the stage)',
  complication: CKD,
  suffix: () => '22',
});

export const diabetesNeuropathyRule = diabetesComplicationRule({
  id: 'combination-diabetes-polyneuropathy',
  source: 'ICD-10-CM Index "Diabetes, with, polyneuropathy E11.42"',
  // G60.9 hereditary/idiopathic neuropathy unspecified, G62.x other/unspecified polyneuropathy, G63 polyneuropathy in diseases classified elsewhere.
  complication: ['G609', 'G62', 'G63'],
  suffix: () => '42',
});

export const diabetesPeripheralAngiopathyRule = diabetesComplicationRule({
  id: 'combination-diabetes-peripheral-angiopathy',
  source:
    'ICD-10-CM Index "Diabetes, with, peripheral angiopathy E11.51 / with gangrene E11.52"; AHA Coding Clinic 2018 Q2 p.7 (diabetes with peripheral arterial disease is linked)',
  // I73.9 peripheral vascular disease, I70.2- atherosclerosis of native arteries of the extremities (I70.26- with gangrene), I96 gangrene.
  complication: ['I739', 'I702', 'I96'],
  suffix: (complication) =>
    complication.code.startsWith('I7026') || complication.code.startsWith('I96') ? '52' : '51',
});

const HYPERTENSION = ['I10', 'I11', 'I12', 'I13', 'I15', 'I16'];
export const HEART_FAILURE = ['I50', 'I110', 'I130', 'I132'];
const CKD_STAGE_5 = ['N185', 'N186', 'I120', 'I1311', 'I132'];

export const hypertensiveHeartKidneyRule: SuspectRule = {
  id: 'combination-hypertensive-heart-ckd',
  kind: 'meets-diagnostic-criteria',
  source:
    'ICD-10-CM Official Guidelines FY2026 I.C.9.a.1-3 (hypertension with heart failure I11.0, with CKD I12.-, with both I13.-: the links are presumed)',
  evaluate(index, earlier) {
    const hypertension = findPresence(index, earlier, HYPERTENSION, this);
    if (!hypertension) return [];
    const heartFailure = findPresence(index, earlier, HEART_FAILURE, this);
    const ckd = findPresence(index, earlier, CKD, this);
    const stageFive = ckd !== undefined && CKD_STAGE_5.some((prefix) => ckd.code.startsWith(prefix));
    let code: string | undefined;
    if (heartFailure && ckd) code = stageFive ? 'I132' : 'I130';
    else if (ckd) code = stageFive ? 'I120' : 'I129';
    else if (heartFailure) code = 'I110';
    if (!code) return [];
    return [
      {
        code,
        evidence: [...hypertension.evidence, ...(heartFailure?.evidence ?? []), ...(ckd?.evidence ?? [])],
        kind: combinedKind(hypertension, heartFailure, ckd),
      },
    ];
  },
};
