import type { MentionLexiconEntry } from '../assertion';

/**
 * Entries whose id starts with this are matched only so that their longer phrase wins over a shorter
 * one inside it ("gestational diabetes" over "diabetes"); they are never suggested.
 */
export const BLOCKED_PREFIX = '!';

/**
 * Condition phrases as clinicians write them, each with the ICD-10-CM code it supports (the most
 * specific code the phrase alone supports: "CKD stage 4" is N18.4, "CKD" alone is N18.9). The
 * entry id is the code. `chronic` conditions read "history of X" as present (see the assertion
 * helper). Abbreviations that are everyday words ("PAD", "AIDS") match only in capitals; those that
 * mean something else in notes too often are left out ("AF" is also afebrile, "RA" room air, "MS" mitral stenosis or
 * mental status, "ALS" advanced life support, bare "lupus" includes discoid lupus and lupus anticoagulant).
 */
export const CONDITION_LEXICON: readonly MentionLexiconEntry[] = [
  // Diabetes and its complications. Bare "diabetes" is type 2 by default (ICD-10-CM I.C.4.a.2); the
  // longer phrases below it (insipidus, gestational, prediabetes) win where they overlap.
  { id: 'E119', chronic: true, phrases: ['diabetes', 'diabetes mellitus'] },
  { id: 'E232', chronic: true, phrases: ['diabetes insipidus'] },
  { id: 'R7303', chronic: true, phrases: ['prediabetes', 'pre-diabetes', 'borderline diabetes'] },
  { id: `${BLOCKED_PREFIX}gestational-diabetes`, phrases: ['gestational diabetes', 'gestational diabetes mellitus'] },
  {
    id: 'E1129',
    chronic: true,
    phrases: ['diabetic renal disease', 'microalbuminuria due to type 2 diabetes', 'microalbuminuria due to diabetes'],
  },
  { id: 'E1140', chronic: true, phrases: ['neuropathy due to type 2 diabetes', 'neuropathy due to diabetes'] },
  {
    id: 'E119',
    chronic: true,
    phrases: [
      'type 2 diabetes',
      'type 2 diabetes mellitus',
      'type II diabetes',
      'diabetes mellitus type 2',
      'diabetes type 2',
      'T2DM',
      'DM2',
      'DM type 2',
      'DMII',
      'NIDDM',
      'non-insulin dependent diabetes',
      'adult onset diabetes',
    ],
  },
  {
    id: 'E109',
    chronic: true,
    phrases: [
      'type 1 diabetes',
      'type 1 diabetes mellitus',
      'type I diabetes',
      'diabetes mellitus type 1',
      'diabetes type 1',
      'T1DM',
      'DM1',
      'IDDM',
      'juvenile diabetes',
      'insulin dependent diabetes',
    ],
  },
  { id: 'E1121', chronic: true, phrases: ['diabetic nephropathy'] },
  {
    id: 'E1122',
    chronic: true,
    phrases: ['diabetic kidney disease', 'diabetic CKD', 'diabetic chronic kidney disease'],
  },
  { id: 'E1140', chronic: true, phrases: ['diabetic neuropathy'] },
  { id: 'E1142', chronic: true, phrases: ['diabetic polyneuropathy', 'diabetic peripheral neuropathy'] },
  { id: 'E11319', chronic: true, phrases: ['diabetic retinopathy'] },
  {
    id: 'E1151',
    chronic: true,
    phrases: ['diabetic peripheral angiopathy', 'diabetic peripheral vascular disease', 'diabetic PVD'],
  },
  {
    id: 'E1165',
    phrases: [
      'uncontrolled type 2 diabetes',
      'poorly controlled type 2 diabetes',
      'type 2 diabetes with hyperglycemia',
    ],
  },
  // Weight and nutrition.
  { id: 'E6601', chronic: true, phrases: ['morbid obesity', 'morbidly obese', 'severe obesity', 'severely obese'] },
  {
    id: 'E66813',
    chronic: true,
    phrases: ['class 3 obesity', 'class III obesity', 'obesity class 3', 'obesity class III'],
  },
  { id: 'E43', phrases: ['severe protein calorie malnutrition', 'severe malnutrition'] },
  { id: 'E440', phrases: ['moderate protein calorie malnutrition', 'moderate malnutrition'] },
  { id: 'E46', phrases: ['protein calorie malnutrition', 'malnutrition'] },
  // Kidney.
  {
    id: 'N189',
    chronic: true,
    phrases: ['chronic kidney disease', 'CKD', 'chronic renal insufficiency', 'chronic renal failure'],
  },
  { id: 'N181', chronic: true, phrases: ['CKD stage 1', 'chronic kidney disease stage 1', 'stage 1 CKD', 'CKD G1'] },
  { id: 'N182', chronic: true, phrases: ['CKD stage 2', 'chronic kidney disease stage 2', 'stage 2 CKD', 'CKD G2'] },
  {
    id: 'N1830',
    chronic: true,
    phrases: [
      'CKD stage 3',
      'chronic kidney disease stage 3',
      'CKD 3',
      'CKD III',
      'stage 3 CKD',
      'stage 3 chronic kidney disease',
    ],
  },
  {
    id: 'N1831',
    chronic: true,
    phrases: [
      'CKD stage 3a',
      'chronic kidney disease stage 3a',
      'CKD 3a',
      'CKD G3a',
      'stage 3a CKD',
      'stage 3a chronic kidney disease',
    ],
  },
  {
    id: 'N1832',
    chronic: true,
    phrases: [
      'CKD stage 3b',
      'chronic kidney disease stage 3b',
      'CKD 3b',
      'CKD G3b',
      'stage 3b CKD',
      'stage 3b chronic kidney disease',
    ],
  },
  {
    id: 'N184',
    chronic: true,
    phrases: [
      'CKD stage 4',
      'chronic kidney disease stage 4',
      'CKD 4',
      'CKD IV',
      'CKD G4',
      'stage 4 CKD',
      'stage 4 chronic kidney disease',
    ],
  },
  {
    id: 'N185',
    chronic: true,
    phrases: [
      'CKD stage 5',
      'chronic kidney disease stage 5',
      'CKD 5',
      'CKD V',
      'CKD G5',
      'stage 5 CKD',
      'stage 5 chronic kidney disease',
    ],
  },
  {
    id: 'N186',
    chronic: true,
    phrases: ['end stage renal disease', 'end-stage renal disease', 'ESRD', 'end stage kidney disease', 'ESKD'],
  },
  {
    id: 'Z992',
    chronic: true,
    phrases: [
      'on hemodialysis',
      'on dialysis',
      'dialysis dependent',
      'dependent on dialysis',
      'maintenance hemodialysis',
    ],
  },
  // Heart and vessels.
  { id: 'I509', chronic: true, phrases: ['heart failure', 'congestive heart failure', 'CHF', 'cardiac failure'] },
  {
    id: 'I5020',
    chronic: true,
    phrases: ['systolic heart failure', 'HFrEF', 'heart failure with reduced ejection fraction'],
  },
  {
    id: 'I5022',
    chronic: true,
    phrases: ['chronic systolic heart failure', 'chronic HFrEF', 'chronic systolic congestive heart failure'],
  },
  {
    id: 'I5030',
    chronic: true,
    phrases: ['diastolic heart failure', 'HFpEF', 'heart failure with preserved ejection fraction'],
  },
  {
    id: 'I5032',
    chronic: true,
    phrases: ['chronic diastolic heart failure', 'chronic HFpEF', 'chronic diastolic congestive heart failure'],
  },
  { id: 'I4891', chronic: true, phrases: ['atrial fibrillation', 'AFib', 'A-fib'] },
  { id: 'I480', chronic: true, phrases: ['paroxysmal atrial fibrillation', 'paroxysmal AFib', 'PAF'] },
  { id: 'I4819', chronic: true, phrases: ['persistent atrial fibrillation', 'persistent AFib'] },
  { id: 'I4821', chronic: true, phrases: ['permanent atrial fibrillation', 'permanent AFib'] },
  { id: 'I4820', chronic: true, phrases: ['chronic atrial fibrillation', 'chronic AFib'] },
  { id: 'I4892', chronic: true, phrases: ['atrial flutter'] },
  { id: 'I429', chronic: true, phrases: ['cardiomyopathy'] },
  { id: 'I420', chronic: true, phrases: ['dilated cardiomyopathy'] },
  { id: 'I2720', chronic: true, phrases: ['pulmonary hypertension'] },
  {
    id: 'I739',
    chronic: true,
    phrases: ['peripheral vascular disease', 'peripheral arterial disease', 'peripheral artery disease', 'PVD', 'PAD'],
  },
  // Lung.
  {
    id: 'J449',
    chronic: true,
    phrases: ['COPD', 'chronic obstructive pulmonary disease', 'chronic obstructive lung disease'],
  },
  { id: 'J439', chronic: true, phrases: ['emphysema'] },
  { id: 'J4489', chronic: true, phrases: ['chronic obstructive bronchitis'] },
  { id: 'J4550', chronic: true, phrases: ['severe persistent asthma'] },
  { id: 'J849', chronic: true, phrases: ['interstitial lung disease', 'ILD'] },
  { id: 'J84112', chronic: true, phrases: ['idiopathic pulmonary fibrosis', 'IPF'] },
  {
    id: 'J9611',
    chronic: true,
    phrases: ['chronic respiratory failure with hypoxia', 'chronic hypoxic respiratory failure'],
  },
  // Mental health and substance use.
  { id: 'F329', chronic: true, phrases: ['major depressive disorder', 'major depression', 'MDD'] },
  {
    id: 'F339',
    chronic: true,
    phrases: [
      'recurrent major depressive disorder',
      'major depressive disorder recurrent',
      'recurrent major depression',
      'recurrent MDD',
    ],
  },
  { id: 'F322', chronic: true, phrases: ['severe major depression', 'severe major depressive disorder'] },
  { id: 'F321', chronic: true, phrases: ['moderate major depression', 'moderate major depressive disorder'] },
  // Episode and severity as ICD-10-CM and SNOMED CT titles write them ("Major depressive disorder,
  // recurrent, moderate" is F33.1, not F32.9; a coded condition's title is read without its commas):
  // F32 single episode, F33 recurrent (ICD-10-CM Tabular).
  {
    id: 'F329',
    chronic: true,
    phrases: ['major depressive disorder single episode', 'major depression single episode'],
  },
  {
    id: 'F320',
    chronic: true,
    phrases: [
      'major depressive disorder single episode mild',
      'major depression single episode mild',
      'mild single episode major depressive disorder',
      'single episode major depressive disorder mild',
    ],
  },
  {
    id: 'F321',
    chronic: true,
    phrases: [
      'major depressive disorder single episode moderate',
      'major depression single episode moderate',
      'moderate single episode major depressive disorder',
      'single episode major depressive disorder moderate',
    ],
  },
  {
    id: 'F322',
    chronic: true,
    phrases: [
      'major depressive disorder single episode severe',
      'major depression single episode severe',
      'severe single episode major depressive disorder',
      'single episode major depressive disorder severe',
      'major depressive disorder single episode severe without psychotic features',
    ],
  },
  {
    id: 'F330',
    chronic: true,
    phrases: [
      'major depressive disorder recurrent mild',
      'major depression recurrent mild',
      'mild recurrent major depressive disorder',
      'recurrent major depressive disorder mild',
    ],
  },
  {
    id: 'F331',
    chronic: true,
    phrases: [
      'major depressive disorder recurrent moderate',
      'major depression recurrent moderate',
      'moderate recurrent major depressive disorder',
      'recurrent major depressive disorder moderate',
    ],
  },
  {
    id: 'F332',
    chronic: true,
    phrases: [
      'major depressive disorder recurrent severe',
      'major depression recurrent severe',
      'severe recurrent major depressive disorder',
      'recurrent major depressive disorder severe',
      'major depressive disorder recurrent severe without psychotic features',
    ],
  },
  {
    id: 'F323',
    chronic: true,
    phrases: [
      'major depressive disorder single episode severe with psychotic features',
      'major depressive disorder single episode severe with psychotic symptoms',
      'single episode major depressive disorder severe with psychotic features',
    ],
  },
  {
    id: 'F333',
    chronic: true,
    phrases: [
      'major depressive disorder recurrent severe with psychotic features',
      'major depressive disorder recurrent severe with psychotic symptoms',
      'recurrent major depressive disorder severe with psychotic features',
    ],
  },
  {
    id: 'F319',
    chronic: true,
    phrases: ['bipolar disorder', 'bipolar affective disorder', 'bipolar I disorder', 'manic depression'],
  },
  { id: 'F3181', chronic: true, phrases: ['bipolar II disorder', 'bipolar 2 disorder'] },
  { id: 'F209', chronic: true, phrases: ['schizophrenia'] },
  { id: 'F259', chronic: true, phrases: ['schizoaffective disorder'] },
  {
    id: 'F1020',
    chronic: true,
    phrases: ['alcohol dependence', 'alcohol use disorder severe', 'severe alcohol use disorder', 'alcoholism'],
  },
  { id: 'F1120', chronic: true, phrases: ['opioid dependence', 'opioid use disorder', 'OUD'] },
  // Abuse is the ICD-10-CM term for the mild use disorder; "history of" it is not current abuse.
  { id: 'F1110', phrases: ['opioid abuse'] },
  // Neurology.
  { id: 'F0390', chronic: true, phrases: ['dementia', 'major neurocognitive disorder'] },
  {
    id: 'G309',
    chronic: true,
    phrases: ["Alzheimer's disease", 'Alzheimer disease', "Alzheimer's dementia", 'Alzheimer dementia'],
  },
  { id: 'G20A1', chronic: true, phrases: ["Parkinson's disease", 'Parkinson disease'] },
  { id: 'G35D', chronic: true, phrases: ['multiple sclerosis'] },
  { id: 'G40909', chronic: true, phrases: ['epilepsy', 'seizure disorder'] },
  { id: 'G1221', chronic: true, phrases: ['amyotrophic lateral sclerosis', "Lou Gehrig's disease"] },
  { id: 'G8190', chronic: true, phrases: ['hemiplegia', 'hemiparesis'] },
  // Infection, immunity, rheumatology, gut and liver.
  {
    id: 'B20',
    chronic: true,
    phrases: ['HIV disease', 'HIV infection', 'HIV positive', 'HIV/AIDS', 'AIDS', 'living with HIV'],
  },
  { id: 'B182', chronic: true, phrases: ['chronic hepatitis C', 'chronic HCV', 'chronic hepatitis C infection'] },
  { id: 'B181', chronic: true, phrases: ['chronic hepatitis B', 'chronic HBV'] },
  { id: 'M069', chronic: true, phrases: ['rheumatoid arthritis'] },
  { id: 'M059', chronic: true, phrases: ['seropositive rheumatoid arthritis'] },
  { id: 'M329', chronic: true, phrases: ['systemic lupus erythematosus', 'SLE'] },
  { id: 'M349', chronic: true, phrases: ['systemic sclerosis', 'scleroderma'] },
  { id: 'K5090', chronic: true, phrases: ["Crohn's disease", 'Crohn disease'] },
  { id: 'K5190', chronic: true, phrases: ['ulcerative colitis'] },
  {
    id: 'K7460',
    chronic: true,
    phrases: ['cirrhosis', 'liver cirrhosis', 'cirrhosis of the liver', 'hepatic cirrhosis'],
  },
  { id: 'K7030', chronic: true, phrases: ['alcoholic cirrhosis'] },
  // Status.
  { id: 'Z930', chronic: true, phrases: ['tracheostomy status', 'has a tracheostomy', 'trach dependent'] },
  { id: 'Z931', chronic: true, phrases: ['gastrostomy status', 'PEG tube in place', 'G-tube in place'] },
  { id: 'Z933', chronic: true, phrases: ['colostomy status', 'has a colostomy', 'colostomy in place'] },
  { id: 'Z932', chronic: true, phrases: ['ileostomy status', 'has an ileostomy', 'ileostomy in place'] },
  // Cancers, as active disease: "history of" a cancer is its personal history (Z85), never current,
  // so these are not chronic entries. Sites by the ICD-10-CM Neoplasm Table (unspecified sub-site).
  {
    id: 'C3490',
    phrases: [
      'lung cancer',
      'cancer of the lung',
      'non-small cell lung cancer',
      'NSCLC',
      'small cell lung cancer',
      'SCLC',
      'carcinoma of lung',
      'lung carcinoma',
      'non-small cell carcinoma of lung',
      'small cell carcinoma of lung',
      'adenocarcinoma of lung',
      'squamous cell carcinoma of lung',
      'malignant neoplasm of lung',
      'small cell malignant neoplasm of lung',
      'malignant neoplasm of bronchus or lung',
    ],
  },
  {
    id: 'C50919',
    phrases: ['breast cancer', 'carcinoma of breast', 'breast carcinoma', 'malignant neoplasm of breast'],
  },
  {
    id: 'C189',
    phrases: [
      'colon cancer',
      'carcinoma of colon',
      'colon carcinoma',
      'malignant neoplasm of colon',
      'colorectal cancer',
    ],
  },
  { id: 'C188', phrases: ['overlapping malignant neoplasm of colon'] },
  { id: 'C20', phrases: ['rectal cancer', 'carcinoma of rectum', 'malignant neoplasm of rectum'] },
  {
    id: 'C61',
    phrases: [
      'prostate cancer',
      'carcinoma of prostate',
      'adenocarcinoma of prostate',
      'malignant neoplasm of prostate',
    ],
  },
  { id: 'C259', phrases: ['pancreatic cancer', 'carcinoma of pancreas', 'malignant neoplasm of pancreas'] },
  { id: 'C679', phrases: ['bladder cancer', 'carcinoma of bladder', 'malignant neoplasm of bladder'] },
  { id: 'C649', phrases: ['renal cell carcinoma', 'kidney cancer', 'malignant neoplasm of kidney'] },
  { id: 'C569', phrases: ['ovarian cancer', 'carcinoma of ovary', 'malignant neoplasm of ovary'] },
  { id: 'C9110', phrases: ['chronic lymphocytic leukemia', 'chronic lymphocytic leukaemia', 'CLL'] },
  { id: 'C9000', phrases: ['multiple myeloma'] },
  { id: 'C8590', phrases: ['non-Hodgkin lymphoma', "non-Hodgkin's lymphoma"] },
  { id: 'C8190', phrases: ['Hodgkin lymphoma', "Hodgkin's lymphoma", 'Hodgkin disease'] },
  // Secondary (metastatic) sites.
  {
    id: 'C787',
    phrases: [
      'liver metastases',
      'metastases to liver',
      'metastatic disease of liver',
      'secondary malignant neoplasm of liver',
    ],
  },
  { id: 'C7951', phrases: ['bone metastases', 'metastases to bone', 'secondary malignant neoplasm of bone'] },
  { id: 'C7931', phrases: ['brain metastases', 'metastases to brain', 'secondary malignant neoplasm of brain'] },
  { id: 'C7800', phrases: ['lung metastases', 'metastases to lung', 'secondary malignant neoplasm of lung'] },
  {
    id: 'C785',
    phrases: ['secondary malignant neoplasm of colon', 'secondary malignant neoplasm of large intestine'],
  },
  // Paralysis of the limbs (a lasting state: "history of paraplegia" is still paraplegia).
  { id: 'G8220', chronic: true, phrases: ['paraplegia', 'paraplegic'] },
  { id: 'G8250', chronic: true, phrases: ['quadriplegia', 'quadriplegic', 'tetraplegia', 'tetraplegic'] },
];
