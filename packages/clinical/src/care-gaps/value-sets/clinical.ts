/**
 * Diagnosis, test and intervention value sets of the measures' populations and numerators (subsets of
 * VSAC unless the comment says the full expansion; see ../README.md).
 */
import { defineCodeList } from '../code-list';

/**
 * Diabetes: every ICD-10-CM code of the 2025 expansion is in E10, E11, E13 and pre-existing diabetes in
 * pregnancy O24.0/O24.1/O24.3/O24.8 (not E08/E09, not gestational O24.4); main SNOMED CT codes.
 */
export const DIABETES = defineCodeList({
  name: 'Diabetes',
  oid: '2.16.840.1.113883.3.464.1003.103.12.1001',
  codes: { SNOMED: ['44054006', '46635009', '73211009'] },
  icdPrefixes: ['E10', 'E11', 'E13', 'O240', 'O241', 'O243', 'O248'],
});

/** Essential Hypertension: the full 2025 expansion (I10 and 16 SNOMED CT codes). */
export const ESSENTIAL_HYPERTENSION = defineCodeList({
  name: 'Essential Hypertension',
  oid: '2.16.840.1.113883.3.464.1003.104.12.1011',
  codes: {
    ICD10CM: ['I10'],
    SNOMED: [
      ...['1201005', '18416000', '19769006', '23717007', '35303009', '371125006', '40511000119107', '429457004'],
      ...['46481004', '59621000', '63287004', '71874008', '72022006', '78808002', '78975002', '9901000'],
    ],
  },
});

/** Diabetic Retinopathy: retinopathy and macular edema codes of type 1, type 2 and other diabetes. */
export const DIABETIC_RETINOPATHY = defineCodeList({
  name: 'Diabetic Retinopathy',
  oid: '2.16.840.1.113883.3.526.3.327',
  codes: { SNOMED: ['4855003'] },
  icdPrefixes: [
    ...['E0831', 'E0832', 'E0833', 'E0834', 'E0835', 'E0931', 'E0932', 'E0933', 'E0934', 'E0935'],
    ...['E1031', 'E1032', 'E1033', 'E1034', 'E1035', 'E1131', 'E1132', 'E1133', 'E1134', 'E1135'],
    ...['E1331', 'E1332', 'E1333', 'E1334', 'E1335'],
  ],
});

/** HbA1c Laboratory Test (LOINC), plus the direct-reference code 97506-0 Glucose management indicator. */
export const GLYCEMIC_STATUS_LOINC = new Set(['4548-4', '4549-2', '17855-8', '17856-6', '96595-4', '97506-0']);
export const HBA1C_OID = '2.16.840.1.113883.3.464.1003.198.12.1013';

export const SYSTOLIC_BP_LOINC = '8480-6';
export const DIASTOLIC_BP_LOINC = '8462-4';

/** Mammography (LOINC): screening, diagnostic and tomosynthesis studies of the 2025 expansion. */
export const MAMMOGRAPHY_LOINC = new Set([
  ...['24604-1', '24605-8', '24606-6', '24610-8', '26175-0', '26176-8', '26177-6', '26346-7', '26347-5'],
  ...['26348-3', '26349-1', '26350-9', '26351-7', '36319-2', '36625-2', '36626-0', '36627-8', '37774-7'],
  ...['39152-4', '39153-2', '39154-0', '42168-5', '42169-3', '42174-3', '46335-6', '46336-4', '46337-2'],
  ...['46338-0', '46339-8', '46342-2', '46350-5', '46354-7', '46355-4', '46356-2', '48475-8', '48492-3'],
  ...['69150-1', '69259-0', '72137-3', '72138-1', '72139-9', '72140-7', '72141-5', '72142-3', '86462-9'],
  ...['86463-7', '91517-3', '91518-1', '91519-9', '91520-7', '91521-5', '91522-3'],
]);
export const MAMMOGRAPHY_OID = '2.16.840.1.113883.3.464.1003.108.12.1018';

/** Fecal Occult Blood Test (FOBT): the full 2025 expansion (16 LOINC codes, guaiac and immunochemical). */
export const FOBT_LOINC = new Set([
  ...['12503-9', '12504-7', '14563-1', '14564-9', '14565-6', '2335-8', '27396-1', '27401-9'],
  ...['27925-7', '27926-5', '29771-3', '56490-6', '56491-4', '57905-2', '58453-2', '80372-6'],
]);
export const FOBT_OID = '2.16.840.1.113883.3.464.1003.198.12.1011';

/** sDNA FIT Test: the full 2025 expansion. */
export const SDNA_FIT_LOINC = new Set(['77353-1', '77354-9']);
export const SDNA_FIT_OID = '2.16.840.1.113883.3.464.1003.108.12.1039';

