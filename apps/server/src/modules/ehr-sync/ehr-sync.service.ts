import type { Db } from '../../db/client';
import type { FhirClient } from '../../integrations/fhir/fhir-client';
import type { FhirResource } from '../../integrations/fhir/fhir-types';
import type { FileStore } from '../../integrations/files/file-store';
import { AppError } from '../../lib/app-error';
import { importBundle, type Rejection } from '../ingestion';
import { readAdministrativeResources } from './administrative-resources';
import { toEhrAppError } from './ehr-errors';
import { findConnection, findEhrPatientId, recordSync } from './ehr-sync.repository';

/** What Cairn reads of a patient's record in the EHR, each searched by `patient=Patient/<id>`. */
export const PATIENT_RESOURCE_TYPES = [
  'Encounter',
  'Condition',
  'Observation',
  'MedicationRequest',
  'MedicationStatement',
  'AllergyIntolerance',
  'Procedure',
  'Immunization',
  'CarePlan',
  'DiagnosticReport',
  'DocumentReference',
  'Coverage',
  'Appointment',
] as const;

const PAGE_SIZE = 50;

export interface SyncPatientOptions {
  organisationId: string;
  connectionId: string;
  client: FhirClient;
  patientFhirId: string;
  fileStore?: FileStore;
}

export interface SyncPatientResult {
  /** Cairn's id of the patient. */
  patientId: string;
  imported: Record<string, number>;
  rejected: Rejection[];
}

/**
 * Reads one patient's record from the EHR, with the practitioners, organizations and locations it
 * names, and imports it (source `EHR`): rows are upserted on their FHIR ids, so a second sync updates
 * rather than duplicates, and a clinic's, department's or provider's field an administrator edited in
 * Cairn is kept (the EHR's value beside it). The EHR is read in full before anything
 * is written, so a failing or slow EHR changes nothing stored; the attempt and its failure (no
 * patient data) are recorded for a patient Cairn already knows.
 */
export async function syncPatientFromEhr(db: Db, options: SyncPatientOptions): Promise<SyncPatientResult> {
  const { organisationId, connectionId, patientFhirId } = options;
  if (!(await findConnection(db, organisationId, connectionId))) {
    throw new AppError('NOT_FOUND', 'No such EHR connection');
  }
  const startedAt = new Date();
  let resources: FhirResource[];
  try {
    resources = await readPatientRecord(options.client, patientFhirId);
  } catch (error) {
    const failure = toEhrAppError(error);
    const knownPatientId = await findEhrPatientId(db, organisationId, patientFhirId);
    if (knownPatientId) {
      const message = failure instanceof Error ? `${failure.name}: ${failure.message}` : 'Error';
      await recordSync(db, { organisationId, patientId: knownPatientId, connectionId, at: startedAt, error: message });
    }
    throw failure;
  }
  const bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.map((resource) => ({ resource })),
  };
  const result = await importBundle(db, { organisationId, source: 'EHR', bundle, fileStore: options.fileStore });
  const patientId = await findEhrPatientId(db, organisationId, patientFhirId);
  if (!patientId) throw new AppError('SERVICE_UNAVAILABLE', 'The EHR patient could not be imported');
  await recordSync(db, { organisationId, patientId, connectionId, at: startedAt, error: null });
  return { patientId, imported: result.imported, rejected: result.rejected };
}

/**
 * The Patient resource alone, read from the EHR and imported: what Cairn needs to open a patient it
 * has never seen, before the whole record is read (in the background, by {@link syncPatientFromEhr}).
 * Answers Cairn's id of the patient; a failing EHR throws as the full read does.
 */
export async function importEhrPatient(
  db: Db,
  options: Pick<SyncPatientOptions, 'organisationId' | 'client' | 'patientFhirId' | 'fileStore'>,
): Promise<string> {
  const { organisationId, patientFhirId } = options;
  let patient: FhirResource;
  try {
    patient = await options.client.read('Patient', patientFhirId);
  } catch (error) {
    throw toEhrAppError(error);
  }
  await importBundle(db, { organisationId, source: 'EHR', bundle: patient, fileStore: options.fileStore });
  const patientId = await findEhrPatientId(db, organisationId, patientFhirId);
  if (!patientId) throw new AppError('SERVICE_UNAVAILABLE', 'The EHR patient could not be imported');
  return patientId;
}

async function readPatientRecord(client: FhirClient, patientFhirId: string): Promise<FhirResource[]> {
  // The client bounds how many of these run at once.
  const [patient, ...found] = await Promise.all([
    client.read('Patient', patientFhirId),
    ...PATIENT_RESOURCE_TYPES.map((type) =>
      client.searchAll(type, { patient: `Patient/${patientFhirId}`, _count: PAGE_SIZE }),
    ),
  ]);
  const unique = new Map<string, FhirResource>();
  for (const resource of [patient, ...found.flat()]) {
    unique.set(`${resource.resourceType}/${resource.id ?? String(unique.size)}`, resource);
  }
  const record = [...unique.values()];
  return [...record, ...(await readAdministrativeResources(client, record))];
}
