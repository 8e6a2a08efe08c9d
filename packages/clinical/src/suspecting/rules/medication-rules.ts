import { latestDiagnosis, usesOf, type PatientIndex } from '../patient-index';
import { medicationEvidence, type RuleFinding, type SuspectRule } from './rule';

interface IndicationRuleSpec {
  id: string;
  code: string;
  ingredients: readonly string[];
  source: string;
  /**
   * The condition coded in the look-back window (code prefixes): recapture then offers the code the
   * practice chose, and this unspecified one would only repeat it.
   */
  alreadyCoded?: readonly string[];
  /** Diagnoses (code prefixes, any date) that explain the drug otherwise. */
  explainedBy?: readonly string[];
}

/** A rule on a drug with one indication: the drug's ingredients and the condition's code prefixes. */
export interface IndicationRule extends SuspectRule {
  ingredients: readonly string[];
  /**
   * Code prefixes of the conditions the drug treats: the one it suggests (as coded in the look-back, else
   * the code suggested) and those that explain it otherwise.
   */
  conditions: readonly string[];
}

/** A drug whose only common (labelled) indication is one condition: clinical correlation needed. */
function indicationRule(spec: IndicationRuleSpec): IndicationRule {
  return {
    id: spec.id,
    ingredients: spec.ingredients,
    conditions: [...(spec.alreadyCoded ?? [spec.code]), ...(spec.explainedBy ?? [])],
    kind: 'clinical-correlation-needed',
    source: spec.source,
    evaluate(index: PatientIndex): RuleFinding[] {
      const uses = usesOf(index, spec.ingredients);
      if (uses.length === 0) return [];
      if (spec.alreadyCoded && latestDiagnosis(index, spec.alreadyCoded, index.lookbackStart)) return [];
      if (spec.explainedBy && latestDiagnosis(index, spec.explainedBy)) return [];
      return [{ code: spec.code, evidence: uses.map((use) => medicationEvidence(use, this)) }];
    },
  };
}

export const levodopaRule = indicationRule({
  id: 'drug-levodopa-parkinson',
  code: 'G20A1',
  ingredients: ['levodopa'],
  source:
    'FDA label carbidopa/levodopa (Sinemet): Parkinson disease and parkinsonism; ICD-10-CM FY2024 Index "Parkinson\'s disease NOS G20.A1"',
  alreadyCoded: ['G20'],
  // Secondary and atypical parkinsonism, other basal ganglia degeneration, restless legs (G25.81).
  explainedBy: ['G21', 'G23', 'G31', 'G2581'],
});

export const dementiaDrugRule = indicationRule({
  id: 'drug-dementia',
  code: 'F0390',
  ingredients: ['donepezil', 'rivastigmine', 'galantamine', 'memantine'],
  source:
    'FDA labels: donepezil, rivastigmine, galantamine, memantine are indicated only for dementia (Alzheimer type; rivastigmine also Parkinson disease dementia)',
  // A specific dementia already on record is recaptured as such; the unspecified code would add nothing.
  alreadyCoded: ['F01', 'F02', 'F03', 'G30', 'G310', 'G3183'],
});

export const lithiumRule = indicationRule({
  id: 'drug-lithium-bipolar',
  code: 'F319',
  ingredients: ['lithium'],
  source: 'FDA label lithium carbonate: bipolar I disorder (acute mania and maintenance)',
  alreadyCoded: ['F31'],
  // Lithium also augments antidepressants in recurrent major depression and treats schizoaffective disorder.
  explainedBy: ['F33', 'F25'],
});

export const multipleSclerosisRule = indicationRule({
  id: 'drug-ms-therapy',
  code: 'G35D',
  ingredients: ['ms-therapy'],
  source:
    'FDA labels of MS disease-modifying therapies (interferon beta, glatiramer, fingolimod, siponimod, ponesimod, fumarates, teriflunomide, ocrelizumab, ublituximab, and MS-only brands of ofatumumab, cladribine, alemtuzumab); ICD-10-CM FY2026 G35.D',
  alreadyCoded: ['G35'],
});

export const opioidUseDisorderRule = indicationRule({
  id: 'drug-opioid-use-disorder',
  code: 'F1120',
  ingredients: ['buprenorphine-naloxone', 'buprenorphine-oud'],
  source:
    'FDA labels: buprenorphine/naloxone (Suboxone, Zubsolv) and extended-release or sublingual buprenorphine for opioid dependence (Sublocade, Brixadi, Subutex); buprenorphine for pain (Butrans, Belbuca) is not counted',
  alreadyCoded: ['F11'],
});

