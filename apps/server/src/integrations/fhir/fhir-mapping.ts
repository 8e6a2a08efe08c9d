import type {
  allergies,
  carePlans,
  claimDiagnoses,
  claims,
  clinics,
  conditions,
  coverages,
  departments,
  diagnosticReports,
  documents,
  encounters,
  immunizations,
  medications,
  observations,
  partnerNotes,
  patients,
  procedures,
  providers,
  appointments,
} from '../../db/clinical-schema';
import type { FhirResource, Reference } from './fhir-types';

/** The tables a FHIR resource lands in. */
export interface ClinicalTables {
  clinics: typeof clinics;
  departments: typeof departments;
  providers: typeof providers;
  patients: typeof patients;
  encounters: typeof encounters;
  appointments: typeof appointments;
  conditions: typeof conditions;
  observations: typeof observations;
  medications: typeof medications;
  allergies: typeof allergies;
  procedures: typeof procedures;
  immunizations: typeof immunizations;
  carePlans: typeof carePlans;
  diagnosticReports: typeof diagnosticReports;
  documents: typeof documents;
  claimDiagnoses: typeof claimDiagnoses;
  claims: typeof claims;
  coverages: typeof coverages;
  partnerNotes: typeof partnerNotes;
}
export type TableName = keyof ClinicalTables;

/** The columns that point at other imported rows; the import fills them from `refs`. */
export type LinkColumn = 'patientId' | 'encounterId' | 'providerId' | 'clinicId' | 'departmentId' | 'primaryProviderId';
/** The table each link column points into. */
export const LINK_TARGETS = {
  patientId: 'patients',
  encounterId: 'encounters',
  providerId: 'providers',
  primaryProviderId: 'providers',
  clinicId: 'clinics',
  departmentId: 'departments',
} as const satisfies Record<LinkColumn, TableName>;

type Values<T extends TableName> = Omit<
  ClinicalTables[T]['$inferInsert'],
  'id' | 'organisationId' | 'source' | 'updatedAt' | LinkColumn | 'search'
>;

/** A document's attachment, read (text extracted, original stored) by the import before it writes. */
export interface PendingAttachment {
  contentType: string;
  /** base64, as in FHIR `Attachment.data`. */
  data?: string;
  url?: string;
}

/** One row a resource becomes: its values and the source ids of the rows it links to. */
export type MappedRow = {
  [T in TableName]: {
    table: T;
    values: Values<T>;
    refs: Partial<Record<LinkColumn, string>>;
    attachment?: PendingAttachment;
    /**
     * An encounter's appointments (R4 `Encounter.appointment`), by source id: the import links them to
     * the encounter even when they came in an earlier bundle.
     */
    appointmentSourceIds?: string[];
  };
}[TableName];

/** What a mapper may ask about the rest of the bundle. */
export interface MapContext {
  /** The resource type and source id a reference points at (inside the bundle, or `Type/id`). */
  target(reference: Reference | undefined): { type: string | undefined; sourceId: string } | undefined;
  /** The resource a reference points at, when it is in the bundle (its type is the caller's to check). */
  resolve<T extends FhirResource = FhirResource>(reference: Reference | undefined): T | undefined;
  /** The source id of the bundle's Encounter that names this Appointment (R4 links them from the encounter's side). */
  encounterOfAppointment(appointmentSourceId: string): string | undefined;
  /** The ICD-10-CM code (no dot) mapped from a SNOMED CT code, when there is one. */
  snomedToIcd(code: string): string | undefined;
}
