import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import {
  appointments,
  clinics,
  conditions,
  departments,
  ehrConnections,
  encounters,
  patients,
  providers,
  type StoredCoding,
} from '../../db/clinical-schema';

/**
 * The organisation's EHR rows, as the sandbox EHR serves them back. Only source 'EHR': what came from
 * an HIE is not the EHR's. One query per table for the whole organisation; links to rows of another
 * source read as absent.
 */
const EHR = 'EHR';

/**
 * What the EHR said of a field an administrator edited in Cairn (issue 17 item 2), else the row's own
 * value: the sandbox is the EHR, so it serves the EHR's values, never Cairn's edits of them (a restart
 * would otherwise teach the EHR every edit).
 */
function ehrValueOf<T>(
  table: typeof clinics | typeof departments | typeof providers,
  options: { field: string; column: AnyPgColumn; type?: 'text' | 'uuid' },
): SQL<T> {
  const { field, column } = options;
  return sql<T>`case when ${field} = any(${table.editedFields}) and (${table.ehrValues} -> ${field}) is not null
    then (${table.ehrValues} ->> ${field})::${sql.raw(options.type ?? 'text')} else ${column} end`;
}

const primaryProvider = alias(providers, 'primary_provider');
const departmentClinic = alias(clinics, 'department_clinic');

export interface ClinicRow {
  sourceId: string;
  name: string;
}
export interface DepartmentRow {
  sourceId: string;
  name: string;
  clinicSourceId: string;
}
export interface ProviderRow {
  sourceId: string;
  firstName: string;
  lastName: string;
  suffix: string | null;
  npi: string | null;
}
export interface PatientRow {
  sourceId: string;
  mrn: string | null;
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: string;
  deceasedDate: string | null;
  phone: string | null;
  address: string | null;
  identifiers: { system?: string; value: string }[];
  primaryProviderSourceId: string | null;
}
export interface AppointmentRow {
  sourceId: string;
  status: string;
  visitType: string;
  reason: string | null;
  startAt: Date;
  endAt: Date | null;
  serviceDate: string;
  patientSourceId: string;
  providerSourceId: string | null;
  departmentSourceId: string | null;
  clinicSourceId: string | null;
  encounterSourceId: string | null;
  encounterStatus: string | null;
  encounterClassCode: string | null;
}
export interface ConditionRow {
  sourceId: string;
  patientSourceId: string;
  icdCode: string | null;
  icdMapped: boolean;
  display: string;
  codings: StoredCoding[];
  clinicalStatus: string;
  verificationStatus: string | null;
  onsetDate: string | null;
  recordedDate: string | null;
}

export async function listClinics(db: Db, organisationId: string): Promise<ClinicRow[]> {
  return db
    .select({ sourceId: clinics.sourceId, name: ehrValueOf<string>(clinics, { field: 'name', column: clinics.name }) })
    .from(clinics)
    .where(and(eq(clinics.organisationId, organisationId), eq(clinics.source, EHR)))
    .orderBy(asc(clinics.sourceId));
}

export async function listDepartments(db: Db, organisationId: string): Promise<DepartmentRow[]> {
  return db
    .select({
      sourceId: departments.sourceId,
      name: ehrValueOf<string>(departments, { field: 'name', column: departments.name }),
      clinicSourceId: clinics.sourceId,
    })
    .from(departments)
    .innerJoin(
      clinics,
      and(
        eq(
          clinics.id,
          ehrValueOf<string>(departments, { field: 'clinicId', column: departments.clinicId, type: 'uuid' }),
        ),
        eq(clinics.source, EHR),
      ),
    )
    .where(and(eq(departments.organisationId, organisationId), eq(departments.source, EHR)))
    .orderBy(asc(departments.sourceId));
}

export async function listProviders(db: Db, organisationId: string): Promise<ProviderRow[]> {
  return db
    .select({
      sourceId: providers.sourceId,
      firstName: ehrValueOf<string>(providers, { field: 'firstName', column: providers.firstName }),
      lastName: ehrValueOf<string>(providers, { field: 'lastName', column: providers.lastName }),
      suffix: ehrValueOf<string | null>(providers, { field: 'suffix', column: providers.suffix }),
      npi: ehrValueOf<string | null>(providers, { field: 'npi', column: providers.npi }),
    })
    .from(providers)
    .where(and(eq(providers.organisationId, organisationId), eq(providers.source, EHR)))
    .orderBy(asc(providers.sourceId));
}

