import type { PatientDemographics, PatientVisit } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { currentAnalysisCounts } from '../analysis/analysis.repository';
import type { CareScope, PatientRow } from './care-scope';
import { activeCoverages, patientVisits, providerName } from './patients.repository';

/** Whole years between a date of birth and a day (both `YYYY-MM-DD`). */
export function ageInYears(birthDate: string, onDate: string): number {
  const [birthYear, birthMonth, birthDay] = birthDate.split('-').map(Number) as [number, number, number];
  const [year, month, day] = onDate.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return Math.max(0, year - birthYear - (hadBirthday ? 0 : 1));
}

type VisitRow = Awaited<ReturnType<typeof patientVisits>>['recent'][number];

function toVisit(row: VisitRow): PatientVisit {
  return {
    sid: row.sid,
    startAt: row.startAt.toISOString(),
    status: row.status,
    visitType: row.visitType,
    providerName: providerName({ firstName: row.providerFirstName, lastName: row.providerLastName }),
  };
}

export interface BannerSource {
  patient: PatientRow;
  primaryFirstName: string | null;
  primaryLastName: string | null;
}

/** The banner of a patient already known to be in scope: three more indexed reads, run together. */
export async function buildBanner(db: Db, scope: CareScope, source: BannerSource): Promise<PatientDemographics> {
  const { patient } = source;
  const now = new Date();
  const [coverages, analyses, visits] = await Promise.all([
    activeCoverages(db, scope.organisationId, patient.id),
    currentAnalysisCounts(db, scope.organisationId, [patient.id]),
    patientVisits(db, scope, patient.id, now),
  ]);
  const analysis = analyses.get(patient.id);
  return {
    cairnPatientId: patient.id,
    firstName: patient.firstName,
    lastName: patient.lastName,
    age: ageInYears(patient.birthDate, patient.deceasedDate ?? now.toISOString().slice(0, 10)),
    isDeceased: patient.deceasedDate !== null,
    deceasedDate: patient.deceasedDate,
    gender: patient.gender,
    dateOfBirth: patient.birthDate,
    mrn: patient.mrn,
    coverages,
    primaryProviderName: providerName({ firstName: source.primaryFirstName, lastName: source.primaryLastName }),
    riskScore: analysis
      ? { status: 'current', current: analysis.riskScore.current, potential: analysis.riskScore.potential }
      : { status: 'pending' },
    counts: analysis
      ? { openSuggestions: analysis.openSuggestions, hccCount: analysis.hccCount, openCareGaps: analysis.openCareGaps }
      : null,
    recentVisits: visits.recent.map(toVisit),
    upcomingVisits: visits.upcoming.map(toVisit),
  };
}
