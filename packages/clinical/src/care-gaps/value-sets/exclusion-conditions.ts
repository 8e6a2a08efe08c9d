/**
 * Value sets of the measure-specific exclusions: mastectomy (CMS125), colorectal cancer and total
 * colectomy (CMS130), end-stage renal disease, dialysis, kidney transplant and pregnancy (CMS165,
 * CMS951), bipolar disorder (CMS2). Subsets of VSAC; see ../README.md.
 */
import { defineCodeList } from '../code-list';

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

/**
 * Malignant Neoplasm of Colon: all ICD-10-CM codes of the 2025 expansion (with the history codes
 * Z85.038 and Z85.048) and its main SNOMED CT codes.
 */
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
