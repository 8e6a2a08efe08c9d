/**
 * The vocabulary of the synthetic organisation: names, places, and the chronic conditions with the
 * codes, drugs and note phrases that go with each. Codes are real (ICD-10-CM, SNOMED CT, RxNorm,
 * LOINC, CPT, CVX); the people and places are invented.
 */

export const CPT = 'http://www.ama-assn.org/go/cpt';
export const SNOMED = 'http://snomed.info/sct';
export const LOINC = 'http://loinc.org';
export const ICD10 = 'http://hl7.org/fhir/sid/icd-10-cm';

export const FIRST_NAMES = {
  female: ['Ada', 'Grace', 'Maria', 'Linda', 'Susan', 'Aisha', 'Mei', 'Rosa', 'Helen', 'Joan', 'Priya', 'Carmen'],
  male: ['James', 'Robert', 'Luis', 'David', 'Samuel', 'Omar', 'Wei', 'Thomas', 'George', 'Ravi', 'Peter', 'Carlos'],
} as const;
export const LAST_NAMES = [
  ...['Smith', 'Johnson', 'Garcia', 'Nguyen', 'Patel', 'Brown', 'Lopez', 'Kim', 'Walker', 'Hughes', 'Moreno'],
  ...['Okafor', 'Schmidt', 'Rossi', 'Dubois', 'Cohen', 'Haddad', 'Silva', 'Murphy', 'Tanaka', 'Ivanova', 'Baker'],
] as const;
export const STREETS = ['Maple St', 'Oak Ave', 'River Rd', 'Pine Ct', 'Elm St', 'Lake Dr', 'Hill Rd', 'Cedar Ln'];
export const CITIES = [
  ['Springfield', 'IL', '627'],
  ['Riverton', 'WY', '825'],
  ['Fairview', 'OR', '970'],
  ['Madison', 'WI', '537'],
] as const;

export const COVERAGES = [
  { payer: 'Humana', plan: 'Medicare Advantage', typeCode: 'MCPOL' },
  { payer: 'State Medicaid', plan: 'Medicaid', typeCode: 'MCAIDPOL' },
  { payer: 'Blue Cross', plan: 'Commercial PPO', typeCode: 'PPO' },
] as const;

export const CLINICS = [
  { name: 'Riverside Clinic', departments: ['Family Medicine', 'Internal Medicine'] },
  { name: 'Hillcrest Health Center', departments: ['Family Medicine', 'Geriatrics'] },
  { name: 'Lakeside Medical Group', departments: ['Internal Medicine', 'Endocrinology'] },
] as const;

export const NAMED_PROVIDERS = [
  { firstName: 'Maya', lastName: 'Rivera', suffix: 'MD' },
  { firstName: 'Lena', lastName: 'Novak', suffix: 'MD' },
  { firstName: 'Daniel', lastName: 'Osei', suffix: 'DO' },
  { firstName: 'Hannah', lastName: 'Lindqvist', suffix: 'NP' },
] as const;
export const PROVIDER_SUFFIXES = ['MD', 'MD', 'DO', 'NP'] as const;

export interface Drug {
  rxnormCode: string;
  display: string;
  dosage: string;
}

/** A chronic condition a patient may live with. */
export interface ChronicCondition {
  icdCode: string;
  snomedCode: string;
  display: string;
  /** How a note names it (the suspecting engine's lexicon reads these words). */
  phrase: string;
  drugs: readonly Drug[];
}

const drug = (rxnormCode: string, display: string, dosage: string): Drug => ({ rxnormCode, display, dosage });

export const METFORMIN = drug(
  '860975',
  'metformin hydrochloride 500 MG Extended Release Oral Tablet',
  '1 tablet twice daily',
);
export const DONEPEZIL = drug('997224', 'donepezil hydrochloride 10 MG Oral Tablet', '1 tablet at bedtime');
export const APIXABAN = drug('1364445', 'apixaban 5 MG Oral Tablet [Eliquis]', '1 tablet twice daily');
export const LEVODOPA = drug('197444', 'carbidopa 25 MG / levodopa 100 MG Oral Tablet', '1 tablet three times daily');

