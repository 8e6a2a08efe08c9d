/**
 * Value sets of the shared exclusion libraries Hospice, PalliativeCare and AdvancedIllnessandFrailty
 * (eCQM 2025/2026 content). The measure-specific exclusions are in exclusion-conditions.ts. Subsets
 * of VSAC; see ../README.md.
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

/**
 * Advanced Illness (ICD-10-CM subset: dementia, heart failure, emphysema, pulmonary fibrosis, chronic
 * respiratory failure, CKD 5/ESRD, Parkinson, ALS, Huntington, brain, pancreas and metastatic cancer).
 */
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
