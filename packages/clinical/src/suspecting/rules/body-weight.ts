import { daysBetween } from '../dates';
import { hasRecentPregnancy, latestDiagnosis, resultsOf, type PatientIndex } from '../patient-index';
import type { NormalisedObservation } from '../observations';
import { diagnosisEvidence, observationEvidence, type SuspectRule } from './rule';

const WHO_BMI =
  'WHO Technical Report Series 894 (2000), BMI classification: obesity class III >= 40, class II 35-39.9, underweight < 18.5 kg/m2';
/** ICD-10-CM Z68.3x/Z68.4x are the adult BMI codes, for persons 20 years or older (Tabular note at Z68). */
const ADULT_AGE = 20;

/** The latest BMI of this or last year, for an adult who is not pregnant (BMI codes are not assigned in pregnancy). */
function latestAdultBmi(index: PatientIndex): NormalisedObservation | undefined {
  if (index.age < ADULT_AGE || hasRecentPregnancy(index)) return undefined;
  const latest = resultsOf(index, 'bmi').at(-1);
  return latest && latest.date >= index.priorYearStart ? latest : undefined;
}

/** Z68 adult BMI code of a value (Z68.35 35.0-35.9 ... Z68.39 39.0-39.9, Z68.41 40.0-44.9, ... Z68.45 70 or more). */
export function bmiCode(bmi: number): string | undefined {
  if (bmi >= 70) return 'Z6845';
  if (bmi >= 60) return 'Z6844';
  if (bmi >= 50) return 'Z6843';
  if (bmi >= 45) return 'Z6842';
  if (bmi >= 40) return 'Z6841';
  if (bmi >= 35) return `Z683${Math.floor(bmi) - 30}`;
  return undefined;
}

export const bmiClassThreeRule: SuspectRule = {
  id: 'bmi-obesity-class-3',
  kind: 'meets-diagnostic-criteria',
  source: `${WHO_BMI}; ICD-10-CM FY2025 E66.813 Obesity, class 3; ICD-10-CM Guidelines I.B.14 (BMI may come from other clinicians)`,
  evaluate(index) {
    const bmi = latestAdultBmi(index);
    if (bmi?.value === undefined || bmi.value < 40) return [];
    const evidence = [observationEvidence(bmi, this)];
    return [
      { code: 'E66813', evidence },
      { code: bmiCode(bmi.value) ?? 'Z6841', evidence },
    ];
  },
};

/**
 * Obesity-related comorbidities of the NIH and ASMBS definition of severe obesity (BMI >= 35 with
 * a comorbidity): type 2 diabetes, hypertension, dyslipidaemia, obstructive sleep apnoea, fatty
 * liver disease, coronary disease, knee or hip osteoarthritis.
 */
const OBESITY_COMORBIDITIES = ['E11', 'I10', 'I11', 'I12', 'I13', 'E78', 'G4733', 'K7581', 'K760', 'I25', 'M16', 'M17'];

export const bmiSevereWithComorbidityRule: SuspectRule = {
  id: 'bmi-35-with-comorbidity',
  kind: 'clinical-correlation-needed',
  source:
    'NIH/NHLBI Clinical Guidelines on Overweight and Obesity in Adults (1998) and ASMBS: BMI >= 35 kg/m2 with an obesity-related comorbidity is severe obesity; ICD-10-CM Index "Obesity, severe E66.01"',
  evaluate(index) {
    const bmi = latestAdultBmi(index);
    if (bmi?.value === undefined || bmi.value < 35 || bmi.value >= 40) return [];
    const comorbidity = latestDiagnosis(index, OBESITY_COMORBIDITIES);
    if (!comorbidity) return [];
    const evidence = [observationEvidence(bmi, this), diagnosisEvidence(comorbidity, this)];
    return [
      { code: 'E6601', evidence },
      { code: bmiCode(bmi.value) ?? 'Z6835', evidence },
    ];
  },
};

/** Hypoalbuminaemia: serum albumin below the usual reference interval of 3.5-5.0 g/dL. */
export const LOW_ALBUMIN_G_DL = 3.5;
/** The albumin must be taken within 90 days of the BMI to describe the same state. */
const ALBUMIN_WINDOW_DAYS = 90;

export const malnutritionRule: SuspectRule = {
  id: 'malnutrition-low-bmi-albumin',
  kind: 'clinical-correlation-needed',
  source: `${WHO_BMI}; serum albumin < 3.5 g/dL; ASPEN/AND 2012 consensus (White JV et al., JPEN 2012;36:275-283: albumin reflects inflammation, so malnutrition needs a clinician's assessment)`,
  evaluate(index) {
    const bmi = latestAdultBmi(index);
    if (bmi?.value === undefined || bmi.value >= 18.5) return [];
    const albumin = resultsOf(index, 'albumin').find(
      (result) =>
        result.value !== undefined &&
        result.value < LOW_ALBUMIN_G_DL &&
        Math.abs(daysBetween(result.date, bmi.date)) <= ALBUMIN_WINDOW_DAYS,
    );
    if (!albumin) return [];
    return [{ code: 'E46', evidence: [observationEvidence(bmi, this), observationEvidence(albumin, this)] }];
  },
};
