import type {
  ClaimDiagnosisRecord,
  ConditionRecord,
  DocumentRecord,
  MedicationRecord,
  ObservationRecord,
  PatientRecord,
  ProcedureRecord,
  SourceType,
} from '../../record';
import { emptyPatientRecord } from '../../record';

/** Small factories for suspecting tests: each call makes one row with a fresh id and sensible defaults. */
let nextId = 0;
const newId = (prefix: string): string => `${prefix}-${String((nextId += 1))}`;

export function aPatient(
  overrides: Partial<PatientRecord> & { birthDate?: string; sex?: 'F' | 'M' } = {},
): PatientRecord {
  const { birthDate = '1950-06-15', sex = 'F', ...lists } = overrides;
  return { ...emptyPatientRecord(newId('patient'), { birthDate, sex }), ...lists };
}

export function aCondition(
  icdCode: string | undefined,
  date: string,
  overrides: Partial<ConditionRecord> = {},
): ConditionRecord {
  return {
    id: newId('condition'),
    ...(icdCode === undefined ? {} : { icdCode }),
    display: icdCode ?? 'condition',
    date,
    clinicalStatus: 'active',
    verificationStatus: 'confirmed',
    category: 'encounter-diagnosis',
    source: 'EHR',
    ...overrides,
  };
}

export function aClaim(icdCode: string, serviceDate: string, source: SourceType = 'EHR'): ClaimDiagnosisRecord {
  return { id: newId('claim'), icdCode, serviceDate, source };
}

export function aResult(
  loinc: string,
  value: number,
  unit: string,
  date: string,
  overrides: Partial<ObservationRecord> = {},
): ObservationRecord {
  return { id: newId('observation'), loinc, display: loinc, date, value, unit, source: 'EHR', ...overrides };
}

/** Result helpers in the units laboratories report. */
export const egfr = (value: number, date: string): ObservationRecord =>
  aResult('33914-3', value, 'mL/min/{1.73_m2}', date);
export const hba1c = (value: number, date: string): ObservationRecord => aResult('4548-4', value, '%', date);
export const fastingGlucose = (value: number, date: string): ObservationRecord =>
  aResult('1558-6', value, 'mg/dL', date);
export const bmi = (value: number, date: string): ObservationRecord => aResult('39156-5', value, 'kg/m2', date);
export const phq9 = (value: number, date: string): ObservationRecord => aResult('44261-6', value, '{score}', date);
export const lvef = (value: number, date: string): ObservationRecord => aResult('10230-1', value, '%', date);
export const uacr = (value: number, date: string): ObservationRecord => aResult('9318-7', value, 'mg/g', date);
export const albumin = (value: number, date: string): ObservationRecord => aResult('1751-7', value, 'g/dL', date);

export function aMedication(
  display: string,
  startDate: string,
  overrides: Partial<MedicationRecord> = {},
): MedicationRecord {
  return { id: newId('medication'), display, startDate, status: 'active', source: 'EHR', ...overrides };
}

export function aDocument(text: string, date: string, overrides: Partial<DocumentRecord> = {}): DocumentRecord {
  return { id: newId('document'), date, title: 'Progress note', text, source: 'EHR', ...overrides };
}

export function aProcedure(
  code: string,
  display: string,
  date: string,
  overrides: Partial<ProcedureRecord> = {},
): ProcedureRecord {
  return {
    id: newId('procedure'),
    code,
    system: 'http://www.ama-assn.org/go/cpt',
    display,
    date,
    source: 'EHR',
    ...overrides,
  };
}
