import { createEcqmEngine, toFhirBundle, type EcqmEngine, type EcqmMeasureId } from '@cairn/clinical/ecqm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import { conditions, encounters, measureReports, observations, type patients } from '../db/clinical-schema';
import { featureFlags } from '../db/schema';
import { nextClientAddress, tokenFor, type SignedInUser } from './api';
import { createPatient, type NewPatient } from './clinical-factories';
import { loadPatientRecords } from '../modules/analysis';

/** Helpers of the `$care-gaps` server tests (modules/quality-fhir, modules/api-clients): patients with CMS165 gaps and their stored reports. */

export const PERIOD = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };
const CPT = 'http://www.ama-assn.org/go/cpt';

type PatientRow = typeof patients.$inferSelect;

/**
 * A 65-year-old with essential hypertension since 2023 and two office visits in 2025, the second with
 * one blood pressure: CMS165's open gap at 150/95, closed at 128/78.
 */
export async function createHypertensivePatient(
  db: Db,
  options: NewPatient & { bloodPressure: [number, number] },
): Promise<PatientRow> {
  const { bloodPressure, ...values } = options;
  const patient = await createPatient(db, { birthDate: '1960-05-01', ...values });
  const ofPatient = { organisationId: patient.organisationId, patientId: patient.id, source: 'EHR' };
  const visit = (day: string) => ({
    ...ofPatient,
    startDate: day,
    classCode: 'AMB',
    types: [{ system: CPT, code: '99213' }],
    sourceId: `encounter-${day}-${patient.id}`,
  });
  const [, reading] = await db
    .insert(encounters)
    .values([visit('2025-03-01'), visit('2025-05-01')])
    .returning();
  await db.insert(conditions).values({
    ...ofPatient,
    icdCode: 'I10',
    display: 'Essential (primary) hypertension',
    category: 'problem-list-item',
    clinicalStatus: 'active',
    verificationStatus: 'confirmed',
    onsetDate: '2023-03-01',
    recordedDate: '2023-03-01',
    sourceId: `condition-${patient.id}`,
  });
  const vital = (loinc: string, value: number) => ({
    ...ofPatient,
    encounterId: reading?.id,
    category: 'vital-signs',
    loinc,
    display: loinc === '8480-6' ? 'Systolic blood pressure' : 'Diastolic blood pressure',
    effectiveDate: '2025-05-01',
    value,
    unit: 'mm[Hg]',
    sourceId: `${loinc}-${patient.id}`,
  });
  await db.insert(observations).values([vital('8480-6', bloodPressure[0]), vital('8462-4', bloodPressure[1])]);
  return patient;
}

/** Turns the organisation's Quality Workspace (the OrganizationQuality configuration) on or off. */
export async function setQualityWorkspace(db: Db, organisationId: string, isOn: boolean): Promise<void> {
  const value = { defaultValue: isOn, rules: [], description: '' };
  await db
    .insert(featureFlags)
    .values({ organisationId, key: 'configuration_OrganizationQuality', ...value })
    .onConflictDoUpdate({ target: [featureFlags.organisationId, featureFlags.key], set: value });
}

/** A quality lead: quality_tool, and the whole organisation in view (a coder's scope). */
export function qualityLeadOf(app: FastifyInstance, organisationId: string): Promise<SignedInUser> {
  return tokenFor(app, { organisationId, view: 'Coder', permissions: ['quality_tool'] });
}

let engine: EcqmEngine | undefined;

/**
 * What the quality pass stores: CMS's CQL run over each patient's record as the analysis loads it (its
 * FHIR view), and each individual MeasureReport whose initial population the patient is in.
 */
export async function storeMeasureReports(
  db: Db,
  options: { organisationId: string; patientIds: readonly string[]; measures?: readonly EcqmMeasureId[] },
): Promise<void> {
  engine ??= createEcqmEngine();
  const records = await loadPatientRecords(db, options.organisationId, options.patientIds, '2026-01-05');
  const bundles = [...records.values()].map(({ record }) => toFhirBundle(record));
  const results = await engine.evaluate(bundles, { ...PERIOD, measures: options.measures ?? ['CMS165', 'CMS122'] });
  const rows = results.flatMap((patient) =>
    patient.measures
      .filter((measure) => (measure.report.group?.[0]?.population?.[0]?.count ?? 0) > 0)
      .map((measure) => ({
        organisationId: options.organisationId,
        patientId: patient.patientId,
        measureId: measure.measureId,
        measureUrl: measure.measureUrl,
        measureVersion: measure.measureVersion,
        periodStart: PERIOD.periodStart,
        periodEnd: PERIOD.periodEnd,
        report: measure.report as unknown as Record<string, unknown>,
        evaluatedResources: measure.evaluatedResources,
        inputDigest: 'test',
      })),
  );
  if (rows.length > 0) await db.insert(measureReports).values(rows);
}

/** Calls `$care-gaps` by GET with the query given, as `headers` authorise it. */
export function getCareGaps(
  app: FastifyInstance,
  options: { query: string; headers: Record<string, string>; path?: string; remoteAddress?: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `${options.path ?? '/api/fhir'}/Measure/$care-gaps?${options.query}`,
    headers: options.headers,
    remoteAddress: options.remoteAddress ?? nextClientAddress(),
  });
}