/** CT Colonography: the full 2025 expansion. */
export const CT_COLONOGRAPHY_LOINC = new Set(['60515-4', '72531-7', '79069-1', '79071-7', '79101-2', '82688-3']);
export const CT_COLONOGRAPHY_OID = '2.16.840.1.113883.3.464.1003.108.12.1038';

/** Colonoscopy: all CPT and HCPCS codes of the 2025 expansion, and its main SNOMED CT codes. */
export const COLONOSCOPY = defineCodeList({
  name: 'Colonoscopy',
  oid: '2.16.840.1.113883.3.464.1003.108.12.1020',
  codes: {
    CPT: [
      ...['44388', '44389', '44390', '44391', '44392', '44394', '44401', '44402', '44403', '44404', '44405'],
      ...['44406', '44407', '44408', '45378', '45379', '45380', '45381', '45382', '45384', '45385', '45386'],
      ...['45388', '45389', '45390', '45391', '45392', '45393', '45398'],
    ],
    HCPCS: ['G0105', 'G0121'],
    SNOMED: ['73761001', '367535003', '444783004', '235150006', '25732003', '446745002', '8180007', '1209098000'],
  },
});

/** Flexible Sigmoidoscopy: the full 2025 expansion. */
export const FLEXIBLE_SIGMOIDOSCOPY = defineCodeList({
  name: 'Flexible Sigmoidoscopy',
  oid: '2.16.840.1.113883.3.464.1003.198.12.1010',
  codes: {
    CPT: [
      ...['45330', '45331', '45332', '45333', '45334', '45335', '45337', '45338', '45340', '45341', '45342'],
      ...['45346', '45347', '45349', '45350'],
    ],
    HCPCS: ['G0104'],
    SNOMED: ['1217117008', '396226005', '44441009'],
  },
});

/** Retinal or Dilated Eye Exam: the fundoscopy, retinal examination and imaging codes of the 2025 expansion. */
export const RETINAL_EYE_EXAM = defineCodeList({
  name: 'Retinal or Dilated Eye Exam',
  oid: '2.16.840.1.113883.3.464.1003.115.12.1088',
  codes: {
    SNOMED: [
      ...['274795007', '274798009', '308110009', '314971001', '314972008', '410451008', '410452001'],
      ...['410453006', '410455004', '425816006', '427478009', '722161008'],
    ],
  },
});

/** Estimated Glomerular Filtration Rate: the full 2025 expansion (13 LOINC codes; MDRD, CKD-EPI, cystatin C). */
export const EGFR_LOINC = new Set([
  ...['48642-3', '48643-1', '50044-7', '50210-4', '62238-1', '69405-9', '70969-1', '77147-7', '88293-6'],
  ...['88294-4', '94677-2', '98979-8', '98980-6'],
]);
export const EGFR_OID = '2.16.840.1.113883.3.6929.3.1000';

/** Urine Albumin Creatinine Ratio: the full 2025 expansion (13 LOINC codes). */
export const UACR_LOINC = new Set([
  ...['13705-9', '14585-4', '14958-3', '14959-1', '30000-4', '30001-2', '32294-1', '44292-1', '59159-4'],
  ...['76401-9', '77253-3', '77254-1', '9318-7'],
]);
export const UACR_OID = '2.16.840.1.113883.3.6929.3.1007';

/** CMS2 direct-reference codes: screening assessments (LOINC) and their results (SNOMED CT). */
export const ADULT_DEPRESSION_SCREENING_LOINC = '73832-8';
export const ADOLESCENT_DEPRESSION_SCREENING_LOINC = '73831-0';
export const DEPRESSION_SCREEN_POSITIVE = '428181000124104';
export const DEPRESSION_SCREEN_NEGATIVE = '428171000124102';

/** Follow Up for Adult Depression = Follow Up for Adolescent Depression: the full 2025 expansions (40 codes). */
const DEPRESSION_FOLLOW_UP_CODES = [
  ...['108313002', '1555005', '15558000', '18512000', '228557008', '229065009', '28868002', '372067001'],
  ...['385721005', '385724002', '385725001', '385726000', '385727009', '385887004', '385889001', '385890005'],
  ...['386472008', '401277000', '405780009', '410223002', '410224008', '410225009', '410226005', '410227001'],
  ...['410228006', '410229003', '410230008', '410231007', '410232000', '410233005', '410234004', '425604002'],
  ...['439141002', '5694008', '75516001', '76168009', '76740001', '768835002', '81294000', '88848003'],
];

