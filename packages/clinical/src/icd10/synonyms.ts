/**
 * Clinical abbreviations and everyday names a coder types, and what they mean in ICD-10-CM words.
 *
 * Each meaning lists the words every matching title must contain (a trailing `*` makes a word a prefix, for titles
 * that say "veins" or "hypertensive"), the codes a coder most often means (best first; usually the category's
 * unspecified default, then the common specific codes), and the code prefixes that are the meaning's home, so that
 * "diabetes ckd" ranks E11.22 (type 2, the common type) above E08.22 or O24. An abbreviation with two meanings lists the
 * more common one first (MS: multiple sclerosis, then mitral stenosis). Every preferred code's title contains its
 * meaning's words (checked by the tests), so a boost can never pull in a code the words would not find.
 *
 * Keys are lower case, letters and digits only (`a-fib` → `afib`, `h/o` → `ho`, `(TIA)` → `tia`).
 */
export interface ClinicalMeaning {
  words: string;
  preferred: readonly string[];
  home: readonly string[];
}

export interface ClinicalSynonym {
  keys: readonly string[];
  meanings: readonly ClinicalMeaning[];
}

const meaning = (words: string, preferred: string[], home: string[] = []): ClinicalMeaning => ({
  words,
  preferred,
  home,
});

const HEART_FAILURE = meaning('heart failure', ['I509', 'I5022', 'I5032', 'I5042', 'I110', 'I130'], ['I50']);
const TYPE_2_DIABETES = meaning('type 2 diabetes mellitus', ['E119', 'E1165', 'E1122', 'E1140', 'E1142'], ['E11']);
const TYPE_1_DIABETES = meaning('type 1 diabetes mellitus', ['E109', 'E1065', 'E1022'], ['E10']);
const CKD = meaning('chronic kidney disease', ['N189', 'N1830', 'N1831', 'N1832', 'N184', 'N185'], ['N18']);
const DVT = meaning('deep vein* thrombosis', ['I82409', 'I82401', 'I82402', 'I82403'], ['I824', 'I825']);
const PULMONARY_EMBOLISM = meaning('pulmonary embolism', ['I2699', 'I2609'], ['I26']);
const CEREBRAL_INFARCTION = meaning('cerebral infarction', ['I639', 'Z8673'], ['I63']);

