/**
 * Screening, follow-up and intervention value sets of the preventive measures CMS2 (depression),
 * CMS69 (BMI) and CMS138 (tobacco). Subsets of VSAC unless the comment says the full expansion; see
 * ../README.md.
 */
import { defineCodeList } from '../code-list';

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

/**
 * Adult Depression Medications (RxNorm, …526.3.1566): the ingredients of every drug in the 2025
 * expansion, matched by name (it has lamotrigine and selegiline too, and no vortioxetine or
 * levomilnacipran).
 */
export const ADULT_DEPRESSION_MEDICATION_INGREDIENTS = [
  ...['5-hydroxytryptophan', 'amitriptyline', 'amoxapine', 'bupropion', 'citalopram', 'clomipramine'],
  ...['desipramine', 'desvenlafaxine', 'doxepin', 'duloxetine', 'escitalopram', 'fluoxetine', 'fluvoxamine'],
  ...['imipramine', 'lamotrigine', 'maprotiline', 'mirtazapine', 'nefazodone', 'nortriptyline', 'paroxetine'],
  ...['phenelzine', 'protriptyline', 'selegiline', 'sertraline', 'tranylcypromine', 'trazodone', 'trimipramine'],
  ...['venlafaxine', 'vilazodone'],
] as const;

/**
 * Adolescent Depression Medications (RxNorm, …526.3.1567): the ingredients of its drugs, by name (from
 * the 2020-05 expansion as bundled in Medical-Software-Foundation/canvas; not the 2025 one).
 */
export const ADOLESCENT_DEPRESSION_MEDICATION_INGREDIENTS = [
  ...['citalopram', 'duloxetine', 'escitalopram', 'fluoxetine', 'mirtazapine', 'sertraline', 'venlafaxine'],
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

/**
 * Medications for Above Normal BMI / Below Normal BMI (RxNorm value sets of oral drugs, matched by
 * ingredient name; subset of the 2020-05 expansions: orlistat and phentermine (with its combinations);
 * dronabinol and megestrol). Injectable GLP-1 drugs are not in the (oral-only) sets.
 */
export const HIGH_BMI_MEDICATION_INGREDIENTS = ['orlistat', 'phentermine'] as const;
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
