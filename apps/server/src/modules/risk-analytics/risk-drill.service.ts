import {
  RISK_EXPORT_LIMIT,
  type EndpointBody,
  type EndpointResponse,
  type exportRiskAnalyticsPatients,
  type getRiskAnalyticsPatients,
  type RiskDrillMeasure,
  type RiskDrillRow,
} from '@cairn/contracts';
import { auditPatientRead } from '../../access';
import type { Db } from '../../db/client';
import { hccLabel } from './risk-code-map';
import { findDrillFacts, type DrillFact } from './risk-drill.repository';
import { resolveSelection, type Caller } from './risk-analytics.service';

const SUSPECT_KINDS: Record<string, string> = {
  'documented-elsewhere': 'documented elsewhere',
  'meets-diagnostic-criteria': 'meets diagnostic criteria',
  'clinical-correlation-needed': 'clinical correlation needed',
};
const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** What a fact says, in words a medical director reads (`Accepted by a provider`, `Failed: EncounterIdMissing`). */
export function statusOf(measure: RiskDrillMeasure, fact: Pick<DrillFact, 'first' | 'second' | 'third'>): string {
  const { first, second, third } = fact;
  switch (measure) {
    case 'recaptureDue':
    case 'recaptured':
    case 'notRecaptured':
      return first ? `Documented again (${first})` : 'Not documented yet this year';
    case 'decided':
    case 'accepted':
    case 'rejected':
      return `${capitalised(first ?? 'decided')} by a ${second ?? 'user'}`;
    case 'bothDecided':
    case 'agreed':
    case 'disagreed':
      return `Coder ${first ?? 'did not decide'}, provider ${second ?? 'did not decide'}`;
    case 'openSuggestions':
    case 'undecidedSuggestions': {
      const kind = second ? `${first ?? 'Suspect'}: ${SUSPECT_KINDS[second] ?? second}` : (first ?? 'Suggestion');
      return third ? `${kind}; ${third} this year` : kind;
    }
    case 'raf':
      return `${first ?? '0'} open suggestions`;
    case 'pushesWritten':
      return 'Written';
    case 'pushesFailed':
      return `Failed: ${second ?? 'Unknown'}`;
    case 'pushesPending':
      return 'Pending';
  }
}

function rowOf(measure: RiskDrillMeasure, fact: DrillFact): RiskDrillRow {
  return {
    patient: {
      cairnPatientId: fact.patientId,
      firstName: fact.firstName,
      lastName: fact.lastName,
      dateOfBirth: fact.birthDate,
      mrn: fact.mrn,
    },
    visit: fact.visitId && fact.visitDate ? { sid: fact.visitId, date: fact.visitDate } : null,
    icdCode: fact.icdCode,
    hcc: fact.hcc,
    hccLabel: fact.hcc === null ? null : fact.hcc === 0 ? 'No payment HCC' : hccLabel(fact.hcc),
    providerName: fact.providerName || null,
    clinicName: fact.clinicName,
    date: fact.onDate,
    status: statusOf(measure, fact),
    rafNow: fact.rafNow,
    rafPotential: fact.rafPotential,
    days: fact.days,
  };
}

/** One `patient.read` entry per patient shown: who saw which patient in the analytics, from where. */
async function auditPatientsShown(db: Db, caller: Caller, measure: RiskDrillMeasure, rows: RiskDrillRow[]) {
  const patientIds = new Set(rows.map((row) => row.patient.cairnPatientId));
  await Promise.all(
    [...patientIds].map((patientId) =>
      auditPatientRead(db, { ...caller, patientId, what: 'analytics', details: { measure } }),
    ),
  );
}

/** A page of the patients and visits behind a measure (same facts and conditions as the number). */
export async function getDrillPage(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getRiskAnalyticsPatients>,
): Promise<EndpointResponse<typeof getRiskAnalyticsPatients>['result']> {
  const selection = await resolveSelection(db, caller.auth, body.filters, body.group);
  const { facts, total } = await findDrillFacts(db, selection, {
    measure: body.measure,
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  });
  const rows = facts.map((fact) => rowOf(body.measure, fact));
  await auditPatientsShown(db, caller, body.measure, rows);
  return { rows, total, page: body.page, pageSize: body.pageSize };
}

/** Every row behind a measure, up to RISK_EXPORT_LIMIT, for a CSV file. */
export async function exportDrill(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof exportRiskAnalyticsPatients>,
): Promise<EndpointResponse<typeof exportRiskAnalyticsPatients>['result']> {
  const selection = await resolveSelection(db, caller.auth, body.filters, body.group);
  const { facts, total } = await findDrillFacts(db, selection, {
    measure: body.measure,
    limit: RISK_EXPORT_LIMIT,
    offset: 0,
  });
  const rows = facts.map((fact) => rowOf(body.measure, fact));
  await auditPatientsShown(db, caller, body.measure, rows);
  return { rows, total, isTruncated: total > rows.length };
}
