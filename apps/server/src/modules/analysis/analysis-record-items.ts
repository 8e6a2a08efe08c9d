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
  encounters,
  immunizations,
  medications,
  observations,
  procedures,
} from '../../db/clinical-schema';

/** Table rows as the clinical engine's record items: ids are row ids, nulls become absent. */

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

export function conditionRecord(row: typeof conditions.$inferSelect): ConditionRecord {
  return {
    id: row.id,
    icdCode: optional(row.icdCode),
    snomedCode: optional(row.snomedCode),
    display: row.display,
    date: row.recordedDate ?? row.onsetDate ?? row.updatedAt.toISOString().slice(0, 10),
    abatementDate: optional(row.abatementDate),
    clinicalStatus: oneOf(CLINICAL_STATUSES, row.clinicalStatus, 'unknown'),
    verificationStatus: oneOf(VERIFICATION_STATUSES, row.verificationStatus),
    category: oneOf(CATEGORIES, row.category, 'problem-list-item'),
    source: source(row.source),
  };
}

export function claimRecord(row: typeof claimDiagnoses.$inferSelect): ClaimDiagnosisRecord {
  return { id: row.id, icdCode: row.icdCode, serviceDate: row.serviceDate, source: source(row.source) };
}

export function observationRecord(row: typeof observations.$inferSelect): ObservationRecord {
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

export function medicationRecord(row: typeof medications.$inferSelect): MedicationRecord {
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

export function documentRecord(row: {
  id: string;
  documentDate: string;
  title: string;
  typeCode: string | null;
  author: string | null;
  text: string;
  source: string;
}): DocumentRecord {
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

export function procedureRecord(row: typeof procedures.$inferSelect): ProcedureRecord {
  return {
    id: row.id,
    code: row.code,
    system: row.system,
    display: row.display,
    date: row.performedDate,
    source: source(row.source),
  };
}

export function encounterRecord(row: typeof encounters.$inferSelect): EncounterRecord {
  const types = row.types.flatMap((coding) =>
    coding.system && coding.code ? [{ system: coding.system, code: coding.code, display: coding.display }] : [],
  );
  return { id: row.id, date: row.startDate, classCode: optional(row.classCode), types, source: source(row.source) };
}

export function immunizationRecord(row: typeof immunizations.$inferSelect): ImmunizationRecord {
  return {
    id: row.id,
    cvxCode: row.cvxCode,
    display: row.display,
    date: row.occurrenceDate,
    source: source(row.source),
  };
}

export function allergyRecord(row: typeof allergies.$inferSelect): AllergyRecord {
  return {
    id: row.id,
    code: optional(row.code),
    display: row.display,
    date: optional(row.recordedDate),
    source: source(row.source),
  };
}
