import { documentedElsewhereRule } from '../documented-elsewhere';
import { bmiClassThreeRule, bmiSevereWithComorbidityRule, malnutritionRule } from './body-weight';
import { carePlanRule } from './care-plan';
import {
  diabetesCkdRule,
  diabetesNeuropathyRule,
  diabetesPeripheralAngiopathyRule,
  hypertensiveHeartKidneyRule,
} from './combinations';
import { adaConfirmedRule, adaSingleResultRule, diabetesHyperglycaemiaRule, glucoseLoweringDrugRule } from './diabetes';
import {
  anticoagulantAtrialFibrillationRule,
  hfrefEjectionFractionOnlyRule,
  hfrefSupportedRule,
  longTermAnticoagulantRule,
  natriureticPeptideRule,
} from './heart';
import {
  antiretroviralRule,
  chronicHepatitisCRule,
  hepatitisCViraemiaRule,
  rheumatoidArthritisRule,
} from './infection-immunity';
import { albuminuriaRule, dialysisRule, egfrG3aRule, egfrG3bRule, egfrG4Rule, egfrG5Rule } from './kidney';
import { goldSpirometryRule, prebronchodilatorSpirometryRule } from './lung';
import {
  alcoholUseDisorderRule,
  aminosalicylateRule,
  antiandrogenRule,
  antipsychoticRule,
  aromataseInhibitorRule,
  chemotherapyRule,
  dementiaDrugRule,
  heartFailureDrugRule,
  inhaledMuscarinicRule,
  levodopaRule,
  lithiumRule,
  loopDiureticBetaBlockerRule,
  metforminAloneRule,
  multipleSclerosisRule,
  opioidUseDisorderRule,
  riluzoleRule,
  roflumilastRule,
} from './medication-rules';
import { phq9DepressionRule } from './mental-health';
import type { SuspectRule } from './rule';
import { amputationStatusRule, ostomyStatusRule } from './status';
import { visitReasonRule } from './visit-reason';

/** Rules that read the record alone, in the order they run. */
export const PRIMARY_RULES: readonly SuspectRule[] = [
  documentedElsewhereRule,
  visitReasonRule,
  carePlanRule,
  egfrG3aRule,
  egfrG3bRule,
  egfrG4Rule,
  egfrG5Rule,
  albuminuriaRule,
  dialysisRule,
  adaConfirmedRule,
  adaSingleResultRule,
  diabetesHyperglycaemiaRule,
  glucoseLoweringDrugRule,
  bmiClassThreeRule,
  bmiSevereWithComorbidityRule,
  malnutritionRule,
  phq9DepressionRule,
  hfrefSupportedRule,
  hfrefEjectionFractionOnlyRule,
  natriureticPeptideRule,
  anticoagulantAtrialFibrillationRule,
  longTermAnticoagulantRule,
  goldSpirometryRule,
  prebronchodilatorSpirometryRule,
  antiretroviralRule,
  rheumatoidArthritisRule,
  chronicHepatitisCRule,
  hepatitisCViraemiaRule,
  levodopaRule,
  dementiaDrugRule,
  lithiumRule,
  antipsychoticRule,
  multipleSclerosisRule,
  opioidUseDisorderRule,
  alcoholUseDisorderRule,
  roflumilastRule,
  heartFailureDrugRule,
  riluzoleRule,
  aminosalicylateRule,
  metforminAloneRule,
  inhaledMuscarinicRule,
  loopDiureticBetaBlockerRule,
  chemotherapyRule,
  antiandrogenRule,
  aromataseInhibitorRule,
  amputationStatusRule,
  ostomyStatusRule,
];

/** Rules that combine conditions found by the record or by the primary rules (ICD-10-CM combination codes). */
export const COMBINATION_RULES: readonly SuspectRule[] = [
  diabetesCkdRule,
  diabetesNeuropathyRule,
  diabetesPeripheralAngiopathyRule,
  hypertensiveHeartKidneyRule,
];

/** Every rule, with its id, kind and published source (for documentation and an API listing). */
export const SUSPECTING_RULES: readonly SuspectRule[] = [...PRIMARY_RULES, ...COMBINATION_RULES];
