/**
 * `Measure/$care-gaps` (Da Vinci DEQM STU4): each patient asked for (a subject, or a page of the
 * organisation's patients) gets a gaps-in-care Bundle made from the individual MeasureReports the quality
 * pass stored for them (`measure_reports`) and from their record's FHIR view, the one the engine read
 * (`toFhirBundle`, same resource ids). No measure is evaluated here. Every patient whose gaps are
 * answered is audited (`patient.read`, `Measure/$care-gaps`).
 */
import type { CareGapsParameters } from '@cairn/contracts';
import {
  isEcqmMeasureId,
  loadMeasureContent,
  measureFacts,
  toFhirBundle,
  toGapsBundle,
  type GapsReportMeasure,
} from '@cairn/clinical/deqm';
import type { Bundle, Parameters, Patient } from 'fhir/r4';
import { randomUUID } from 'node:crypto';
import { writeAudit } from '../../access';
import type { Db } from '../../db/client';
import { loadPatientRecords } from '../analysis';
import {
  findOrganisationName,
  findPatientPage,
  findPatientsByIds,
  findReports,
  type CareGapsPatientRow,
  type ReportFilter,
  type StoredMeasureReport,
} from './care-gaps.repository';
import { resolveSubject } from './care-gaps-subject';
import type { FhirCaller } from './fhir-caller';
import { FhirError } from './fhir-outcome';
import { selectMeasures, type MeasureSelection } from './measure-selection';

export interface CareGapsDeps {
  db: Db;
  /** The FHIR base the Bundle entries' full URLs start with. */
  fhirBase: string;
  now?: () => Date;
}

export interface CareGapsAnswer {
  answer: Parameters;
  /** For an organization: the `_offset` of the next page, when there is one. */
  nextOffset?: number;
}

export async function readCareGaps(
  deps: CareGapsDeps,
  caller: FhirCaller,
  parameters: CareGapsParameters,
): Promise<CareGapsAnswer> {
  const selection = selectMeasures(parameters);
  const filter: ReportFilter = {
    scope: caller.scope,
    periodStart: parameters.periodStart,
    periodEnd: parameters.periodEnd,
    measureIds: selection.measureIds,
  };
  const { patients, nextOffset } = await patientsAskedFor(deps.db, filter, parameters);
  const stored = await findReports(
    deps.db,
    filter,
    patients.map((patient) => patient.id),
  );
  const bundles = await gapsBundles(deps, { caller, patients, reports: ofVersions(stored, selection), parameters });
  await auditReads(deps.db, caller, bundles);
  const answer: Parameters = {
    resourceType: 'Parameters',
    ...(bundles.length > 0 ? { parameter: bundles.map(({ bundle }) => ({ name: 'return', resource: bundle })) } : {}),
  };
  return { answer, ...(nextOffset === undefined ? {} : { nextOffset }) };
}

/** The reports of the versions asked for (`measureUrl` with `|version`). */
function ofVersions(reports: StoredMeasureReport[], selection: MeasureSelection): StoredMeasureReport[] {
  return reports.filter((report) => {
    const version = isEcqmMeasureId(report.measureId) ? selection.versions.get(report.measureId) : undefined;
    return version === undefined || version === report.measureVersion;
  });
}

async function patientsAskedFor(
  db: Db,
  filter: ReportFilter,
  parameters: CareGapsParameters,
): Promise<{ patients: CareGapsPatientRow[]; nextOffset?: number }> {
  if (parameters.subject !== undefined)
    return { patients: [await resolveSubject(db, filter.scope, parameters.subject)] };
  const organisationId = filter.scope.organisationId;
  if (parameters.organization !== `Organization/${organisationId}`) {
    throw FhirError.notFound('No such organization: give Organization/<your organisation id>.', 'organization');
  }
  const page = { offset: parameters._offset, limit: parameters._count };
  const ids = await findPatientPage(db, filter, page);
  const hasMore = ids.length > page.limit;
  const patients = await findPatientsByIds(db, filter.scope, ids.slice(0, page.limit));
  patients.sort((left, right) => left.id.localeCompare(right.id));
  return { patients, ...(hasMore ? { nextOffset: page.offset + page.limit } : {}) };
}

interface BundleRequest {
  caller: FhirCaller;
  patients: readonly CareGapsPatientRow[];
  reports: readonly StoredMeasureReport[];
  parameters: CareGapsParameters;
}

