import type {
  Appointment,
  CodeableConcept,
  Condition,
  Encounter,
  Identifier,
  Location,
  Organization,
  Patient,
  Practitioner,
} from '@medplum/fhirtypes';
import { SYSTEMS } from '../../integrations/fhir/fhir-types';
import type {
  AppointmentRow,
  ClinicRow,
  ConditionRow,
  DepartmentRow,
  PatientRow,
  ProviderRow,
} from './sandbox-ehr.repository';

/*
 * Cairn's EHR rows as the FHIR R4 resources they would have been imported from: each builder is the
 * inverse of its mapper in integrations/fhir (map-administrative, map-encounters, map-conditions), so
 * importing the result again leaves the rows as they are.
 */

const V2_IDENTIFIER_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const CONDITION_VERIFICATION = 'http://terminology.hl7.org/CodeSystem/condition-ver-status';
const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';

export function toOrganization(clinic: ClinicRow): Organization {
  return { resourceType: 'Organization', id: clinic.sourceId, active: true, name: clinic.name };
}

export function toLocation(department: DepartmentRow): Location {
  return {
    resourceType: 'Location',
    id: department.sourceId,
    status: 'active',
    name: department.name,
    managingOrganization: { reference: `Organization/${department.clinicSourceId}` },
  };
}

export function toPractitioner(provider: ProviderRow): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: provider.sourceId,
    active: true,
    name: [
      {
        use: 'official',
        family: provider.lastName,
        ...(provider.firstName ? { given: [provider.firstName] } : {}),
        ...(provider.suffix ? { suffix: [provider.suffix] } : {}),
      },
    ],
    ...(provider.npi ? { identifier: [{ system: SYSTEMS.npi, value: provider.npi }] } : {}),
  };
}

const PATIENT_GENDERS = new Set(['male', 'female', 'other', 'unknown'] as const);

export function toPatient(patient: PatientRow): Patient {
  const gender = [...PATIENT_GENDERS].find((value) => value === patient.gender);
  return {
    resourceType: 'Patient',
    id: patient.sourceId,
    ...(patient.identifiers.length > 0 || patient.mrn ? { identifier: patientIdentifiers(patient) } : {}),
    ...(patient.firstName || patient.lastName
      ? {
          name: [
            {
              use: 'official',
              ...(patient.lastName ? { family: patient.lastName } : {}),
              ...(patient.firstName ? { given: [patient.firstName] } : {}),
            },
          ],
        }
      : {}),
    birthDate: patient.birthDate,
    ...(gender ? { gender } : {}),
    ...(patient.deceasedDate ? { deceasedDateTime: patient.deceasedDate } : {}),
    ...(patient.phone ? { telecom: [{ system: 'phone', value: patient.phone, use: 'home' }] } : {}),
    ...(patient.address ? { address: [{ text: patient.address }] } : {}),
    ...(patient.primaryProviderSourceId
      ? { generalPractitioner: [{ reference: `Practitioner/${patient.primaryProviderSourceId}` }] }
      : {}),
  };
}

/** The identifiers as stored; the one holding the MRN is typed MR, which is how the import finds it. */
function patientIdentifiers(patient: PatientRow): Identifier[] {
  const medicalRecordType = { coding: [{ system: V2_IDENTIFIER_TYPE, code: 'MR' }] };
  const identifiers: Identifier[] = patient.identifiers.map((identifier) => ({
    ...(identifier.system ? { system: identifier.system } : {}),
    value: identifier.value,
    ...(patient.mrn !== null && identifier.value === patient.mrn ? { type: medicalRecordType } : {}),
  }));
  const hasMrn = patient.identifiers.some((identifier) => identifier.value === patient.mrn);
  if (patient.mrn && !hasMrn) identifiers.push({ type: medicalRecordType, value: patient.mrn });
  return identifiers;
}

export function toAppointment(appointment: AppointmentRow): Appointment {
  const status = APPOINTMENT_STATUSES.find((value) => value === appointment.status) ?? 'booked';
  return {
    resourceType: 'Appointment',
    id: appointment.sourceId,
    status,
    ...(appointment.visitType ? { appointmentType: { text: appointment.visitType } } : {}),
    ...(appointment.reason ? { reasonCode: [{ text: appointment.reason }] } : {}),
    start: instantOnDay(appointment.startAt, appointment.serviceDate),
    ...(appointment.endAt ? { end: instantOnDay(appointment.endAt, appointment.serviceDate) } : {}),
    participant: [
      { actor: { reference: `Patient/${appointment.patientSourceId}` }, status: 'accepted' },
      ...(appointment.providerSourceId
        ? [{ actor: { reference: `Practitioner/${appointment.providerSourceId}` }, status: 'accepted' as const }]
        : []),
      ...(appointment.departmentSourceId
        ? [{ actor: { reference: `Location/${appointment.departmentSourceId}` }, status: 'accepted' as const }]
        : []),
    ],
  };
}

