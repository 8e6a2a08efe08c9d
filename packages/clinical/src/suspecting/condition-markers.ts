import type { ObservationKind } from './observations';
import { bmiClassThreeRule, malnutritionRule } from './rules/body-weight';
import { CKD, DIABETES, HEART_FAILURE } from './rules/combinations';
import {
  adaConfirmedRule,
  DIABETES_ONLY,
  glucoseLoweringDrugRule,
  INJECTABLE_NON_INSULIN,
  ORAL,
  SHARED_INDICATION,
} from './rules/diabetes';
import {
  anticoagulantAtrialFibrillationRule,
  hfrefSupportedRule,
  longTermAnticoagulantRule,
  natriureticPeptideRule,
  ORAL_ANTICOAGULANTS,
  OTHER_ANTICOAGULATION_INDICATIONS,
} from './rules/heart';
import {
  antiretroviralRule,
  chronicHepatitisCRule,
  CONVENTIONAL_DMARDS,
  HIV_TREATMENT_ONLY,
  rheumatoidArthritisRule,
  SHARED_ANTIVIRALS,
} from './rules/infection-immunity';
import { albuminuriaRule, egfrG3aRule } from './rules/kidney';
import { goldSpirometryRule } from './rules/lung';
import {
  antipsychoticRule,
  INDICATION_RULES,
  SCHIZOPHRENIA_ONLY,
  SCHIZOPHRENIA_OR_BIPOLAR,
} from './rules/medication-rules';
import { phq9DepressionRule } from './rules/mental-health';
import type { RuleRef } from './rules/rule';

/**
 * What the suspecting rules read for one condition, whatever its values: the results that evaluate it
 * and the drugs that treat it. A rule asks "is the HbA1c at least 6.5 %?"; a note on diabetes needs
 * the HbA1c whatever it is, and the metformin the patient takes, which no rule counts alone.
 */
export interface ConditionMarkers {
  /** ICD-10-CM code prefixes of the condition (upper case, no dot). */
  conditions: readonly string[];
  /** Results that evaluate it. */
  results?: readonly ObservationKind[];
  /** Drugs that treat it: ingredients or drug classes of the drug lexicon. */
  ingredients?: readonly string[];
  /** The rule that reads these markers for this condition: its id and source go with the evidence. */
  rule: RuleRef;
}

/** Z79.4 long-term insulin, Z79.84 oral hypoglycaemics, Z79.85 injectable non-insulin antidiabetics. */
const LONG_TERM_DIABETES_DRUGS: readonly ConditionMarkers[] = [
  { conditions: ['Z794'], ingredients: ['insulin'], rule: glucoseLoweringDrugRule },
  { conditions: ['Z7984'], ingredients: ORAL, rule: glucoseLoweringDrugRule },
  { conditions: ['Z7985'], ingredients: INJECTABLE_NON_INSULIN, rule: glucoseLoweringDrugRule },
];

/** The markers of every condition the rules read results or drugs for, taken from the rules' own lists. */
export const CONDITION_MARKERS: readonly ConditionMarkers[] = [
  { conditions: DIABETES, results: ['hba1c', 'fasting-glucose'], rule: adaConfirmedRule },
  { conditions: DIABETES, ingredients: [...DIABETES_ONLY, ...SHARED_INDICATION], rule: glucoseLoweringDrugRule },
  ...LONG_TERM_DIABETES_DRUGS,
  // Z99.2 dependence on dialysis: the kidney function it replaces.
  { conditions: [...CKD, 'Z992'], results: ['egfr'], rule: egfrG3aRule },
  { conditions: CKD, results: ['uacr'], rule: albuminuriaRule },
  { conditions: HEART_FAILURE, results: ['lvef'], rule: hfrefSupportedRule },
  { conditions: HEART_FAILURE, results: ['bnp', 'nt-probnp'], rule: natriureticPeptideRule },
  {
    conditions: ['I48', ...OTHER_ANTICOAGULATION_INDICATIONS],
    ingredients: ORAL_ANTICOAGULANTS,
    rule: anticoagulantAtrialFibrillationRule,
  },
  { conditions: ['Z7901'], ingredients: ORAL_ANTICOAGULANTS, rule: longTermAnticoagulantRule },
  { conditions: ['J43', 'J44'], results: ['fev1-fvc'], rule: goldSpirometryRule },
  { conditions: ['F32', 'F33'], results: ['phq9'], rule: phq9DepressionRule },
  // E66 obesity and Z68.3-Z68.4 adult BMI 30 and over.
  { conditions: ['E66', 'Z683', 'Z684'], results: ['bmi'], rule: bmiClassThreeRule },
  // E40-E46 malnutrition.
  {
    conditions: ['E40', 'E41', 'E42', 'E43', 'E44', 'E45', 'E46'],
    results: ['bmi', 'albumin'],
    rule: malnutritionRule,
  },
  // B20 HIV disease, Z21 asymptomatic HIV infection status.
  { conditions: ['B20', 'Z21'], ingredients: [...HIV_TREATMENT_ONLY, ...SHARED_ANTIVIRALS], rule: antiretroviralRule },
  {
    conditions: ['M05', 'M06'],
    results: ['rheumatoid-factor', 'anti-ccp'],
    ingredients: CONVENTIONAL_DMARDS,
    rule: rheumatoidArthritisRule,
  },
  // B18.2 chronic, B17.1- acute and B19.2- unspecified viral hepatitis C.
  { conditions: ['B182', 'B171', 'B192'], results: ['hcv-rna'], rule: chronicHepatitisCRule },
  {
    conditions: ['F20', 'F25'],
    ingredients: [...SCHIZOPHRENIA_ONLY, ...SCHIZOPHRENIA_OR_BIPOLAR],
    rule: antipsychoticRule,
  },
  ...INDICATION_RULES.map((rule) => ({ conditions: rule.conditions, ingredients: rule.ingredients, rule })),
];