/** Follow Up for Adult Depression and Referral for Adult Depression: the full 2025 expansions. */
export const ADULT_DEPRESSION_FOLLOW_UP = defineCodeList({
  name: 'Follow Up for Adult Depression + Referral for Adult Depression',
  oid: '2.16.840.1.113883.3.526.3.1568+2.16.840.1.113883.3.526.3.1571',
  codes: {
    SNOMED: [
      ...DEPRESSION_FOLLOW_UP_CODES,
      ...['1186918003', '1186920000', '183524004', '183528001', '183583007', '183866009', '306136006'],
      ...['306138007', '306204008', '306226009', '306227000', '306252003', '308459004', '308477009', '390866009'],
      ...['703978000', '710914003', '711281004'],
    ],
  },
});

/** Follow Up for Adolescent Depression and Referral for Adolescent Depression: the full 2025 expansions. */
export const ADOLESCENT_DEPRESSION_FOLLOW_UP = defineCodeList({
  name: 'Follow Up for Adolescent Depression + Referral for Adolescent Depression',
  oid: '2.16.840.1.113883.3.526.3.1569+2.16.840.1.113883.3.526.3.1570',
  codes: {
    SNOMED: [
      ...DEPRESSION_FOLLOW_UP_CODES,
      ...['1186918003', '1186920000', '183524004', '183583007', '183866009', '306136006', '306226009'],
      ...['306227000', '306252003', '306291008', '308459004', '308477009', '309627007', '390866009', '703978000'],
      ...['710914003', '711281004'],
    ],
  },
});

/** Adult and Adolescent Depression Medications (RxNorm value sets; matched by ingredient name). */
export const DEPRESSION_MEDICATION_INGREDIENTS = [
  ...['amitriptyline', 'bupropion', 'citalopram', 'desvenlafaxine', 'doxepin', 'duloxetine', 'escitalopram'],
  ...['fluoxetine', 'fluvoxamine', 'imipramine', 'levomilnacipran', 'mirtazapine', 'nortriptyline'],
  ...['paroxetine', 'sertraline', 'trazodone', 'venlafaxine', 'vilazodone', 'vortioxetine'],
] as const;

export const BMI_LOINC = '39156-5';

/** Follow Up for Above Normal BMI: the full 2025 expansion (94 codes, with bariatric surgery). */
export const HIGH_BMI_FOLLOW_UP = defineCodeList({
  name: 'Follow Up for Above Normal BMI',
  oid: '2.16.840.1.113883.3.600.1.1525',
  codes: {
    SNOMED: [
      ...['11816003', '1230141004', '1279742004', '1759002', '182922004', '183059007', '183060002', '183061003'],
      ...['183062005', '183063000', '183065007', '183066008', '183067004', '183070000', '183071001', '225387002'],
      ...['225388007', '226069004', '226074007', '266724001', '268522006', '281085002', '284071006', '284350006'],
      ...['284352003', '304491008', '304549008', '307818003', '313076000', '370780002', '370847001', '386264009'],
      ...['386291006', '386292004', '386373004', '386374005', '386463000', '386464006', '410173005', '410177006'],
      ...['410178001', '413315001', '418995006', '419155003', '424753004', '427857000', '428291006', '428461000124101'],
      ...['435391000124108', '443288003', '445291000124103', '445301000124102', '445641000124105', '61310001'],
      ...['699829004', '710847006', '710881000', '870194003'],
    ],
    CPT: [
      ...['43644', '43645', '43659', '43770', '43771', '43772', '43773', '43774', '43775', '43842', '43843'],
      ...['43845', '43846', '43847', '43848', '43886', '43888', '97802', '97803', '97804', '98960', '99078'],
      ...['99401', '99402', '99403', '99404'],
    ],
    HCPCS: [...['G0270', 'G0271', 'S9449', 'S9451', 'S9452', 'S9470'], 'G0447', 'G0473'],
    ICD10CM: ['Z713', 'Z7182'],
  },
});

/** Follow Up for Below Normal BMI: the full 2025 expansion. */
export const LOW_BMI_FOLLOW_UP = defineCodeList({
  name: 'Follow Up for Below Normal BMI',
  oid: '2.16.840.1.113883.3.600.1.1528',
  codes: {
    SNOMED: [
      ...['11816003', '1230141004', '1279742004', '1759002', '182922004', '225387002', '225388007', '226069004'],
      ...['226074007', '284071006', '304491008', '304549008', '307818003', '313076000', '370780002', '370847001'],
      ...['386264009', '386291006', '386292004', '386373004', '386374005', '386463000', '386464006', '410173005'],
      ...['410177006', '410178001', '413315001', '418995006', '419155003', '424753004', '427857000', '428291006'],
      ...['428461000124101', '429095004', '443288003', '445291000124103', '445301000124102', '445641000124105'],
      ...['61310001', '699829004', '710847006', '710881000', '870194003'],
    ],
    CPT: ['97802', '97803', '97804', '98960', '99078', '99401', '99402', '99403', '99404'],
    HCPCS: ['G0270', 'G0271', 'S9449', 'S9451', 'S9452', 'S9470'],
    ICD10CM: ['Z713', 'Z7182'],
  },
});

