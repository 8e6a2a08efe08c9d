/**
 * Value sets of the shared exclusion libraries Hospice, PalliativeCare and AdvancedIllnessandFrailty
 * (eCQM 2025/2026 content), and of the measure-specific exclusions. Subsets of VSAC; see ../README.md.
 */
import { defineCodeList } from '../code-list';

/** Hospice Encounter: the full 2025 expansion (26 codes). */
export const HOSPICE_ENCOUNTER = defineCodeList({
  name: 'Hospice Encounter',
  oid: '2.16.840.1.113883.3.464.1003.1003',
  codes: {
    SNOMED: ['183919006', '183920000', '183921001', '305336008', '305911006', '385765002'],
    HCPCS: [
      ...['G9473', 'G9474', 'G9475', 'G9476', 'G9477', 'G9478', 'G9479', 'Q5003', 'Q5004', 'Q5005', 'Q5006'],
      ...['Q5007', 'Q5008', 'Q5010', 'S9126', 'T2042', 'T2043', 'T2044', 'T2045', 'T2046'],
    ],
  },
});

/** Hospice Care Ambulatory: the full 2025 expansion (6 codes). */
export const HOSPICE_CARE_AMBULATORY = defineCodeList({
  name: 'Hospice Care Ambulatory',
  oid: '2.16.840.1.113883.3.526.3.1584',
  codes: { SNOMED: ['170935008', '170936009', '385763009'], CPT: ['99377', '99378'], HCPCS: ['G0182'] },
});

/** Hospice Diagnosis: the full 2025 expansion (3 codes). */
export const HOSPICE_DIAGNOSIS = defineCodeList({
  name: 'Hospice Diagnosis',
  oid: '2.16.840.1.113883.3.464.1003.1165',
  codes: { SNOMED: ['170935008', '170936009', '305911006'] },
});

/** LOINC 45755-6 "Hospice care [Minimum Data Set]" answered SNOMED 373066001 "Yes". */
export const HOSPICE_MDS_LOINC = '45755-6';
export const SNOMED_YES = '373066001';

/** Palliative Care Diagnosis: the full 2025 expansion (4 codes). */
export const PALLIATIVE_CARE_DIAGNOSIS = defineCodeList({
  name: 'Palliative Care Diagnosis',
  oid: '2.16.840.1.113883.3.464.1003.1167',
  codes: { ICD10CM: ['Z515'], SNOMED: ['305686008', '305824005', '441874000'] },
});

/** Palliative Care Encounter: the full 2025 expansion (8 codes). */
export const PALLIATIVE_CARE_ENCOUNTER = defineCodeList({
  name: 'Palliative Care Encounter',
  oid: '2.16.840.1.113883.3.464.1003.101.12.1090',
  codes: {
    SNOMED: ['305284002', '305381007', '305686008', '305824005', '441874000', '4901000124101', '713281006'],
    HCPCS: ['G9054'],
  },
});

/** Palliative Care Intervention: the full 2025 expansion (9 codes). */
export const PALLIATIVE_CARE_INTERVENTION = defineCodeList({
  name: 'Palliative Care Intervention',
  oid: '2.16.840.1.113883.3.464.1003.198.12.1135',
  codes: {
    SNOMED: [
      ...['103735009', '105402000', '1841000124106', '395669003', '395670002', '395694002', '395695001'],
      ...['433181000124107', '443761007'],
    ],
  },
});

/** LOINC 71007-9 FACIT-Pal questionnaire (PalliativeCare library, direct reference). */
export const FACIT_PAL_LOINC = '71007-9';

/**
 * Frailty Diagnosis: every ICD-10-CM code of the 2025 expansion (pressure ulcers L89, falls W01, W06-W08,
 * W10, W18.0-W18.3, W19, muscle wasting and weakness, dependence and mobility Z codes).
 */