export const alcoholUseDisorderRule = indicationRule({
  id: 'drug-alcohol-use-disorder',
  code: 'F1020',
  ingredients: ['acamprosate', 'disulfiram'],
  source: 'FDA labels: acamprosate and disulfiram are indicated only for alcohol dependence',
  alreadyCoded: ['F10'],
});

export const roflumilastRule = indicationRule({
  id: 'drug-roflumilast-copd',
  code: 'J449',
  ingredients: ['roflumilast'],
  source: 'FDA label roflumilast (Daliresp): severe COPD with chronic bronchitis and exacerbations',
  alreadyCoded: ['J43', 'J44'],
});

export const heartFailureDrugRule = indicationRule({
  id: 'drug-heart-failure',
  code: 'I509',
  ingredients: ['sacubitril', 'ivabradine'],
  source: 'FDA labels: sacubitril/valsartan (Entresto) and ivabradine (Corlanor) are indicated only for heart failure',
  alreadyCoded: ['I50', 'I110', 'I130', 'I132'],
});

export const riluzoleRule = indicationRule({
  id: 'drug-riluzole-als',
  code: 'G1221',
  ingredients: ['riluzole'],
  source: 'FDA label riluzole (Rilutek): amyotrophic lateral sclerosis only',
  alreadyCoded: ['G122'],
});

export const aminosalicylateRule = indicationRule({
  id: 'drug-aminosalicylate-ulcerative-colitis',
  code: 'K5190',
  ingredients: ['aminosalicylate-uc'],
  source: 'FDA labels: mesalamine, balsalazide and olsalazine are indicated for ulcerative colitis',
  alreadyCoded: ['K51'],
  // Crohn disease is also treated with mesalamine off label.
  explainedBy: ['K50'],
});

export const inhaledMuscarinicRule = indicationRule({
  id: 'drug-inhaled-lama-copd',
  code: 'J449',
  ingredients: ['lama'],
  source:
    'GOLD 2025 Global Strategy for COPD, ch. 3 (a long-acting muscarinic antagonist, alone or with a LABA, is initial maintenance therapy); FDA labels: umeclidinium, aclidinium, glycopyrrolate and revefenacin inhalers are indicated for COPD only, tiotropium also for asthma',
  alreadyCoded: ['J43', 'J44'],
  explainedBy: ['J45'],
});

export const antiandrogenRule = indicationRule({
  id: 'drug-androgen-pathway-prostate-cancer',
  code: 'C61',
  ingredients: ['androgen-pathway-inhibitor'],
  source:
    'FDA labels: abiraterone, enzalutamide, apalutamide and darolutamide are indicated only for prostate cancer; ICD-10-CM Guidelines I.C.2.d (a malignancy still treated is coded as current, not as history)',
  alreadyCoded: ['C61'],
});

export const aromataseInhibitorRule = indicationRule({
  id: 'drug-aromatase-inhibitor-breast-cancer',
  code: 'C50919',
  ingredients: ['aromatase-inhibitor'],
  source:
    'FDA labels: anastrozole, letrozole and exemestane are indicated for breast cancer (adjuvant, advanced); ICD-10-CM Guidelines I.C.2.d (a malignancy still treated, adjuvant hormonal therapy included, is coded as current)',
  alreadyCoded: ['C50'],
  // Letrozole also induces ovulation (female infertility, PCOS).
  explainedBy: ['N97', 'E282'],
});

/** Every single-indication drug rule, for what treats a condition (`condition-markers.ts`). */
export const INDICATION_RULES: readonly IndicationRule[] = [
  levodopaRule,
  dementiaDrugRule,
  lithiumRule,
  multipleSclerosisRule,
  opioidUseDisorderRule,
  alcoholUseDisorderRule,
  roflumilastRule,
  heartFailureDrugRule,
  riluzoleRule,
  aminosalicylateRule,
  inhaledMuscarinicRule,
  antiandrogenRule,
  aromataseInhibitorRule,
];

export const SCHIZOPHRENIA_ONLY = [
  'clozapine',
  'haloperidol-decanoate',
  'fluphenazine-decanoate',
  'paliperidone-palmitate',
  'olanzapine-pamoate',
];
/** Long-acting risperidone and aripiprazole are also labelled for bipolar I maintenance. */
export const SCHIZOPHRENIA_OR_BIPOLAR = ['risperidone-long-acting', 'aripiprazole-long-acting'];

