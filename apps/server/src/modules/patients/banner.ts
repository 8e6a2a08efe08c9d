import type { PatientDemographics, PatientVisit } from '@cairn/contracts';
import type { Db } from '../../db/client';
import type { StoredRiskScore } from '../analysis';
import type { CareScope } from '../../access';
import { patientVisits, providerName, type BannerRow, type VisitRow } from './patients.repository';

/** How many recent and how many upcoming visits the banner lists. */
const VISITS_EACH_WAY = 5;

/** Whole years between a date of birth and a day (both `YYYY-MM-DD`). */
export function ageInYears(birthDate: string, onDate: string): number {
  const [birthYear, birthMonth, birthDay] = birthDate.split('-').map(Number) as [number, number, number];
  const [year, month, day] = onDate.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return Math.max(0, year - birthYear - (hadBirthday ? 0 : 1));
}

function toVisit(row: VisitRow): PatientVisit {
  return {
    sid: row.sid,
    startAt: row.startAt.toISOString(),
    status: row.status,
    visitType: row.visitType,
    providerName: providerName({ firstName: row.providerFirstName, lastName: row.providerLastName }),
  };
}

/**
 * The banner of a patient already found in scope (with `BannerRow`'s columns). Their visits come with
 * the row when the query could read them (as JSON), otherwise from one more indexed read.
 */
export async function buildBanner(
  db: Db,
  scope: CareScope,
  row: BannerRow & { visits?: { startAt: string }[] | null },
): Promise<PatientDemographics> {
  const { patient } = row;
  const now = new Date();
  const visits: VisitRow[] = row.visits
    ? (row.visits as (Omit<VisitRow, 'startAt'> & { startAt: string })[]).map((visit) => ({
        ...visit,
        startAt: new Date(visit.startAt),
      }))
    : await patientVisits(db, scope, patient.id);
  const firstUpcoming = visits.findIndex((visit) => visit.startAt >= now);
  const splitAt = firstUpcoming === -1 ? visits.length : firstUpcoming;
  const riskScore = row.analysisRiskScore as StoredRiskScore | null;
  const hasAnalysis = riskScore !== null && row.analysisComputedAt !== null;
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
    coverages: row.coverages,
    primaryProviderName: providerName({ firstName: row.primaryFirstName, lastName: row.primaryLastName }),
    riskScore: hasAnalysis
      ? { status: 'current', current: riskScore.current, potential: riskScore.potential }
      : { status: 'pending' },
    counts: hasAnalysis
      ? {
          openSuggestions: row.analysisOpenSuggestions ?? 0,
          hccCount: row.analysisHccCount ?? 0,
          openCareGaps: row.analysisOpenCareGaps ?? 0,
        }
      : null,
    recentVisits: visits
      .slice(Math.max(0, splitAt - VISITS_EACH_WAY), splitAt)
      .reverse()
      .map(toVisit),
    upcomingVisits: visits.slice(splitAt, splitAt + VISITS_EACH_WAY).map(toVisit),
  };
}