export const FRAILTY_DIAGNOSIS = defineCodeList({
  name: 'Frailty Diagnosis',
  oid: '2.16.840.1.113883.3.464.1003.113.12.1074',
  codes: {
    ICD10CM: [
      ...['M6250', 'M6281', 'M6284', 'R296', 'Y92199', 'Z593', 'Z736', 'Z7401', 'Z7409', 'Z741', 'Z742'],
      ...['Z743', 'Z748', 'Z749', 'Z9181', 'Z9911', 'Z993', 'Z9981', 'Z9989'],
    ],
  },
  icdPrefixes: ['L89', 'W01', 'W06', 'W07', 'W08', 'W10', 'W180', 'W181', 'W182', 'W183', 'W19'],
});

/** Frailty Encounter: the full 2025 expansion (23 codes). */
export const FRAILTY_ENCOUNTER = defineCodeList({
  name: 'Frailty Encounter',
  oid: '2.16.840.1.113883.3.464.1003.101.12.1088',
  codes: {
    CPT: ['99504', '99509'],
    HCPCS: [
      ...['G0162', 'G0299', 'G0300', 'G0493', 'G0494', 'S0271', 'S0311', 'S9123', 'S9124'],
      ...['T1000', 'T1001', 'T1002', 'T1003', 'T1004', 'T1005', 'T1019', 'T1020', 'T1021', 'T1022', 'T1030', 'T1031'],
    ],
  },
});

/**
 * Frailty Device (SNOMED CT physical objects; subset: walkers, walking sticks and canes, wheelchairs,
 * hospital beds, oxygen, home ventilators and CPAP/BiPAP units). Read from the answer of LOINC 98181-1
 * "Medical equipment used".
 */
export const FRAILTY_DEVICE = new Set([
  ...['1255320005', '1256014005', '1256015006', '266731002', '466382000', '467068002'],
  ...['360006004', '360299009', '464157006', '465556004', '466407009', '87405001'],
  ...['183240000', '183241001', '183248007', '228869008', '23366006', '58938008', '705422005', '705428009'],
  ...['466786004', '66435007', '1142151007', '261323006', '262177002', '336608004', '23562009', '426160001'],
  ...['464002006', '37874008', '702172008', '702173003', '360008003'],
]);
export const MEDICAL_EQUIPMENT_USED_LOINC = '98181-1';

/** Advanced Illness (ICD-10-CM subset: dementia, heart failure, advanced lung, liver and kidney disease, metastatic cancer). */
export const ADVANCED_ILLNESS = defineCodeList({
  name: 'Advanced Illness',
  oid: '2.16.840.1.113883.3.464.1003.110.12.1082',
  codes: { ICD10CM: ['G1221', 'G3101', 'G3109', 'G3183', 'I0981', 'I110', 'I130', 'I132', 'J8410', 'N185', 'N186'] },
  icdPrefixes: ['C25', 'C71', 'C77', 'C78', 'C79', 'F01', 'F02', 'F03', 'G10', 'G20', 'G30', 'I50', 'J43', 'J961'],
});

/** Dementia Medications (value set of RxNorm drugs; matched here by ingredient name). */
export const DEMENTIA_MEDICATION_INGREDIENTS = ['donepezil', 'galantamine', 'rivastigmine', 'memantine'] as const;

/** AdvancedIllnessandFrailty: LOINC 71802-3 "Housing status" answered SNOMED 160734000. */
export const HOUSING_STATUS_LOINC = '71802-3';
export const LIVES_IN_NURSING_HOME = '160734000';

/** Bilateral Mastectomy: the full 2025 expansion (16 codes). */
export const BILATERAL_MASTECTOMY = defineCodeList({
  name: 'Bilateral Mastectomy',
  oid: '2.16.840.1.113883.3.464.1003.198.12.1005',
  codes: {
    ICD10PCS: ['0HTV0ZZ'],
    SNOMED: [
      ...['1268980002', '1269061009', '1279986002', '14693006', '14714006', '17086001', '22418005', '27865001'],
      ...['456903003', '52314009', '60633004', '726636007', '76468001', '836436008', '870629001'],
    ],
  },
});

