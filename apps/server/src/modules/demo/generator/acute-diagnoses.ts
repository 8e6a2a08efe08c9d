import { ATRIAL_FIBRILLATION, CKD_3A, COPD, DIABETES, HEART_FAILURE, type ChronicCondition } from './catalog';

/** An inpatient stay, an observation stay, or an emergency visit that sent the patient home. */
export type StayKind = 'inpatient' | 'observation' | 'emergency';

/** A discharge diagnosis of a hospital stay or emergency visit (ICD-10-CM FY2026, SNOMED CT where one fits). */
export interface AcuteDiagnosis {
  icdCode: string;
  snomedCode?: string;
  display: string;
  /** How often it is the principal diagnosis of each kind of stay, relative to the others. */
  weights: Partial<Record<StayKind, number>>;
  /** Only for patients living with one of these (an exacerbation, or a complication they are prone to). */
  requires?: readonly ChronicCondition[];
  /** It codes the chronic condition it requires (an exacerbation), so it counts as that condition coded. */
  isExacerbation?: boolean;
  minAge?: number;
  /** An inpatient stay's cost relative to an average one (the order of an MS-DRG relative weight). */
  costWeight: number;
}

const diagnosis = (
  icdCode: string,
  snomedCode: string | undefined,
  display: string,
  values: Omit<AcuteDiagnosis, 'icdCode' | 'snomedCode' | 'display'>,
): AcuteDiagnosis => ({ icdCode, ...(snomedCode ? { snomedCode } : {}), display, ...values });

/**
 * The common reasons older adults with chronic disease are admitted, observed or seen in the emergency
 * department (AHRQ HCUP statistical briefs: heart failure, sepsis, pneumonia, COPD exacerbation, UTI,
 * AKI, atrial fibrillation, hip fracture and stroke lead the Medicare admissions; chest pain and syncope
 * the observation stays; chest and abdominal pain, sprains, infections and back pain the ED visits).
 */
export const ACUTE_DIAGNOSES: readonly AcuteDiagnosis[] = [
  diagnosis('I5023', '443253003', 'Acute on chronic systolic (congestive) heart failure', {
    weights: { inpatient: 7, observation: 1 },
    requires: [HEART_FAILURE],
    isExacerbation: true,
    costWeight: 1.1,
  }),
  diagnosis('I509', '84114007', 'Heart failure, unspecified', {
    weights: { inpatient: 2, observation: 1, emergency: 0.5 },
    requires: [HEART_FAILURE],
    isExacerbation: true,
    costWeight: 1,
  }),
  diagnosis('J441', '195951007', 'Chronic obstructive pulmonary disease with (acute) exacerbation', {
    weights: { inpatient: 6, observation: 1.5, emergency: 1.5 },
    requires: [COPD],
    isExacerbation: true,
    costWeight: 0.95,
  }),
  diagnosis('E1165', undefined, 'Type 2 diabetes mellitus with hyperglycemia', {
    weights: { inpatient: 1.5, observation: 1, emergency: 0.5 },
    requires: [DIABETES],
    isExacerbation: true,
    costWeight: 0.8,
  }),
  diagnosis('I480', ATRIAL_FIBRILLATION.snomedCode, ATRIAL_FIBRILLATION.display, {
    weights: { inpatient: 2, observation: 1.5, emergency: 0.5 },
    requires: [ATRIAL_FIBRILLATION],
    isExacerbation: true,
    costWeight: 0.9,
  }),
  diagnosis('N179', '14669001', 'Acute kidney failure, unspecified', {
    weights: { inpatient: 2, observation: 0.5 },
    requires: [CKD_3A, DIABETES, HEART_FAILURE],
    costWeight: 0.9,
  }),
  diagnosis('J189', '233604007', 'Pneumonia, unspecified organism', {
    weights: { inpatient: 4, observation: 1, emergency: 0.5 },
    costWeight: 1,
  }),
  diagnosis('A419', '91302008', 'Sepsis, unspecified organism', { weights: { inpatient: 3.5 }, costWeight: 1.5 }),
  diagnosis('N390', '68566005', 'Urinary tract infection, site not specified', {
    weights: { inpatient: 2, observation: 1, emergency: 2 },
    costWeight: 0.8,
  }),
  diagnosis('I214', '401314000', 'Non-ST elevation (NSTEMI) myocardial infarction', {
    weights: { inpatient: 1.2 },
    minAge: 45,
    costWeight: 1.5,
  }),
  diagnosis('I639', '432504007', 'Cerebral infarction, unspecified', {
    weights: { inpatient: 1.2 },
    minAge: 45,
    costWeight: 1.3,
  }),
  diagnosis('K922', '74474003', 'Gastrointestinal hemorrhage, unspecified', {
    weights: { inpatient: 1, observation: 0.5 },
    costWeight: 1.1,
  }),
  diagnosis(
    'S72001A',
    '5913000',
    'Fracture of unspecified part of neck of right femur, initial encounter for closed fracture',
    { weights: { inpatient: 1.2 }, minAge: 70, costWeight: 1.7 },
  ),
  diagnosis('R079', '29857009', 'Chest pain, unspecified', {
    weights: { inpatient: 0.5, observation: 5, emergency: 3 },
    costWeight: 0.7,
  }),
  diagnosis('R55', '271594007', 'Syncope and collapse', {
    weights: { inpatient: 0.5, observation: 3, emergency: 1 },
    costWeight: 0.8,
  }),
  diagnosis('R42', '404640003', 'Dizziness and giddiness', {
    weights: { observation: 1, emergency: 1 },
    costWeight: 0.7,
  }),
  diagnosis('R0602', '267036007', 'Shortness of breath', { weights: { emergency: 1.5 }, costWeight: 0.7 }),
  diagnosis('J069', '54150009', 'Acute upper respiratory infection, unspecified', {
    weights: { emergency: 3 },
    costWeight: 0.5,
  }),
  diagnosis('R109', '21522001', 'Unspecified abdominal pain', { weights: { emergency: 3 }, costWeight: 0.7 }),
  diagnosis('M5450', '279039007', 'Low back pain, unspecified', { weights: { emergency: 2 }, costWeight: 0.5 }),
  diagnosis('S93401A', '44465007', 'Sprain of unspecified ligament of right ankle, initial encounter', {
    weights: { emergency: 1.5 },
    costWeight: 0.5,
  }),
  diagnosis('R519', '25064002', 'Headache, unspecified', { weights: { emergency: 1.5 }, costWeight: 0.6 }),
];
