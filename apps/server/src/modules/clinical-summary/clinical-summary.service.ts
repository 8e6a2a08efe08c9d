import { getIcdCatalog } from '@cairn/clinical';
import type { ClinicalItemSource, ClinicalResult, ClinicalSummary, LabTrend } from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { type AuthContext, readPatientInScope } from '../../access';
import { flagOfResult, kindOfResult, referenceRangeOf, VITAL_SIGNS } from './clinical-codes';
import {
  listAllergies,
  listImmunizations,
  listLatestResults,
  listMedications,
  listNumericResults,
  listProblems,
  listProcedures,
  listVisits,
  type PatientKey,
} from './clinical-summary.repository';
import { trendOf } from './lab-trend';

/**
 * Long histories are cut so that the tab stays fast for a patient with twenty years of data; each
 * capped list says how many items there are in all.
 */
export const SUMMARY_LIMITS = { medications: 100, labs: 200, visits: 50, procedures: 100, immunizations: 100 } as const;
/** The most results a trend draws: the newest ones. */
export const LAB_TREND_MAX_POINTS = 1000;

export interface PatientReadContext {
  auth: AuthContext;
  request: FastifyRequest;
  patientId: string;
}

export async function getClinicalSummary(db: Db, context: PatientReadContext): Promise<ClinicalSummary> {
  const patient = await readPatientInScope(db, { ...context, what: 'clinical-summary' });
  const key: PatientKey = { organisationId: patient.organisationId, patientId: patient.id };
  const [problems, medications, allergies, results, visits, procedures, immunizations] = await Promise.all([
    listProblems(db, key),
    listMedications(db, key),
    listAllergies(db, key),
    listLatestResults(db, key),
    listVisits(db, key, SUMMARY_LIMITS.visits),
    listProcedures(db, key, SUMMARY_LIMITS.procedures),
    listImmunizations(db, key, SUMMARY_LIMITS.immunizations),
  ]);
  return {
    problems: problemsOf(problems),
    medications: medicationsOf(medications),
    allergies: allergies.map(withSource),
    ...resultsByKind(results),
    visits: { items: visits.map(toVisit), total: visits[0]?.total ?? 0 },
    procedures: cappedOf(procedures),
    immunizations: cappedOf(immunizations),
  };
}

const byDateDesc = <T extends { date: string | null }>(a: T, b: T): number =>
  (b.date ?? '').localeCompare(a.date ?? '');

function withSource<T extends { source: string }>(row: T): T & { source: ClinicalItemSource } {
  return { ...row, source: asSource(row.source) };
}

/** Rows read with their list's `total` (a window count), as a capped list. */
function cappedOf<T extends { source: string; total: number }>(rows: T[]) {
  return { items: rows.map(({ total: _total, ...row }) => withSource(row)), total: rows[0]?.total ?? 0 };
}

/** The CMS title of a problem's ICD-10-CM code, shown with the code. */
const icdTitleOf = (icdCode: string | null): string | null =>
  icdCode === null ? null : (getIcdCatalog().get(icdCode)?.longDescription ?? null);

function problemsOf(rows: Awaited<ReturnType<typeof listProblems>>): ClinicalSummary['problems'] {
  const problems = rows.map(({ isActive, ...problem }) => ({
    isActive,
    problem: { ...withSource(problem), icdTitle: icdTitleOf(problem.icdCode) },
  }));
  const inGroup = (active: boolean) =>
    problems
      .filter((entry) => entry.isActive === active)
      .map((entry) => entry.problem)
      .sort(byDateDesc);
  return { active: inGroup(true), resolved: inGroup(false) };
}

/** Active medications first, newest first within each group. */
function medicationsOf(rows: Awaited<ReturnType<typeof listMedications>>): ClinicalSummary['medications'] {
  const sorted = rows.map(withSource).sort((a, b) => Number(b.isActive) - Number(a.isActive) || byDateDesc(a, b));
  return { items: sorted.slice(0, SUMMARY_LIMITS.medications), total: sorted.length };
}

type LatestResultRow = Awaited<ReturnType<typeof listLatestResults>>[number];

function resultsByKind(rows: LatestResultRow[]): Pick<ClinicalSummary, 'vitals' | 'labs' | 'screeningScores'> {
  const vitalOrder = (loinc: string) => VITAL_SIGNS.findIndex((vital) => vital.loincs.includes(loinc));
  const vitals = rows
    .filter((row) => kindOfResult(row.loinc, row.category) === 'vital')
    .sort((a, b) => vitalOrder(a.loinc) - vitalOrder(b.loinc) || b.date.localeCompare(a.date));
  // Two codes of one vital sign (8310-5 and 8331-1): only the latest reading of it is shown.
  const latestVitals = vitals.filter(
    (row, index) => index === 0 || vitalOrder(vitals[index - 1]?.loinc ?? '') !== vitalOrder(row.loinc),
  );
  const labs = rows
    .filter((row) => kindOfResult(row.loinc, row.category) === 'lab')
    .sort((a, b) => a.display.localeCompare(b.display));
  const screeningScores = rows
    .filter((row) => kindOfResult(row.loinc, row.category) === 'screening' && row.value !== null)
    .sort((a, b) => b.date.localeCompare(a.date));
  return {
    vitals: latestVitals.map(toResult),
    labs: { items: labs.slice(0, SUMMARY_LIMITS.labs).map(toResult), total: labs.length },
    screeningScores: screeningScores.map(toResult),
  };
}

function toResult(row: LatestResultRow): ClinicalResult {
  const { category: _category, referenceLow, referenceHigh, referenceText, ...result } = row;
  const referenceRange = referenceRangeOf(referenceLow, referenceHigh, referenceText);
  return {
    ...result,
    source: asSource(row.source),
    decimals: row.value === null ? null : row.decimals,
    valueText: row.value === null ? row.valueText : null,
    referenceRange,
    flag: flagOfResult({ value: row.value, interpretation: row.interpretation, referenceRange }),
  };
}

function toVisit(row: Awaited<ReturnType<typeof listVisits>>[number]): ClinicalSummary['visits']['items'][number] {
  const type = row.types.find((coding) => coding.display)?.display ?? row.types[0]?.code ?? null;
  const name = row.providerLastName ? [row.providerFirstName, row.providerLastName].filter(Boolean).join(' ') : null;
  return {
    id: row.id,
    source: asSource(row.source),
    date: row.date,
    endDate: row.endDate,
    type,
    classCode: row.classCode,
    provider: name && row.providerSuffix ? `${name}, ${row.providerSuffix}` : name,
    reason: row.reason,
    status: row.status,
  };
}

export async function getLabTrend(db: Db, context: PatientReadContext & { loinc: string }): Promise<LabTrend> {
  const patient = await readPatientInScope(db, { ...context, what: 'lab-trend' });
  const rows = await listNumericResults(db, {
    organisationId: patient.organisationId,
    patientId: patient.id,
    loinc: context.loinc,
    limit: LAB_TREND_MAX_POINTS,
  });
  return trendOf(
    context.loinc,
    rows.reverse().map((row) => ({ ...row, source: asSource(row.source), value: row.value ?? 0 })),
  );
}

/** Rows keep the source they were ingested with, which is EHR or HIE. */
function asSource(source: string): ClinicalItemSource {
  return source === 'HIE' ? 'HIE' : 'EHR';
}