/** History of bilateral mastectomy: the full 2025 expansion (4 codes). */
export const HISTORY_OF_BILATERAL_MASTECTOMY = defineCodeList({
  name: 'History of bilateral mastectomy',
  oid: '2.16.840.1.113883.3.464.1003.198.12.1068',
  codes: { ICD10CM: ['Z9013'], SNOMED: ['136071000119101', '16087411000119102', '428529004'] },
});

/** Status Post Right Mastectomy: the full 2025 expansion (3 codes). */
export const STATUS_POST_RIGHT_MASTECTOMY = defineCodeList({
  name: 'Status Post Right Mastectomy',
  oid: '2.16.840.1.113883.3.464.1003.198.12.1070',
  codes: { ICD10CM: ['Z9011'], SNOMED: ['137681000119108', '429242008'] },
});

/** Status Post Left Mastectomy: the full 2025 expansion (3 codes). */
export const STATUS_POST_LEFT_MASTECTOMY = defineCodeList({
  name: 'Status Post Left Mastectomy',
  oid: '2.16.840.1.113883.3.464.1003.198.12.1069',
  codes: { ICD10CM: ['Z9012'], SNOMED: ['137671000119105', '429009003'] },
});

/** Unilateral Mastectomy Right: the full 2025 expansion (9 codes). */
export const UNILATERAL_MASTECTOMY_RIGHT = defineCodeList({
  name: 'Unilateral Mastectomy Right',
  oid: '2.16.840.1.113883.3.464.1003.198.12.1134',
  codes: {
    ICD10PCS: ['0HTT0ZZ'],
    SNOMED: [
      '429400009',
      '451201000124106',
      '726430006',
      '726434002',
      '726436000',
      '741010006',
      '741019007',
      '836435007',
    ],
  },
});

/** Unilateral Mastectomy Left: the full 2025 expansion (9 codes). */
export const UNILATERAL_MASTECTOMY_LEFT = defineCodeList({
  name: 'Unilateral Mastectomy Left',
  oid: '2.16.840.1.113883.3.464.1003.198.12.1133',
  codes: {
    ICD10PCS: ['0HTU0ZZ'],
    SNOMED: [
      '428571003',
      '451211000124109',
      '726429001',
      '726435001',
      '726437009',
      '741009001',
      '741018004',
      '836437004',
    ],
  },
});

/** Malignant Neoplasm of Colon: all ICD-10-CM codes of the 2025 expansion (including history Z85.038/Z85.048), main SNOMED CT codes. */
export const MALIGNANT_NEOPLASM_OF_COLON = defineCodeList({
  name: 'Malignant Neoplasm of Colon',
  oid: '2.16.840.1.113883.3.464.1003.108.12.1001',
  codes: {
    ICD10CM: ['C19', 'C20', 'C212', 'C218', 'C785', 'Z85038', 'Z85048'],
    SNOMED: ['269533000', '1701000119104', '254582000', '187760008', '109838007', '1259436003'],
  },
  // C18.0-C18.9: every code of the category is in the set.
  icdPrefixes: ['C18'],
});

/** Total Colectomy: the full 2025 expansion (32 codes). */
export const TOTAL_COLECTOMY = defineCodeList({
  name: 'Total Colectomy',
  oid: '2.16.840.1.113883.3.464.1003.198.12.1019',
  codes: {
    CPT: ['44150', '44151', '44152', '44153', '44155', '44156', '44157', '44158', '44210', '44211', '44212'],
    ICD10PCS: ['0DTE0ZZ', '0DTE4ZZ', '0DTE7ZZ', '0DTE8ZZ'],
    SNOMED: [
      ...['26390003', '303401008', '307666008', '307667004', '307669001', '31130001', '36192008', '44751009'],
      ...['456004', '713165008', '787108001', '787109009', '787874000', '787875004', '787876003', '80294005'],
      ...['858579005'],
    ],
  },
});

/** End Stage Renal Disease: the full 2025 expansion (5 codes). */
export const END_STAGE_RENAL_DISEASE = defineCodeList({
  name: 'End Stage Renal Disease',
  oid: '2.16.840.1.113883.3.526.3.353',
  codes: { ICD10CM: ['N186'], SNOMED: ['236434000', '236435004', '236436003', '46177005'] },
});

