/**
 * One patient's DEQM gaps-in-care report (STU4): a document Bundle (`gaps-bundle-deqm`) whose first entry
 * is the Composition (`gaps-composition-deqm`, one section per measure: its individual MeasureReport as
 * `focus`, its DetectedIssue as `entry`), then one DetectedIssue per gap (`gaps-detectedissue-deqm`, the
 * gap status as a modifier extension, the MeasureReport as evidence), the individual MeasureReports
 * (`indv-measurereport-deqm`), the reporting Organization, and the patient's resources the reports
 * evaluated, with those they reference, so that every reference resolves inside the Bundle.
 */
import type {
  Bundle,
  BundleEntry,
  Composition,
  DetectedIssue,
  FhirResource,
  MeasureReport,
  Organization,
  Patient,
  Reference,
} from 'fhir/r4';
import type { EcqmMeasureId } from '../ecqm/measure-catalog';
import { DEQM_EXTENSION, DEQM_PROFILE, GAP_STATUS_DISPLAY, GAPS_STATUS_SYSTEM, type GapStatus } from './deqm-urls';
import { gapStatusOf } from './gap-status';
import { toIndividualMeasureReport, withoutEmptyArrays } from './individual-report';

/** A measure's stored result for the patient. */
export interface GapsReportMeasure {
  measureId: EcqmMeasureId;
  /** The measure's title (the section's title). */
  title: string;
  version: string;
  /** The Measure's scoring (`proportion`). */
  scoring: string;
  isInverse: boolean;
  /** The individual MeasureReport the engine wrote. */
  report: MeasureReport;
  /** A FHIR id for the report, stable across calls (the stored report's). */
  reportId: string;
  /** When the engine computed the report (ISO instant). */
  computedAt: string;
}

export interface GapsBundleOptions {
  /** The patient as the report shows them; their id is the one the reports' subject names. */
  patient: Patient;
  /** The patient's FHIR view, where the reports' evaluated resources are found by type and id. */
  resources: readonly FhirResource[];
  measures: readonly GapsReportMeasure[];
  /** The gap statuses asked for: a measure whose gap has another status is left out. */
  statuses: readonly GapStatus[];
  organisation: { id: string; name: string };
  /** The FHIR base the entries' full URLs start with (`https://cairn.example/api/fhir`). */
  fhirBase: string;
  /** When the report is made (ISO instant). */
  timestamp: string;
  /** A new uuid: the document's identifier and its Composition's id. */
  documentId: string;
}

const referenceTo = (resource: FhirResource): string => `${resource.resourceType}/${resource.id ?? ''}`;

