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