export const antipsychoticRule: SuspectRule = {
  id: 'drug-antipsychotic-schizophrenia',
  kind: 'clinical-correlation-needed',
  source:
    'FDA labels: clozapine (treatment-resistant schizophrenia), haloperidol and fluphenazine decanoate, paliperidone palmitate, olanzapine pamoate (schizophrenia); long-acting risperidone and aripiprazole (schizophrenia, bipolar I maintenance)',
  evaluate(index) {
    if (latestDiagnosis(index, ['F20', 'F25'], index.lookbackStart)) return [];
    const isBipolar = latestDiagnosis(index, ['F31']) !== undefined;
    const uses = usesOf(index, isBipolar ? SCHIZOPHRENIA_ONLY : [...SCHIZOPHRENIA_ONLY, ...SCHIZOPHRENIA_OR_BIPOLAR]);
    if (uses.length === 0) return [];
    return [{ code: 'F209', evidence: uses.map((use) => medicationEvidence(use, this)) }];
  },
};

/** Coded conditions that explain metformin without diabetes: prediabetes, PCOS, gestational diabetes. */
const METFORMIN_OTHER_INDICATIONS = ['R730', 'E282', 'O244'];

export const metforminAloneRule: SuspectRule = {
  id: 'drug-metformin-diabetes',
  kind: 'clinical-correlation-needed',
  source:
    'FDA label metformin: type 2 diabetes mellitus (its only labelled indication); ADA Standards of Care 2025 §3 (also used to prevent diabetes in prediabetes) and off label in PCOS: clinical correlation needed; ICD-10-CM I.C.4.a.2 (type not documented: E11)',
  evaluate(index) {
    const uses = usesOf(index, ['metformin']);
    if (uses.length === 0) return [];
    if (latestDiagnosis(index, ['E08', 'E09', 'E10', 'E11', 'E13'], index.lookbackStart)) return [];
    if (latestDiagnosis(index, METFORMIN_OTHER_INDICATIONS)) return [];
    return [{ code: 'E119', evidence: uses.map((use) => medicationEvidence(use, this)) }];
  },
};

/** Loop diuretics treat the congestion of cirrhosis, nephrotic syndrome and advanced CKD too. */
const LOOP_DIURETIC_OTHER_INDICATIONS = ['K703', 'K746', 'N04', 'N184', 'N185', 'N186'];

export const loopDiureticBetaBlockerRule: SuspectRule = {
  id: 'drug-loop-diuretic-beta-blocker-heart-failure',
  kind: 'clinical-correlation-needed',
  source:
    '2022 AHA/ACC/HFSA Guideline for the Management of Heart Failure, §7.3.1 (loop diuretics for congestion, class 1) and §7.3.2 (carvedilol, metoprolol succinate or bisoprolol in HFrEF, class 1): the pair together suggests treated heart failure',
  evaluate(index) {
    const loops = usesOf(index, ['loop-diuretic']);
    const betaBlockers = usesOf(index, ['hf-beta-blocker']);
    if (loops.length === 0 || betaBlockers.length === 0) return [];
    if (latestDiagnosis(index, ['I50', 'I110', 'I130', 'I132'], index.lookbackStart)) return [];
    if (latestDiagnosis(index, LOOP_DIURETIC_OTHER_INDICATIONS)) return [];
    return [{ code: 'I509', evidence: [...loops, ...betaBlockers].map((use) => medicationEvidence(use, this)) }];
  },
};

export const chemotherapyRule: SuspectRule = {
  id: 'drug-chemotherapy-cancer',
  kind: 'clinical-correlation-needed',
  source:
    'FDA labels: platinum agents, taxanes, etoposide, anthracyclines, gemcitabine, pemetrexed, irinotecan, topotecan, vinca alkaloids, capecitabine, temozolomide and PD-1/PD-L1 inhibitors are indicated only for malignancies; ICD-10-CM Guidelines I.C.2.d and I.C.2.e.2 (a malignancy under treatment is current: code its site, C80.1 only when the site is not documented)',
  evaluate(index) {
    const uses = usesOf(index, ['chemotherapy']);
    if (uses.length === 0) return [];
    // A malignancy on record names the site: the old-but-active condition or recapture offers it.
    const malignancy = [...index.diagnosesByCategory.keys()].some((category) => /^C[0-8]|^C9[0-6]/.test(category));
    if (malignancy) return [];
    return [{ code: 'C801', evidence: uses.map((use) => medicationEvidence(use, this)) }];
  },
};