/** The patient's gaps-in-care Bundle, or `undefined` when no measure has a gap of a status asked for. */
export function toGapsBundle(options: GapsBundleOptions): Bundle | undefined {
  const gaps = options.measures.flatMap((measure) => {
    const status = gapStatusOf(measure.report, measure.measureId);
    return status && options.statuses.includes(status) ? [{ measure, status }] : [];
  });
  if (gaps.length === 0) return undefined;
  const organisation: Organization = {
    resourceType: 'Organization',
    id: options.organisation.id,
    active: true,
    name: options.organisation.name,
  };
  const reporter: Reference = { reference: referenceTo(organisation), display: organisation.name };
  const patientReference: Reference = { reference: referenceTo(options.patient) };
  const evaluated = evaluatedResources(
    options,
    gaps.flatMap(({ measure }) => measure.report.evaluatedResource ?? []),
  );
  const isInBundle = (reference: string): boolean => evaluated.has(reference);
  const sections = gaps.map(({ measure, status }) => {
    const report = toIndividualMeasureReport({
      report: measure.report,
      id: measure.reportId,
      measureVersion: measure.version,
      isInverse: measure.isInverse,
      scoring: measure.scoring,
      computedAt: measure.computedAt,
      reporter,
      isInBundle,
    });
    return { measure, report, issue: detectedIssue({ report, status, patient: patientReference }) };
  });
  const composition = gapsComposition(options, { sections, patient: patientReference, author: reporter });
  const resources: FhirResource[] = [
    composition,
    ...sections.map(({ issue }) => issue),
    ...sections.map(({ report }) => report),
    organisation,
    ...evaluated.values(),
  ];
  return {
    resourceType: 'Bundle',
    id: options.documentId,
    meta: { profile: [DEQM_PROFILE.gapsBundle] },
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${options.documentId}` },
    type: 'document',
    timestamp: options.timestamp,
    entry: resources.map((resource): BundleEntry => ({
      fullUrl: `${options.fhirBase}/${referenceTo(resource)}`,
      resource,
    })),
  };
}

/**
 * The patient and the resources the reports evaluated, found in the patient's FHIR view, with the
 * resources those reference in turn (an observation's encounter), by `Type/id`.
 */
function evaluatedResources(options: GapsBundleOptions, references: readonly Reference[]): Map<string, FhirResource> {
  const view = new Map(options.resources.map((resource) => [referenceTo(resource), resource]));
  view.set(referenceTo(options.patient), options.patient);
  const found = new Map<string, FhirResource>([[referenceTo(options.patient), options.patient]]);
  const pending = references.flatMap((reference) => (reference.reference ? [reference.reference] : []));
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const resource = view.get(next);
    if (!resource || found.has(next)) continue;
    found.set(next, asExported(resource));
    pending.push(...referencesIn(resource));
  }
  return found;
}

const ABATED_STATUSES = new Set(['inactive', 'resolved', 'remission']);

/**
 * A resource of the FHIR view as another system may read it. The view writes a claim's diagnosis as a
 * Condition active on its service day only (onset and abatement that day, clinicalStatus active: how the
 * measures' CQL reads "treated that day"); FHIR's invariant con-4 wants an abated condition inactive, so the
 * copy in the report says `inactive`, which with the same onset and abatement says the same day.
 */
function asExported(resource: FhirResource): FhirResource {
  if (resource.resourceType !== 'Condition' || resource.abatementDateTime === undefined) return resource;
  const status = resource.clinicalStatus?.coding?.[0]?.code;
  if (status === undefined || ABATED_STATUSES.has(status)) return resource;
  return {
    ...resource,
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'inactive' }],
    },
  };
}

/** Every `reference` a resource holds, at any depth. */
export function referencesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === 'reference' && typeof item === 'string' ? [item] : referencesIn(item),
  );
}

function detectedIssue(options: { report: MeasureReport; status: GapStatus; patient: Reference }): DetectedIssue {
  return {
    resourceType: 'DetectedIssue',
    id: `gap-${options.report.id ?? ''}`,
    meta: { profile: [DEQM_PROFILE.gapsDetectedIssue] },
    modifierExtension: [
      {
        url: DEQM_EXTENSION.gapStatus,
        valueCodeableConcept: {
          coding: [{ system: GAPS_STATUS_SYSTEM, code: options.status, display: GAP_STATUS_DISPLAY[options.status] }],
        },
      },
    ],
    status: 'final',
    code: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'CAREGAP', display: 'Care Gaps' }],
    },
    patient: options.patient,
    ...(options.report.date ? { identifiedDateTime: options.report.date } : {}),
    evidence: [{ detail: [{ reference: `MeasureReport/${options.report.id ?? ''}` }] }],
  };
}

interface Section {
  measure: GapsReportMeasure;
  report: MeasureReport;
  issue: DetectedIssue;
}

function gapsComposition(
  options: GapsBundleOptions,
  parts: { sections: readonly Section[]; patient: Reference; author: Reference },
): Composition {
  return withoutEmptyArrays({
    resourceType: 'Composition',
    id: options.documentId,
    meta: { profile: [DEQM_PROFILE.gapsComposition] },
    status: 'final',
    type: { coding: [{ system: 'http://loinc.org', code: '96315-7', display: 'Gaps in care report' }] },
    subject: parts.patient,
    date: options.timestamp,
    author: [parts.author],
    title: 'Gaps in care report',
    custodian: parts.author,
    section: parts.sections.map(({ measure, report, issue }) => ({
      title: `${measure.measureId} ${measure.title}`,
      focus: { reference: `MeasureReport/${report.id ?? ''}` },
      entry: [{ reference: `DetectedIssue/${issue.id ?? ''}` }],
    })),
  });
}