async function gapsBundles(
  deps: CareGapsDeps,
  request: BundleRequest,
): Promise<{ patientId: string; bundle: Bundle; measureIds: string[] }[]> {
  const organisationId = request.caller.scope.organisationId;
  const withReports = request.patients.filter((patient) =>
    request.reports.some((report) => report.patientId === patient.id),
  );
  if (withReports.length === 0) return [];
  const now = deps.now?.() ?? new Date();
  const today = now.toISOString().slice(0, 10);
  const [records, organisationName] = await Promise.all([
    loadPatientRecords(
      deps.db,
      organisationId,
      withReports.map((patient) => patient.id),
      today,
    ),
    findOrganisationName(deps.db, organisationId),
  ]);
  return withReports.flatMap((patient) => {
    const record = records.get(patient.id)?.record;
    if (!record) return [];
    const resources = (toFhirBundle(record).entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
    const measures = request.reports.filter((report) => report.patientId === patient.id).flatMap(toReportMeasure);
    const bundle = toGapsBundle({
      patient: withPatientDetails(
        resources.find((resource) => resource.resourceType === 'Patient'),
        patient,
      ),
      resources,
      measures,
      statuses: request.parameters.status,
      organisation: { id: organisationId, name: organisationName ?? '' },
      fhirBase: deps.fhirBase,
      timestamp: now.toISOString(),
      documentId: randomUUID(),
    });
    return bundle ? [{ patientId: patient.id, bundle, measureIds: measureIdsIn(bundle) }] : [];
  });
}

/** A stored report as the bundle reads it, with what the Measure's content says of its measure. */
function toReportMeasure(stored: StoredMeasureReport): GapsReportMeasure[] {
  if (!isEcqmMeasureId(stored.measureId)) return [];
  const content = loadMeasureContent().find((measure) => measure.id === stored.measureId);
  const reportId = stored.report.id ?? `${stored.measureId}-${stored.report.period.start ?? ''}`.toLowerCase();
  return [
    {
      measureId: stored.measureId,
      title: content?.title ?? stored.measureId,
      version: stored.measureVersion,
      scoring: content?.measure.scoring?.coding?.[0]?.code ?? 'proportion',
      isInverse: measureFacts(stored.measureId).inverse,
      report: stored.report,
      reportId,
      computedAt: stored.computedAt.toISOString(),
    },
  ];
}

/**
 * The engine's Patient (its id, sex and birth date) with the name and identifiers (the MRN, the EHR's
 * identifiers) a payer matches members by.
 */
function withPatientDetails(view: unknown, patient: CareGapsPatientRow): Patient {
  const base = (view as Patient | undefined) ?? { resourceType: 'Patient', id: patient.id };
  const identifiers = patient.identifiers.map((identifier) => ({
    ...(identifier.system ? { system: identifier.system } : {}),
    value: identifier.value,
  }));
  const hasMrn = patient.mrn !== null && identifiers.some((identifier) => identifier.value === patient.mrn);
  const mrn = patient.mrn && !hasMrn ? [{ type: MRN_TYPE, value: patient.mrn }] : [];
  const name = patient.lastName || patient.firstName ? [{ family: patient.lastName, given: [patient.firstName] }] : [];
  return {
    ...base,
    identifier: [...(base.identifier ?? []), ...identifiers, ...mrn],
    ...(name.length > 0 ? { name } : {}),
  };
}

const MRN_TYPE = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR', display: 'Medical record number' }],
};

function measureIdsIn(bundle: Bundle): string[] {
  const composition = bundle.entry?.[0]?.resource;
  if (composition?.resourceType !== 'Composition') return [];
  return (composition.section ?? []).map((section) => section.title?.split(' ')[0] ?? '');
}

/** One `patient.read` per patient whose gaps are answered: who (a user or an API client), which measures. */
async function auditReads(
  db: Db,
  caller: FhirCaller,
  bundles: readonly { patientId: string; measureIds: string[] }[],
): Promise<void> {
  await Promise.all(
    bundles.map(({ patientId, measureIds }) =>
      writeAudit(db, {
        organisationId: caller.scope.organisationId,
        userId: caller.kind === 'user' ? caller.auth.userId : undefined,
        patientId,
        action: 'patient.read',
        clientAddress: caller.clientAddress,
        details: {
          what: 'Measure/$care-gaps',
          measureIds,
          ...(caller.kind === 'api-client' ? { apiClientTokenId: caller.tokenId } : {}),
        },
      }),
    ),
  );
}