/** Medications for Above Normal BMI / Below Normal BMI (RxNorm value sets; matched by ingredient name). */
export const HIGH_BMI_MEDICATION_INGREDIENTS = ['orlistat', 'phentermine', 'liraglutide', 'semaglutide'] as const;
export const LOW_BMI_MEDICATION_INGREDIENTS = ['dronabinol', 'megestrol'] as const;

/** Pregnancy or Other Related Diagnoses (CMS69). */
export const PREGNANCY_OR_RELATED = defineCodeList({
  name: 'Pregnancy or Other Related Diagnoses',
  oid: '2.16.840.1.113883.3.600.1.1623',
  codes: { ICD10CM: ['Z331'] },
  icdPrefixes: ['O09', 'O1', 'O2', 'O3', 'O4', 'O6', 'O7', 'O98', 'O99', 'O9A', 'Z34'],
});

/** Tobacco Use Screening: the full 2025 expansion. */
export const TOBACCO_SCREENING_LOINC = new Set(['39240-7', '68535-4', '68536-2', '72166-2']);
export const TOBACCO_SCREENING_OID = '2.16.840.1.113883.3.526.3.1278';

/** Tobacco User: the full 2025 expansion (SNOMED CT). */
export const TOBACCO_USER = new Set([
  ...['110483000', '1137691001', '160603005', '160604004', '160605003', '160606002', '160619003'],
  ...['228494002', '228499007', '228504007', '228514003', '228515002', '228516001', '228517005'],
  ...['228518000', '230059006', '230060001', '230062009', '230063004', '230064005', '230065006'],
  ...['266920004', '35341000087101', '35371000087109', '428041000124106', '428061000124105'],
  ...['428071000124103', '449867007', '449868002', '449869005', '450811000124104', '450821000124107'],
  ...['56578002', '56771006', '59978006', '65568007', '698289004', '713914004', '722499006', '77176002'],
  ...['785889008', '81703003', '82302008'],
]);
export const TOBACCO_USER_OID = '2.16.840.1.113883.3.526.3.1170';

/** Tobacco Non User: the full 2025 expansion (SNOMED CT). */
export const TOBACCO_NON_USER = new Set([
  ...['105539002', '105540000', '105541001', '1137688001', '1137690000', '1137692008', '160620009'],
  ...['160621008', '221000119102', '228491005', '228492003', '228493008', '228501004', '228502006'],
  ...['228503001', '228511006', '228512004', '228513009', '266919005', '266921000', '266922007'],
  ...['266923002', '266924008', '266925009', '266928006', '281018007', '360890004', '360900008'],
  ...['360918006', '360929005', '405746006', '428081000124100', '428091000124102', '451371000124109'],
  ...['451381000124107', '456711000124105', '48031000119106', '53896009', '702975009', '702979003'],
  ...['735128000', '8392000', '8517006', '87739003'],
]);
export const TOBACCO_NON_USER_OID = '2.16.840.1.113883.3.526.3.1189';

/** Tobacco Use Cessation Counseling: the full 2025 expansion; and direct-reference ICD-10-CM Z71.6. */
export const TOBACCO_CESSATION_COUNSELING = defineCodeList({
  name: 'Tobacco Use Cessation Counseling',
  oid: '2.16.840.1.113883.3.526.3.509',
  codes: {
    CPT: ['99406', '99407'],
    SNOMED: [
      ...['1148687006', '171055003', '185795007', '185796008', '225323000', '225324006', '310429001'],
      ...['315232003', '384742004', '395700008', '449841000124108', '449851000124105', '449861000124107'],
      ...['449871000124100', '702388001', '710081004', '711028002', '713700008'],
    ],
  },
});
export const TOBACCO_COUNSELING_DIAGNOSIS = defineCodeList({
  name: 'Tobacco abuse counseling',
  oid: 'direct',
  codes: { ICD10CM: ['Z716'] },
});

/** Tobacco Use Cessation Pharmacotherapy (RxNorm value set; matched by ingredient name). */
export const TOBACCO_PHARMACOTHERAPY_INGREDIENTS = ['nicotine', 'varenicline'] as const;