/** Chronic Kidney Disease, Stage 5: the full 2025 expansion (2 codes). */
export const CKD_STAGE_5 = defineCodeList({
  name: 'Chronic Kidney Disease, Stage 5',
  oid: '2.16.840.1.113883.3.526.3.1002',
  codes: { ICD10CM: ['N185'], SNOMED: ['433146000'] },
});

/** Kidney Transplant Recipient: the full 2025 expansion (Z94.0). */
export const KIDNEY_TRANSPLANT_RECIPIENT = defineCodeList({
  name: 'Kidney Transplant Recipient',
  oid: '2.16.840.1.113883.3.464.1003.109.12.1029',
  codes: { ICD10CM: ['Z940'] },
});

/** Kidney Transplant: the full 2025 expansion (23 codes). */
export const KIDNEY_TRANSPLANT = defineCodeList({
  name: 'Kidney Transplant',
  oid: '2.16.840.1.113883.3.464.1003.109.12.1012',
  codes: {
    CPT: ['50360', '50365', '50380'],
    HCPCS: ['S2065'],
    ICD10PCS: ['0TY00Z0', '0TY00Z1', '0TY00Z2', '0TY10Z0', '0TY10Z1', '0TY10Z2'],
    SNOMED: [
      ...['175899003', '175901007', '175902000', '236138007', '313030004', '52213001', '6471000179103'],
      ...['70536003', '711411006', '711413009', '765478004', '765479007', '782655004'],
    ],
  },
});

/** Dialysis Services: every CPT and HCPCS code of the 2025 expansion and its main SNOMED CT codes. */
export const DIALYSIS_SERVICES = defineCodeList({
  name: 'Dialysis Services',
  oid: '2.16.840.1.113883.3.464.1003.109.12.1013',
  codes: {
    CPT: ['90935', '90937', '90945', '90947', '90997', '90999', '99512'],
    HCPCS: ['G0257', 'S9339'],
    SNOMED: [
      ...['108241001', '265764009', '302497006', '71192002', '238318009', '238319001', '714749008', '233575001'],
      ...['67970008', '225230008', '428648006', '34897002'],
    ],
  },
});

/** ESRD Monthly Outpatient Services: the full 2025 expansion (CPT 90951-90970, 90989, 90993, 90997, 90999, 99512). */
export const ESRD_MONTHLY_OUTPATIENT = defineCodeList({
  name: 'ESRD Monthly Outpatient Services',
  oid: '2.16.840.1.113883.3.464.1003.109.12.1014',
  codes: {
    CPT: [
      ...Array.from({ length: 20 }, (_, index) => String(90951 + index)),
      '90989',
      '90993',
      '90997',
      '90999',
      '99512',
    ],
  },
});

/**
 * Pregnancy (CMS165). The stored 2025 expansion starts its ICD-10-CM part at O09 (abortive outcomes
 * O00-O08 are not in it) and runs without gaps through O35 as far as it is stored; the later
 * categories kept here (O36-O48, O6x, O7x, O98, O99, O9A, Z33.1, Z34) are taken from the measure's
 * intent (pregnancy overlapping the period) and should be checked against VSAC.
 */
export const PREGNANCY = defineCodeList({
  name: 'Pregnancy',
  oid: '2.16.840.1.113883.3.526.3.378',
  codes: { ICD10CM: ['Z331'], SNOMED: ['77386006', '72892002'] },
  icdPrefixes: ['O09', 'O1', 'O2', 'O3', 'O4', 'O6', 'O7', 'O98', 'O99', 'O9A', 'Z34'],
});

export const BIPOLAR_DISORDER = defineCodeList({
  name: 'Bipolar Disorder',
  oid: '2.16.840.1.113883.3.67.1.101.1.128',
  codes: { SNOMED: ['13746004'] },
  icdPrefixes: ['F31'],
});