export const DIABETES: ChronicCondition = {
  icdCode: 'E119',
  snomedCode: '44054006',
  display: 'Type 2 diabetes mellitus without complications',
  phrase: 'type 2 diabetes',
  drugs: [METFORMIN, drug('311041', 'insulin glargine 100 UNT/ML Injectable Solution', '20 units at bedtime')],
};
export const HYPERTENSION: ChronicCondition = {
  icdCode: 'I10',
  snomedCode: '59621000',
  display: 'Essential (primary) hypertension',
  phrase: 'hypertension',
  drugs: [drug('314076', 'lisinopril 10 MG Oral Tablet', '1 tablet daily')],
};
export const HEART_FAILURE: ChronicCondition = {
  icdCode: 'I5022',
  snomedCode: '441481004',
  display: 'Chronic systolic (congestive) heart failure',
  phrase: 'chronic systolic heart failure',
  drugs: [drug('200031', 'carvedilol 12.5 MG Oral Tablet', '1 tablet twice daily')],
};
export const COPD: ChronicCondition = {
  icdCode: 'J449',
  snomedCode: '13645005',
  display: 'Chronic obstructive pulmonary disease, unspecified',
  phrase: 'COPD',
  drugs: [drug('485032', 'tiotropium 18 MCG Inhalation Capsule', '1 capsule inhaled daily')],
};
export const CKD_3A: ChronicCondition = {
  icdCode: 'N1831',
  snomedCode: '700378005',
  display: 'Chronic kidney disease, stage 3a',
  phrase: 'chronic kidney disease stage 3a',
  drugs: [],
};
export const ATRIAL_FIBRILLATION: ChronicCondition = {
  icdCode: 'I480',
  snomedCode: '282825002',
  display: 'Paroxysmal atrial fibrillation',
  phrase: 'paroxysmal atrial fibrillation',
  drugs: [APIXABAN],
};
export const DEPRESSION: ChronicCondition = {
  icdCode: 'F331',
  snomedCode: '66344007',
  display: 'Major depressive disorder, recurrent, moderate',
  phrase: 'recurrent major depression',
  drugs: [drug('312940', 'sertraline 100 MG Oral Tablet', '1 tablet daily')],
};
export const HYPERLIPIDEMIA: ChronicCondition = {
  icdCode: 'E785',
  snomedCode: '55822004',
  display: 'Hyperlipidemia, unspecified',
  phrase: 'hyperlipidemia',
  drugs: [drug('617311', 'atorvastatin 40 MG Oral Tablet', '1 tablet daily')],
};
export const RHEUMATOID_ARTHRITIS: ChronicCondition = {
  icdCode: 'M069',
  snomedCode: '69896004',
  display: 'Rheumatoid arthritis, unspecified',
  phrase: 'rheumatoid arthritis',
  drugs: [drug('105585', 'methotrexate 2.5 MG Oral Tablet', '6 tablets weekly')],
};

/** Conditions a patient is drawn to have, with how often. */
export const CHRONIC_CONDITIONS: readonly { condition: ChronicCondition; share: number }[] = [
  { condition: HYPERTENSION, share: 0.45 },
  { condition: HYPERLIPIDEMIA, share: 0.35 },
  { condition: DIABETES, share: 0.25 },
  { condition: HEART_FAILURE, share: 0.08 },
  { condition: COPD, share: 0.1 },
  { condition: CKD_3A, share: 0.08 },
  { condition: ATRIAL_FIBRILLATION, share: 0.07 },
  { condition: DEPRESSION, share: 0.1 },
  { condition: RHEUMATOID_ARTHRITIS, share: 0.03 },
];

export const ALLERGIES = [
  { code: '7980', display: 'Penicillin G', category: 'medication', reaction: 'Hives' },
  { code: '2670', display: 'Codeine', category: 'medication', reaction: 'Nausea' },
  { code: '762952008', display: 'Peanut', category: 'food', reaction: 'Anaphylaxis' },
  { code: '111088007', display: 'Latex', category: 'environment', reaction: 'Contact dermatitis' },
] as const;

export const IMMUNIZATIONS = [
  { cvxCode: '141', display: 'Influenza, seasonal, injectable' },
  { cvxCode: '33', display: 'Pneumococcal polysaccharide PPV23' },
  { cvxCode: '208', display: 'COVID-19, mRNA, LNP-S, PF, 30 mcg/0.3 mL dose' },
  { cvxCode: '115', display: 'Tdap' },
  { cvxCode: '187', display: 'Zoster recombinant' },
] as const;

export const VISIT_TYPES = ['Follow-up', 'Annual wellness', 'New problem', 'Chronic care', 'Medication review'];
export const VISIT_REASONS = [
  'Blood pressure check',
  'Diabetes follow-up',
  'Annual physical',
  'Medication refill',
  'Cough for two weeks',
  'Knee pain',
  'Review of lab results',
  'Fatigue',
];

/** Sentences of a routine note that mention no condition. */
export const NOTE_FILLER = [
  'Patient seen for routine follow-up today.',
  'Vital signs reviewed and within expected range.',
  'Reports good adherence to medications and no side effects.',
  'Physical exam: lungs clear to auscultation bilaterally, regular rate and rhythm, no edema.',
  'Discussed diet, exercise and sleep hygiene at length.',
  'Labs from the last visit were reviewed with the patient.',
  'Immunizations are up to date per the registry.',
  'Patient lives at home with spouse and is independent in activities of daily living.',
  'Denies chest pain, fever or chills.',
];

/** Mentions that must not become suggestions: negated, family history, historical and resolved. */
export const NOTE_DISTRACTORS = [
  'No evidence of heart failure on exam.',
  'Denies symptoms of depression.',
  'Family history: mother with type 2 diabetes.',
  'Family history: father with COPD.',
  'History of pneumonia in 2019, resolved.',
  'Ruled out pulmonary embolism last year.',
];