export async function listPatients(db: Db, organisationId: string): Promise<PatientRow[]> {
  return db
    .select({
      sourceId: patients.sourceId,
      mrn: patients.mrn,
      firstName: patients.firstName,
      lastName: patients.lastName,
      birthDate: patients.birthDate,
      gender: patients.gender,
      deceasedDate: patients.deceasedDate,
      phone: patients.phone,
      address: patients.address,
      identifiers: patients.identifiers,
      primaryProviderSourceId: primaryProvider.sourceId,
    })
    .from(patients)
    .leftJoin(primaryProvider, and(eq(primaryProvider.id, patients.primaryProviderId), eq(primaryProvider.source, EHR)))
    .where(and(eq(patients.organisationId, organisationId), eq(patients.source, EHR)))
    .orderBy(asc(patients.sourceId));
}

/** Visits whose service day is in `[from, to]`, with the encounter each is linked to, if any. */
export async function listAppointments(
  db: Db,
  options: { organisationId: string; from: string; to: string },
): Promise<AppointmentRow[]> {
  return db
    .select({
      sourceId: appointments.sourceId,
      status: appointments.status,
      visitType: appointments.visitType,
      reason: appointments.reason,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
      serviceDate: appointments.serviceDate,
      patientSourceId: patients.sourceId,
      providerSourceId: providers.sourceId,
      departmentSourceId: departments.sourceId,
      clinicSourceId: departmentClinic.sourceId,
      encounterSourceId: encounters.sourceId,
      encounterStatus: encounters.status,
      encounterClassCode: encounters.classCode,
    })
    .from(appointments)
    .innerJoin(patients, and(eq(patients.id, appointments.patientId), eq(patients.source, EHR)))
    .leftJoin(providers, and(eq(providers.id, appointments.providerId), eq(providers.source, EHR)))
    .leftJoin(departments, and(eq(departments.id, appointments.departmentId), eq(departments.source, EHR)))
    .leftJoin(departmentClinic, and(eq(departmentClinic.id, departments.clinicId), eq(departmentClinic.source, EHR)))
    .leftJoin(encounters, and(eq(encounters.id, appointments.encounterId), eq(encounters.source, EHR)))
    .where(
      and(
        eq(appointments.organisationId, options.organisationId),
        eq(appointments.source, EHR),
        gte(appointments.serviceDate, options.from),
        lte(appointments.serviceDate, options.to),
      ),
    )
    .orderBy(asc(appointments.startAt), asc(appointments.sourceId));
}

/** The active problem list of every patient (encounter diagnoses stay with their visits). */
export async function listActiveProblems(db: Db, organisationId: string): Promise<ConditionRow[]> {
  return db
    .select({
      sourceId: conditions.sourceId,
      patientSourceId: patients.sourceId,
      icdCode: conditions.icdCode,
      icdMapped: conditions.icdMapped,
      display: conditions.display,
      codings: conditions.codings,
      clinicalStatus: conditions.clinicalStatus,
      verificationStatus: conditions.verificationStatus,
      onsetDate: conditions.onsetDate,
      recordedDate: conditions.recordedDate,
    })
    .from(conditions)
    .innerJoin(patients, and(eq(patients.id, conditions.patientId), eq(patients.source, EHR)))
    .where(
      and(
        eq(conditions.organisationId, organisationId),
        eq(conditions.source, EHR),
        eq(conditions.category, 'problem-list-item'),
        eq(conditions.clinicalStatus, 'active'),
      ),
    )
    .orderBy(asc(conditions.sourceId));
}

export async function findOrganisationIdBySlug(db: Db, slug: string): Promise<string | undefined> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, slug));
  return row?.id;
}

export interface SandboxConnection {
  organisationId: string;
  name: string;
  fhirBaseUrl: string;
  clientId: string;
  clientSecretEncrypted: string;
}

/**
 * Creates or refreshes the organisation's connection of that name (its address follows the public
 * URL, its secret the server's); the scopes an administrator may have narrowed are left alone.
 */
export async function upsertEhrConnection(db: Db, connection: SandboxConnection): Promise<void> {
  await db
    .insert(ehrConnections)
    .values({ ...connection, clientAuth: 'client_secret' })
    .onConflictDoUpdate({
      target: [ehrConnections.organisationId, ehrConnections.name],
      set: {
        fhirBaseUrl: connection.fhirBaseUrl,
        clientId: connection.clientId,
        clientAuth: 'client_secret',
        clientSecretEncrypted: connection.clientSecretEncrypted,
      },
    });
}