export const CLINICAL_SYNONYMS: readonly ClinicalSynonym[] = [
  { keys: ['chf', 'hf', 'ccf', 'heart failure', 'cardiac failure'], meanings: [HEART_FAILURE] },
  {
    keys: ['hfref', 'hfrecef', 'systolic hf'],
    meanings: [meaning('systolic heart failure', ['I5022', 'I5020', 'I5021', 'I5023'], ['I502'])],
  },
  {
    keys: ['hfpef', 'diastolic hf'],
    meanings: [meaning('diastolic heart failure', ['I5032', 'I5030', 'I5031', 'I5033'], ['I503'])],
  },
  {
    keys: ['copd', 'coad'],
    meanings: [meaning('chronic obstructive pulmonary disease', ['J449', 'J441', 'J440'], ['J44'])],
  },
  { keys: ['ckd', 'crf', 'cri'], meanings: [CKD] },
  {
    keys: ['ckd3', 'ckd iii'],
    meanings: [meaning('chronic kidney disease stage 3*', ['N1830', 'N1831', 'N1832'], ['N183'])],
  },
  { keys: ['ckd3a'], meanings: [meaning('chronic kidney disease stage 3a', ['N1831'], ['N183'])] },
  { keys: ['ckd3b'], meanings: [meaning('chronic kidney disease stage 3b', ['N1832'], ['N183'])] },
  { keys: ['ckd4', 'ckd iv'], meanings: [meaning('chronic kidney disease stage 4', ['N184'], ['N18'])] },
  { keys: ['ckd5', 'ckd v'], meanings: [meaning('chronic kidney disease stage 5', ['N185'], ['N18'])] },
  { keys: ['esrd', 'eskd'], meanings: [meaning('end stage renal disease', ['N186', 'I120', 'I1311'], ['N18'])] },
  { keys: ['aki', 'arf'], meanings: [meaning('acute kidney failure', ['N179'], ['N17'])] },
  { keys: ['dm2', 't2dm', 't2d', 'dmii', 'niddm', 'dm ii', 'dm type 2', 'type 2 dm'], meanings: [TYPE_2_DIABETES] },
  { keys: ['dm1', 't1dm', 't1d', 'dmi', 'iddm', 'dm type 1', 'type 1 dm'], meanings: [TYPE_1_DIABETES] },
  { keys: ['dm'], meanings: [meaning('diabetes mellitus', ['E119', 'E1165', 'E1122', 'E109'], ['E11'])] },
  // Unqualified "diabetes" in a note is type 2 unless stated otherwise (ICD-10-CM guideline I.C.4.a.2: type not documented → E11).
  {
    keys: ['diabetes', 'diabetic'],
    meanings: [meaning('diabet*', ['E119', 'E1165', 'E1122', 'E1140', 'E1142'], ['E11'])],
  },
  {
    keys: ['dka'],
    meanings: [meaning('diabetes mellitus ketoacidosis', ['E1010', 'E1110', 'E1011'], ['E101', 'E111'])],
  },
  {
    keys: ['afib', 'af', 'a fib', 'atrial fib'],
    meanings: [meaning('atrial fibrillation', ['I4891', 'I480', 'I4811', 'I4819', 'I4820'], ['I48'])],
  },
  {
    keys: ['aflutter', 'aflut', 'a flutter'],
    meanings: [meaning('atrial flutter', ['I4892', 'I483', 'I484'], ['I48'])],
  },
  // "Hypertension" in the index leads to I10 unless heart or kidney involvement is stated (guideline I.C.9.a).
  {
    keys: ['htn', 'hbp', 'high blood pressure', 'hypertension'],
    meanings: [meaning('hypertens*', ['I10', 'I110', 'I129', 'I130'], ['I10', 'I11', 'I12', 'I13'])],
  },
  { keys: ['mdd'], meanings: [meaning('major depressive disorder', ['F329', 'F339', 'F331', 'F332'], ['F32', 'F33'])] },
  { keys: ['depression'], meanings: [meaning('depress*', ['F32A', 'F329', 'F339'], ['F32', 'F33'])] },
  {
    keys: ['cad', 'ashd', 'coronary artery disease'],
    meanings: [meaning('atherosclerotic heart disease', ['I2510', 'I25110', 'I25119'], ['I251'])],
  },
  {
    keys: ['pad', 'pvd', 'peripheral arterial disease', 'peripheral artery disease'],
    meanings: [
      meaning('peripheral vascular disease', ['I739'], ['I739']),
      meaning('atherosclerosis native arteries extremit*', ['I70209', 'I70203', 'I70213'], ['I702']),
    ],
  },
  { keys: ['osa'], meanings: [meaning('obstructive sleep apnea', ['G4733'], ['G473'])] },
  { keys: ['gerd', 'gord', 'reflux'], meanings: [meaning('gastro esophageal reflux', ['K219', 'K2100'], ['K21'])] },
  {
    keys: ['hld', 'hlp', 'hyperlipidemia', 'dyslipidemia'],
    meanings: [meaning('hyperlipidemia', ['E785', 'E782', 'E7849'], ['E78'])],
  },
  {
    keys: ['high cholesterol', 'hypercholesterolemia'],
    meanings: [meaning('hypercholesterolemia', ['E7800'], ['E780'])],
  },
  { keys: ['htg', 'hypertriglyceridemia'], meanings: [meaning('hyperglyceridemia', ['E781'], ['E781'])] },
  { keys: ['bph'], meanings: [meaning('benign prostatic hyperplasia', ['N400', 'N401'], ['N40'])] },
  { keys: ['ra'], meanings: [meaning('rheumatoid arthritis', ['M069', 'M0579', 'M0600'], ['M05', 'M06'])] },
  {
    keys: ['ms'],
    meanings: [
      meaning('multiple sclerosis', ['G35D', 'G35A'], ['G35']),
      meaning('mitral stenosis', ['I050', 'I342'], ['I05', 'I34']),
    ],
  },
  { keys: ['tia'], meanings: [meaning('transient cerebral ischemic attack', ['G459'], ['G45'])] },
  { keys: ['cva', 'stroke'], meanings: [CEREBRAL_INFARCTION] },
  { keys: ['dvt'], meanings: [DVT] },
  { keys: ['pe'], meanings: [PULMONARY_EMBOLISM] },
  { keys: ['vte'], meanings: [DVT, PULMONARY_EMBOLISM] },
  { keys: ['uti'], meanings: [meaning('urinary tract infection', ['N390'], ['N39'])] },
  {
    keys: ['oa', 'djd'],
    meanings: [meaning('osteoarthritis', ['M1990', 'M170', 'M179', 'M1611'], ['M15', 'M16', 'M17', 'M18', 'M19'])],
  },
  {
    keys: ['mi', 'ami', 'heart attack'],
    meanings: [meaning('myocardial infarction', ['I219', 'I214', 'I252'], ['I21', 'I22'])],
  },
  { keys: ['old mi', 'hx mi'], meanings: [meaning('old myocardial infarction', ['I252'], ['I252'])] },
  {
    keys: ['sob', 'dyspnea'],
    meanings: [meaning('shortness of breath', ['R0602'], ['R06']), meaning('dyspnea', ['R0600'], ['R06'])],
  },
  { keys: ['cp'], meanings: [meaning('chest pain', ['R079', 'R0789'], ['R07'])] },
  { keys: ['nv', 'n v'], meanings: [meaning('nausea vomiting', ['R112'], ['R11'])] },
  { keys: ['lbp'], meanings: [meaning('low back pain', ['M5450', 'M5459'], ['M545'])] },
  { keys: ['ha'], meanings: [meaning('headache', ['R519'], ['R51'])] },
  { keys: ['hiv'], meanings: [meaning('human immunodeficiency virus', ['B20', 'Z21'], ['B20'])] },
  { keys: ['hcv', 'hep c'], meanings: [meaning('hepatitis c', ['B1920', 'B182'], ['B171', 'B182', 'B192'])] },
  { keys: ['hbv', 'hep b'], meanings: [meaning('hepatitis b', ['B1910', 'B181'], ['B16', 'B180', 'B181', 'B191'])] },
  { keys: ['oud'], meanings: [meaning('opioid dependence', ['F1120', 'F1121'], ['F112'])] },
  {
    keys: ['aud', 'etoh'],
    meanings: [
      meaning('alcohol dependence', ['F1020', 'F1021'], ['F102']),
      meaning('alcohol abuse', ['F1010'], ['F101']),
    ],
  },
  { keys: ['gad'], meanings: [meaning('generalized anxiety disorder', ['F411'], ['F41'])] },
  { keys: ['ptsd'], meanings: [meaning('post traumatic stress disorder', ['F4310', 'F4312'], ['F431'])] },
  { keys: ['adhd', 'add'], meanings: [meaning('attention deficit hyperactivity disorder', ['F909', 'F900'], ['F90'])] },
  {
    keys: ['asd'],
    meanings: [meaning('autistic disorder', ['F840'], ['F84']), meaning('atrial septal defect', ['Q2110'], ['Q211'])],
  },
  { keys: ['ocd'], meanings: [meaning('obsessive compulsive disorder', ['F429'], ['F42'])] },
  { keys: ['pna', 'pneumonia'], meanings: [meaning('pneumonia', ['J189', 'J181'], ['J18'])] },
  { keys: ['uri'], meanings: [meaning('upper respiratory infection', ['J069'], ['J06'])] },
  { keys: ['ild'], meanings: [meaning('interstitial pulmonary disease', ['J849'], ['J84'])] },
  { keys: ['pah', 'pulmonary htn'], meanings: [meaning('pulmonary hypertension', ['I2720'], ['I27'])] },
  { keys: ['aaa'], meanings: [meaning('abdominal aortic aneurysm', ['I7140'], ['I714'])] },
  { keys: ['pud'], meanings: [meaning('peptic ulcer', ['K279'], ['K27'])] },
  { keys: ['ibs'], meanings: [meaning('irritable bowel syndrome', ['K589'], ['K58'])] },
  {
    keys: ['ibd'],
    meanings: [meaning('crohn disease', ['K5090'], ['K50']), meaning('ulcerative colitis', ['K5190'], ['K51'])],
  },
  { keys: ['uc'], meanings: [meaning('ulcerative colitis', ['K5190'], ['K51'])] },
  { keys: ['sle', 'lupus'], meanings: [meaning('systemic lupus erythematosus', ['M329'], ['M32'])] },
  { keys: ['pmr'], meanings: [meaning('polymyalgia rheumatica', ['M353'], ['M353'])] },
  { keys: ['op', 'osteoporosis'], meanings: [meaning('osteoporosis', ['M810', 'M8000XA'], ['M81'])] },
  { keys: ['svt'], meanings: [meaning('supraventricular tachycardia', ['I4710', 'I4719'], ['I471'])] },
  { keys: ['vt', 'vtach', 'v tach'], meanings: [meaning('ventricular tachycardia', ['I4720', 'I4729'], ['I472'])] },
  { keys: ['lbbb'], meanings: [meaning('left bundle branch block', ['I447'], ['I44'])] },
  { keys: ['rbbb'], meanings: [meaning('right bundle branch block', ['I4510'], ['I451'])] },
  { keys: ['sss'], meanings: [meaning('sick sinus syndrome', ['I495'], ['I495'])] },
  { keys: ['hocm'], meanings: [meaning('obstructive hypertrophic cardiomyopathy', ['I421'], ['I42'])] },
  { keys: ['cmp', 'cardiomyopathy'], meanings: [meaning('cardiomyopathy', ['I429', 'I420', 'I255'], ['I42'])] },
  { keys: ['ich'], meanings: [meaning('intracerebral hemorrhage', ['I619'], ['I61'])] },
  { keys: ['sah'], meanings: [meaning('subarachnoid hemorrhage', ['I609'], ['I60'])] },
  { keys: ['als'], meanings: [meaning('amyotrophic lateral sclerosis', ['G1221'], ['G122'])] },
  { keys: ['mg'], meanings: [meaning('myasthenia gravis', ['G7000'], ['G700'])] },
  { keys: ['nafld', 'masld', 'fatty liver'], meanings: [meaning('fatty liver', ['K760'], ['K760'])] },
  { keys: ['ed'], meanings: [meaning('erectile dysfunction', ['N529'], ['N52'])] },
  { keys: ['oab'], meanings: [meaning('overactive bladder', ['N3281'], ['N328'])] },
  { keys: ['sui'], meanings: [meaning('stress incontinence', ['N393'], ['N39'])] },
  { keys: ['pcos'], meanings: [meaning('polycystic ovar*', ['E282'], ['E28'])] },
  { keys: ['aub'], meanings: [meaning('abnormal uterine bleeding', ['N939'], ['N93'])] },
  { keys: ['pmb'], meanings: [meaning('postmenopausal bleeding', ['N950'], ['N95'])] },
  { keys: ['pkd'], meanings: [meaning('polycystic kidney', ['Q613', 'Q612'], ['Q61'])] },
  { keys: ['cf'], meanings: [meaning('cystic fibrosis', ['E849'], ['E84'])] },
  { keys: ['cll'], meanings: [meaning('chronic lymphocytic leukemia', ['C9110'], ['C911'])] },
  { keys: ['aml'], meanings: [meaning('acute myeloblastic leukemia', ['C9200'], ['C920'])] },
  { keys: ['cml'], meanings: [meaning('chronic myeloid leukemia', ['C9210'], ['C921'])] },
  { keys: ['mm', 'myeloma'], meanings: [meaning('multiple myeloma', ['C9000'], ['C900'])] },
  { keys: ['nhl'], meanings: [meaning('non hodgkin lymphoma', ['C8590'], ['C859'])] },
  { keys: ['fx', 'fracture'], meanings: [meaning('fracture', [], [])] },
  {
    keys: ['hip fx', 'hip fracture'],
    meanings: [meaning('fracture neck femur', ['S72009A', 'S72001A', 'S72002A'], ['S720'])],
  },
  // Unqualified "cancer" means a primary malignancy (C00-C75, C81-C96), not a secondary site (C77-C79).
  {
    keys: ['cancer', 'ca', 'malignancy', 'malignant'],
    meanings: [
      meaning(
        'malignant neoplasm',
        [],
        ['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C70', 'C71', 'C72', 'C73', 'C74', 'C75', 'C8', 'C9'],
      ),
    ],
  },
  {
    keys: ['breast cancer', 'breast ca'],
    meanings: [meaning('malignant neoplasm breast', ['C50919', 'C50911', 'C50912'], ['C50'])],
  },
  {
    keys: ['mets', 'metastatic', 'metastasis'],
    meanings: [meaning('secondary malignant neoplasm', ['C7951', 'C787', 'C7800'], ['C77', 'C78', 'C79'])],
  },
  { keys: ['tbi'], meanings: [meaning('intracranial injury', ['S069X0A', 'S069XAA'], ['S06'])] },
  { keys: ['scz', 'schizophrenia'], meanings: [meaning('schizophrenia', ['F209'], ['F20'])] },
  { keys: ['bipolar', 'bpad'], meanings: [meaning('bipolar disorder', ['F319'], ['F31'])] },
  { keys: ['asthma'], meanings: [meaning('asthma', ['J45909', 'J4520'], ['J45'])] },
  { keys: ['obesity', 'obese'], meanings: [meaning('obesity', ['E669', 'E6601'], ['E66'])] },
  { keys: ['anemia', 'anaemia'], meanings: [meaning('anemia', ['D649', 'D509'], ['D64', 'D50'])] },
  { keys: ['dementia'], meanings: [meaning('dementia', ['F0390', 'F03911'], ['F03'])] },
  { keys: ['anxiety'], meanings: [meaning('anxiety', ['F419', 'F411'], ['F41'])] },
  { keys: ['gout'], meanings: [meaning('gout', ['M109'], ['M10'])] },
  { keys: ['migraine'], meanings: [meaning('migraine', ['G43909', 'G43009'], ['G43'])] },
  { keys: ['insomnia'], meanings: [meaning('insomnia', ['G4700', 'F5101'], ['G470'])] },
  { keys: ['sepsis'], meanings: [meaning('sepsis', ['A419'], ['A41'])] },
  { keys: ['cellulitis'], meanings: [meaning('cellulitis', ['L0390'], ['L03'])] },
  { keys: ['hypothyroid', 'hypothyroidism'], meanings: [meaning('hypothyroidism', ['E039'], ['E03'])] },
  {
    keys: ['smoker', 'smoking', 'tobacco', 'cigarette', 'cigarettes'],
    meanings: [
      meaning('nicotine dependence', ['F17210', 'F17200'], ['F172']),
      meaning('tobacco use', ['Z720'], ['Z72']),
    ],
  },
  {
    keys: ['former smoker', 'ex smoker', 'hx smoking', 'quit smoking'],
    meanings: [meaning('personal history nicotine dependence', ['Z87891'], ['Z87891'])],
  },
  {
    keys: ['neuropathy'],
    meanings: [meaning('neuropath*', ['E1140'], ['E114', 'G5']), meaning('polyneuropathy', ['G629', 'E1142'], ['G62'])],
  },
  { keys: ['parkinson', 'parkinsons', 'pd'], meanings: [meaning('parkinson', ['G20A1', 'G20A2'], ['G20'])] },
  {
    keys: ['amputation', 'amputee'],
    meanings: [meaning('acquired absence', ['Z89511', 'Z89512', 'Z89611', 'Z89612', 'Z89411', 'Z89412'], ['Z89'])],
  },
  {
    keys: ['bka', 'below knee amputation'],
    meanings: [meaning('acquired absence leg below knee', ['Z89511', 'Z89512'], ['Z895'])],
  },
  {
    keys: ['aka', 'above knee amputation'],
    meanings: [meaning('acquired absence leg above knee', ['Z89611', 'Z89612'], ['Z896'])],
  },
  { keys: ['colostomy'], meanings: [meaning('colostomy status', ['Z933'], ['Z93'])] },
  { keys: ['ileostomy'], meanings: [meaning('ileostomy status', ['Z932'], ['Z93'])] },
  { keys: ['tracheostomy', 'trach'], meanings: [meaning('tracheostomy status', ['Z930'], ['Z93'])] },
  { keys: ['gastrostomy', 'peg', 'g tube'], meanings: [meaning('gastrostomy status', ['Z931'], ['Z93'])] },
  { keys: ['hx', 'ho', 'history of'], meanings: [meaning('personal history', [], ['Z85', 'Z86', 'Z87'])] },
  {
    keys: ['fhx', 'fh', 'family history of'],
    meanings: [meaning('family history', [], ['Z80', 'Z81', 'Z82', 'Z83', 'Z84'])],
  },
];
