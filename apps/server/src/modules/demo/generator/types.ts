import type {
  allergies,
  appointments,
  claimDiagnoses,
  claims,
  clinics,
  conditions,
  coverages,
  departments,
  documents,
  encounters,
  immunizations,
  medications,
  observations,
  partnerNotes,
  patients,
  procedures,
  providers,
} from '../../../db/clinical-schema';

/** Rows as inserted: every id is set by the generator, so a batch needs no round trip for keys. */
type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'] & { id: string };

export type ClinicRow = Row<typeof clinics>;
export type DepartmentRow = Row<typeof departments>;
export type ProviderRow = Row<typeof providers>;
export type PatientRow = Row<typeof patients>;
export type CoverageRow = Row<typeof coverages>;
export type EncounterRow = Row<typeof encounters>;
export type AppointmentRow = Row<typeof appointments>;
export type ConditionRow = Row<typeof conditions>;
export type ClaimDiagnosisRow = Row<typeof claimDiagnoses>;
export type ClaimRow = Row<typeof claims>;
export type ObservationRow = Row<typeof observations>;
export type MedicationRow = Row<typeof medications>;
export type AllergyRow = Row<typeof allergies>;
export type ProcedureRow = Row<typeof procedures>;
export type ImmunizationRow = Row<typeof immunizations>;
export type PartnerNoteRow = Row<typeof partnerNotes>;
/** A document; `original` asks the writer to store an HTML or PDF original of its text. */
export type DocumentRow = Omit<Row<typeof documents>, 'search'> & { original?: 'html' | 'pdf' };

/** One patient and everything about them, as rows of each table. */
export interface PatientRows {
  patient: PatientRow;
  coverages: CoverageRow[];
  encounters: EncounterRow[];
  appointments: AppointmentRow[];
  conditions: ConditionRow[];
  claimDiagnoses: ClaimDiagnosisRow[];
  /** Claims and ExplanationOfBenefits with their amounts; their diagnoses are `claimDiagnoses` rows. */
  claims: ClaimRow[];
  observations: ObservationRow[];
  medications: MedicationRow[];
  allergies: AllergyRow[];
  procedures: ProcedureRow[];
  immunizations: ImmunizationRow[];
  documents: DocumentRow[];
  /** A partner organisation's recommendations that are not diagnoses (issue 16 item 7). */
  partnerNotes: PartnerNoteRow[];
}

/** A provider as patients and visits refer to them. */
export interface CareProvider {
  id: string;
  name: string;
  departmentId: string;
  clinicId: string;
}

/** The clinics, departments and providers of a synthetic organisation. */
export interface OrganisationRows {
  clinics: ClinicRow[];
  departments: DepartmentRow[];
  providers: ProviderRow[];
}

/** Makes row ids: `randomUUID` for real data, a counter in tests that compare two runs. */
export type NewId = () => string;
