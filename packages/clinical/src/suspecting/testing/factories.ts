import type {
  CarePlanRecord,
  ClaimDiagnosisRecord,
  CodedReason,
  ConditionRecord,
  DocumentRecord,
  EncounterRecord,
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

const SNOMED_CT = 'http://snomed.info/sct';

/** A coded reason as the import stores it: a SNOMED CT concept and the ICD-10-CM code it maps to. */
export function aSnomedReason(snomedCode: string, display: string, icdCode?: string): CodedReason {
  return {
    display,
    ...(icdCode === undefined ? {} : { icdCode }),
    codings: [{ system: SNOMED_CT, code: snomedCode, display }],
  };
}

/** An ambulatory visit on a date, with the coded reasons given for it. */
export function aVisit(
  date: string,
  reasons: CodedReason[] = [],
  overrides: Partial<EncounterRecord> = {},
): EncounterRecord {
  return { id: newId('encounter'), date, classCode: 'AMB', types: [], reasons, source: 'EHR', ...overrides };
}

/** An active care plan started on a date, with one category (its words) and nothing coded. */
export function aCarePlan(category: string, date: string, overrides: Partial<CarePlanRecord> = {}): CarePlanRecord {
  return {
    id: newId('care-plan'),
    status: 'active',
    intent: 'plan',
    date,
    categories: [category],
    addressedConditionIds: [],
    activities: [],
    source: 'EHR',
    ...overrides,
  };
}
