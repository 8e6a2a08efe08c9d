/** Small record factories for the eCQM tests (not exported from the package). */
import type {
  ConditionRecord,
  EncounterRecord,
  MedicationRecord,
  ObservationRecord,
  PatientRecord,
  ProcedureRecord,
} from '../../record';
import { emptyPatientRecord } from '../../record';

export const CPT = 'http://www.ama-assn.org/go/cpt';
export const HCPCS = 'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets';
export const SNOMED = 'http://snomed.info/sct';
export const ICD10PCS = 'http://hl7.org/fhir/sid/icd-10-pcs';

let sequence = 0;
function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${String(sequence)}`;
}

export function aPatient(
  overrides: Partial<PatientRecord> & { birthDate?: string; sex?: 'F' | 'M' } = {},
): PatientRecord {
  const { birthDate = '1960-05-01', sex = 'F', ...rest } = overrides;
  return { ...emptyPatientRecord(nextId('patient'), { birthDate, sex }), ...rest };
}

/** An office visit (CPT 99213) unless another code is given. */
export function anEncounter(date: string, code = '99213', extra: Partial<EncounterRecord> = {}): EncounterRecord {
  const system = /^[A-Z]/.test(code) ? HCPCS : code.length > 5 ? SNOMED : CPT;
  return { id: nextId('encounter'), date, types: [{ system, code }], source: 'EHR', ...extra };
}

export function anObservation(
  loinc: string,
  date: string,
  value?: number,
  extra: Partial<ObservationRecord> = {},
): ObservationRecord {
  return {
    id: nextId('observation'),
    loinc,
    display: `LOINC ${loinc}`,
    date,
    ...(value === undefined ? {} : { value }),
    source: 'EHR',
    ...extra,
  };
}

export function aCondition(icdCode: string, date: string, extra: Partial<ConditionRecord> = {}): ConditionRecord {
  return {
    id: nextId('condition'),
    icdCode,
    display: `ICD-10-CM ${icdCode}`,
    date,
    clinicalStatus: 'active',
    category: 'problem-list-item',
    source: 'EHR',
    ...extra,
  };
}

export function aProcedure(code: string, date: string, system = CPT): ProcedureRecord {
  return { id: nextId('procedure'), code, system, display: `Procedure ${code}`, date, source: 'EHR' };
}

export function aMedication(
  display: string,
  startDate: string,
  extra: Partial<MedicationRecord> = {},
): MedicationRecord {
  return { id: nextId('medication'), display, startDate, status: 'active', source: 'EHR', ...extra };
}

/** Frailty (a wheeled walker in use) and advanced illness (heart failure) this period: the 66+ exclusion. */
export function frailWithAdvancedIllness(date = '2026-02-01'): Partial<PatientRecord> {
  return {
    observations: [anObservation('98181-1', date, undefined, { valueCode: '1255320005' })],
    conditions: [aCondition('I5022', date)],
  };
}
