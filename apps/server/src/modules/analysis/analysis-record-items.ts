import type {
  AllergyRecord,
  ClaimDiagnosisRecord,
  ConditionRecord,
  DocumentRecord,
  EncounterRecord,
  ImmunizationRecord,
  MedicationRecord,
  ObservationRecord,
  ProcedureRecord,
  SourceType,
} from '@cairn/clinical';
import type {
  allergies,
  claimDiagnoses,
  conditions,
  documents,
  encounters,
  immunizations,
  medications,
  observations,
  procedures,
} from '../../db/clinical-schema';
import { codedReasonRecord } from './analysis-care-plans';

/**
 * Table rows as the clinical engine's record items: ids are row ids, nulls become absent. A row holds
 * the columns the engine reads, dates as `YYYY-MM-DD` (`analysis-record.ts` selects them).
 */
export type ConditionRow = Pick<
  typeof conditions.$inferSelect,
  | 'id'
  | 'icdCode'
  | 'snomedCode'
  | 'display'
  | 'recordedDate'
  | 'onsetDate'
  | 'abatementDate'
  | 'clinicalStatus'
  | 'verificationStatus'
  | 'category'
  | 'source'
> & { updatedDate: string };
export type ClaimRow = Pick<typeof claimDiagnoses.$inferSelect, 'id' | 'icdCode' | 'serviceDate' | 'source'>;
export type ObservationRow = Pick<
  typeof observations.$inferSelect,
  | 'id'
  | 'loinc'
  | 'display'
  | 'effectiveDate'
  | 'value'
  | 'valueDecimals'
  | 'unit'
  | 'valueCode'
  | 'valueText'
  | 'valueSystem'
  | 'encounterId'
  | 'source'
>;
export type MedicationRow = Pick<
  typeof medications.$inferSelect,
  'id' | 'rxnormCode' | 'display' | 'startDate' | 'endDate' | 'status' | 'source'
>;
export type DocumentRow = Pick<
  typeof documents.$inferSelect,
  'id' | 'documentDate' | 'title' | 'typeCode' | 'author' | 'text' | 'source'
>;
export type ProcedureRow = Pick<
  typeof procedures.$inferSelect,
  'id' | 'code' | 'system' | 'display' | 'performedDate' | 'source'
>;
export type EncounterRow = Pick<
  typeof encounters.$inferSelect,
  'id' | 'startDate' | 'classCode' | 'types' | 'reasons' | 'source'
>;
export type ImmunizationRow = Pick<
  typeof immunizations.$inferSelect,
  'id' | 'cvxCode' | 'display' | 'occurrenceDate' | 'source'
>;
export type AllergyRow = Pick<typeof allergies.$inferSelect, 'id' | 'code' | 'display' | 'recordedDate' | 'source'>;

const source = (value: string): SourceType => (value === 'HIE' ? 'HIE' : 'EHR');
const optional = <T>(value: T | null): T | undefined => value ?? undefined;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T;
function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined;
function oneOf<T extends string>(values: readonly T[], value: string | null, fallback?: T): T | undefined {
  return values.includes(value as T) ? (value as T) : fallback;
}

const CLINICAL_STATUSES = ['active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved', 'unknown'] as const;
const VERIFICATION_STATUSES = [
  'confirmed',
  'provisional',
  'differential',
  'unconfirmed',
  'refuted',
  'entered-in-error',
] as const;
const CATEGORIES = ['problem-list-item', 'encounter-diagnosis', 'health-concern'] as const;
const MEDICATION_STATUSES = [
  'active',
  'completed',
  'stopped',
  'on-hold',
  'cancelled',
  'draft',
  'entered-in-error',
  'unknown',
] as const;

export function conditionRecord(row: ConditionRow): ConditionRecord {
  return {
    id: row.id,
    icdCode: optional(row.icdCode),
    snomedCode: optional(row.snomedCode),
    display: row.display,
    date: row.recordedDate ?? row.onsetDate ?? row.updatedDate,
    abatementDate: optional(row.abatementDate),
    clinicalStatus: oneOf(CLINICAL_STATUSES, row.clinicalStatus, 'unknown'),
    verificationStatus: oneOf(VERIFICATION_STATUSES, row.verificationStatus),
    category: oneOf(CATEGORIES, row.category, 'problem-list-item'),
    source: source(row.source),
  };
}

export function claimRecord(row: ClaimRow): ClaimDiagnosisRecord {
  return { id: row.id, icdCode: row.icdCode, serviceDate: row.serviceDate, source: source(row.source) };
}

export function observationRecord(row: ObservationRow): ObservationRecord {
  return {
    id: row.id,
    loinc: row.loinc,
    display: row.display,
    date: row.effectiveDate,
    value: optional(row.value),
    valueDecimals: optional(row.valueDecimals),
    unit: optional(row.unit),
    valueCode: optional(row.valueCode),
    valueText: optional(row.valueText),
    valueSystem: optional(row.valueSystem),
    encounterId: optional(row.encounterId),
    source: source(row.source),
  };
}

export function medicationRecord(row: MedicationRow): MedicationRecord {
  return {
    id: row.id,
    rxnormCode: optional(row.rxnormCode),
    display: row.display,
    startDate: row.startDate,
    endDate: optional(row.endDate),
    status: oneOf(MEDICATION_STATUSES, row.status, 'unknown'),
    source: source(row.source),
  };
}

export function documentRecord(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    date: row.documentDate,
    title: row.title,
    typeCode: optional(row.typeCode),
    author: optional(row.author),
    text: row.text,
    source: source(row.source),
  };
}

export function procedureRecord(row: ProcedureRow): ProcedureRecord {
  return {
    id: row.id,
    code: row.code,
    system: row.system,
    display: row.display,
    date: row.performedDate,
    source: source(row.source),
  };
}

export function encounterRecord(row: EncounterRow): EncounterRecord {
  const types = row.types.flatMap((coding) =>
    coding.system && coding.code ? [{ system: coding.system, code: coding.code, display: coding.display }] : [],
  );
  const reasons = row.reasons.map(codedReasonRecord);
  return {
    id: row.id,
    date: row.startDate,
    classCode: optional(row.classCode),
    types,
    ...(reasons.length > 0 ? { reasons } : {}),
    source: source(row.source),
  };
}

export function immunizationRecord(row: ImmunizationRow): ImmunizationRecord {
  return {
    id: row.id,
    cvxCode: row.cvxCode,
    display: row.display,
    date: row.occurrenceDate,
    source: source(row.source),
  };
}

export function allergyRecord(row: AllergyRow): AllergyRecord {
  return {
    id: row.id,
    code: optional(row.code),
    display: row.display,
    date: optional(row.recordedDate),
    source: source(row.source),
  };
}