const APPOINTMENT_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'checked-in',
  'waitlist',
] as const;

type EncounterStatus = Encounter['status'];
const ENCOUNTER_STATUSES: readonly EncounterStatus[] = [
  'planned',
  'arrived',
  'triaged',
  'in-progress',
  'onleave',
  'finished',
  'cancelled',
  'entered-in-error',
  'unknown',
];
/** The encounter of a visit by the visit's status; a visit cancelled or missed has none. */
const ENCOUNTER_STATUS_OF_VISIT: Readonly<Record<string, EncounterStatus>> = {
  proposed: 'planned',
  pending: 'planned',
  booked: 'planned',
  waitlist: 'planned',
  arrived: 'arrived',
  'checked-in': 'arrived',
  fulfilled: 'finished',
};

/**
 * The encounter of one of today's visits: the one the visit is already linked to, or a new one named
 * after the visit. It names the visit (`Encounter.appointment`), which is how Cairn links them.
 */
export function toVisitEncounter(appointment: AppointmentRow): Encounter | undefined {
  const linkedStatus = ENCOUNTER_STATUSES.find((value) => value === appointment.encounterStatus);
  const status = linkedStatus ?? ENCOUNTER_STATUS_OF_VISIT[appointment.status];
  if (!status) return undefined;
  return {
    resourceType: 'Encounter',
    id: appointment.encounterSourceId ?? encounterIdOfVisit(appointment.sourceId),
    status,
    class: { system: ACT_CODE, code: appointment.encounterClassCode ?? 'AMB' },
    subject: { reference: `Patient/${appointment.patientSourceId}` },
    ...(appointment.providerSourceId
      ? { participant: [{ individual: { reference: `Practitioner/${appointment.providerSourceId}` } }] }
      : {}),
    appointment: [{ reference: `Appointment/${appointment.sourceId}` }],
    period: {
      start: instantOnDay(appointment.startAt, appointment.serviceDate),
      ...(appointment.endAt ? { end: instantOnDay(appointment.endAt, appointment.serviceDate) } : {}),
    },
    ...(appointment.reason ? { reasonCode: [{ text: appointment.reason }] } : {}),
    ...(appointment.clinicSourceId
      ? { serviceProvider: { reference: `Organization/${appointment.clinicSourceId}` } }
      : {}),
  };
}

/** `<visit>-encounter` while that is a FHIR id (64 characters at most), else a shortened form. */
export function encounterIdOfVisit(appointmentSourceId: string): string {
  const id = `${appointmentSourceId}-encounter`;
  return id.length <= 64 ? id : `${appointmentSourceId.slice(0, 54)}-encounter`;
}

export function toProblem(condition: ConditionRow): Condition {
  const codings = condition.codings.filter((coding) => coding.code);
  const hasIcd = codings.some((coding) => coding.system === SYSTEMS.icd10cm);
  const code: CodeableConcept = {
    coding: [
      ...codings,
      ...(condition.icdCode && !hasIcd ? [{ system: SYSTEMS.icd10cm, code: dottedIcd(condition.icdCode) }] : []),
    ],
    text: condition.display,
  };
  return {
    resourceType: 'Condition',
    id: condition.sourceId,
    clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: condition.clinicalStatus }] },
    ...(condition.verificationStatus
      ? { verificationStatus: { coding: [{ system: CONDITION_VERIFICATION, code: condition.verificationStatus }] } }
      : {}),
    category: [{ coding: [{ system: CONDITION_CATEGORY, code: 'problem-list-item', display: 'Problem List Item' }] }],
    code,
    subject: { reference: `Patient/${condition.patientSourceId}` },
    ...(condition.onsetDate ? { onsetDateTime: condition.onsetDate } : {}),
    ...(condition.recordedDate ? { recordedDate: condition.recordedDate } : {}),
  };
}

/** ICD-10-CM as written in FHIR: `E11.9` for Cairn's `E119`. */
function dottedIcd(code: string): string {
  return code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
}

/**
 * An instant written so that its calendar day is the visit's service day, which is how the import
 * dates a visit: in the server's time zone (as the schedule was made), else in UTC.
 */
export function instantOnDay(at: Date, day: string): string {
  const local = localInstant(at);
  if (local.startsWith(day)) return local;
  return at.toISOString().replace('.000Z', 'Z');
}

function localInstant(at: Date): string {
  const pad = (value: number, length = 2): string => String(value).padStart(length, '0');
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const milliseconds = at.getMilliseconds() ? `.${pad(at.getMilliseconds(), 3)}` : '';
  return (
    `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}${milliseconds}` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}
