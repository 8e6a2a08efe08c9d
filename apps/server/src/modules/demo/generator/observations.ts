import type { ObservationRow } from './types';

/** A result type: LOINC, display, UCUM unit, category and reference range. */
export interface ResultType {
  loinc: string;
  display: string;
  unit: string;
  category: 'laboratory' | 'vital-signs' | 'survey' | 'social-history' | 'imaging' | 'exam';
  low?: number;
  high?: number;
}

const result = (
  loinc: string,
  display: string,
  unit: string,
  category: ResultType['category'],
  range: { low?: number; high?: number } = {},
): ResultType => ({ loinc, display, unit, category, ...range });

export const RESULTS = {
  systolic: result('8480-6', 'Systolic blood pressure', 'mm[Hg]', 'vital-signs', { low: 90, high: 139 }),
  diastolic: result('8462-4', 'Diastolic blood pressure', 'mm[Hg]', 'vital-signs', { low: 60, high: 89 }),
  weight: result('29463-7', 'Body weight', 'kg', 'vital-signs'),
  bmi: result('39156-5', 'Body mass index (BMI) [Ratio]', 'kg/m2', 'vital-signs', { low: 18.5, high: 24.9 }),
  hba1c: result('4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood', '%', 'laboratory', { low: 4, high: 5.6 }),
  egfr: result(
    '98979-8',
    'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI 2021)',
    'mL/min/{1.73_m2}',
    'laboratory',
    { low: 60 },
  ),
  creatinine: result('2160-0', 'Creatinine [Mass/volume] in Serum or Plasma', 'mg/dL', 'laboratory', {
    low: 0.6,
    high: 1.3,
  }),
  cholesterol: result('2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma', 'mg/dL', 'laboratory', { high: 200 }),
  ldl: result('13457-7', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation', 'mg/dL', 'laboratory', {
    high: 100,
  }),
  hdl: result('2085-9', 'Cholesterol in HDL [Mass/volume] in Serum or Plasma', 'mg/dL', 'laboratory', { low: 40 }),
  triglycerides: result('2571-8', 'Triglyceride [Mass/volume] in Serum or Plasma', 'mg/dL', 'laboratory', {
    high: 150,
  }),
  uacr: result('9318-7', 'Albumin/Creatinine [Mass Ratio] in Urine', 'mg/g', 'laboratory', { high: 30 }),
  phq9: result('44261-6', 'Patient Health Questionnaire 9 item (PHQ-9) total score [Reported]', '{score}', 'survey', {
    low: 0,
    high: 4,
  }),
} as const;

export const DEPRESSION_SCREENING = { loinc: '73832-8', display: 'Adult depression screening assessment' };
export const DEPRESSION_NEGATIVE = { code: '428171000124102', text: 'Depression screening negative' };
export const DEPRESSION_POSITIVE = { code: '428181000124104', text: 'Depression screening positive' };
export const TOBACCO_SCREENING = { loinc: '72166-2', display: 'Tobacco smoking status' };
export const NEVER_SMOKER = { code: '266919005', text: 'Never smoked tobacco' };
export const SMOKER = { code: '77176002', text: 'Smoker' };
export const MAMMOGRAM = { loinc: '24606-6', display: 'MG Breast Screening' };
/** A diabetic retinal exam, SNOMED CT (in CMS131's Retinal or Dilated Eye Exam value set); the column holds the code. */
export const RETINAL_EXAM = { loinc: '410451008', display: 'Diabetic retinal eye exam' };
/** Cytology report of cervical or vaginal specimen (LOINC 10524-7, in CMS124's Pap Test value set). */
export const CERVICAL_CYTOLOGY = { loinc: '10524-7', display: 'Cervical cytology' };

type Base = Pick<ObservationRow, 'id' | 'organisationId' | 'patientId' | 'encounterId' | 'source' | 'sourceId'>;

/** A quantity row with its reference range and interpretation. */
export function quantityRow(base: Base, type: ResultType, value: number, date: string): ObservationRow {
  const interpretation =
    type.high !== undefined && value > type.high ? 'H' : type.low !== undefined && value < type.low ? 'L' : 'N';
  // Every row has the same keys in the same order: one object shape, fast to build by the hundred thousand.
  return {
    id: base.id,
    organisationId: base.organisationId,
    patientId: base.patientId,
    encounterId: base.encounterId ?? null,
    category: type.category,
    loinc: type.loinc,
    display: type.display,
    effectiveDate: date,
    value,
    unit: type.unit,
    valueCode: null,
    valueSystem: null,
    valueText: null,
    referenceLow: type.low ?? null,
    referenceHigh: type.high ?? null,
    referenceText: null,
    interpretation: type.low === undefined && type.high === undefined ? null : interpretation,
    source: base.source,
    sourceId: base.sourceId,
  };
}

/** A coded answer (screenings, smoking status) or a text result (imaging). */
export function codedRow(
  base: Base,
  type: { loinc: string; display: string },
  answer: { code?: string; text: string },
  options: { date: string; category: ResultType['category'] },
): ObservationRow {
  return {
    id: base.id,
    organisationId: base.organisationId,
    patientId: base.patientId,
    encounterId: base.encounterId ?? null,
    category: options.category,
    loinc: type.loinc,
    display: type.display,
    effectiveDate: options.date,
    value: null,
    unit: null,
    valueCode: answer.code ?? null,
    valueSystem: answer.code ? 'http://snomed.info/sct' : null,
    valueText: answer.text,
    referenceLow: null,
    referenceHigh: null,
    referenceText: null,
    interpretation: null,
    source: base.source,
    sourceId: base.sourceId,
  };
}
