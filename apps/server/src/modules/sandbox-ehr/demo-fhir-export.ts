import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { Db } from '../../db/client';
import { addDays, localIsoDate } from '../demo';
import {
  toAppointment,
  toLocation,
  toOrganization,
  toPatient,
  toPractitioner,
  toProblem,
  toVisitEncounter,
} from './demo-fhir-resources';
import {
  listActiveProblems,
  listAppointments,
  listClinics,
  listDepartments,
  listPatients,
  listProviders,
} from './sandbox-ehr.repository';

export interface DemoFhirExportOptions {
  organisationId: string;
  /** The schedule's day (the server's local date by default). */
  today?: string;
}

/** A FHIR id: what the sandbox's validation accepts, so one odd source id cannot stop the whole load. */
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/**
 * The organisation's EHR data as a FHIR R4 collection Bundle, for the sandbox EHR to serve: clinics,
 * departments, providers, patients with their active problem lists, the visits from yesterday to a
 * week ahead, and an encounter for each of today's visits (so that Cairn, launched on one, has an
 * encounter to write its diagnoses to). Importing it back as source EHR leaves those rows as they are.
 */
export async function exportDemoFhir(db: Db, options: DemoFhirExportOptions): Promise<Bundle> {
  const { organisationId } = options;
  const today = options.today ?? localIsoDate();
  const [clinics, departments, providers, patients, visits, problems] = await Promise.all([
    listClinics(db, organisationId),
    listDepartments(db, organisationId),
    listProviders(db, organisationId),
    listPatients(db, organisationId),
    listAppointments(db, { organisationId, from: addDays(today, -1), to: addDays(today, 7) }),
    listActiveProblems(db, organisationId),
  ]);
  const resources: Resource[] = [
    ...clinics.map(toOrganization),
    ...departments.map(toLocation),
    ...providers.map(toPractitioner),
    ...patients.map(toPatient),
    ...problems.map(toProblem),
    ...visits.map(toAppointment),
    ...visits.flatMap((visit) => {
      const encounter = visit.serviceDate === today ? toVisitEncounter(visit) : undefined;
      return encounter ? [encounter] : [];
    }),
  ];
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.filter((resource) => FHIR_ID.test(resource.id ?? '')).map((resource) => ({ resource })),
  };
}
