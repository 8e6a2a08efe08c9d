import { formatHumanName, Operator } from '@medplum/core';
import type { FhirRepository } from '@medplum/fhir-router';
import type { Condition, Encounter, Patient, Practitioner, Reference } from '@medplum/fhirtypes';

export const ICD_10_CM_SYSTEM = 'http://hl7.org/fhir/sid/icd-10-cm';

/** One row of the EHR screen: a flat view of an Encounter, its patient and its ICD-10-CM diagnoses. */
export interface EncounterRow {
  encounterId: string;
  patientId: string;
  /** `09:30 AM`, in the server's local time. */
  time: string;
  patientName: string;
  /** `MM/DD/YYYY`, or empty when the patient has none. */
  birthDate: string;
  practitioner: string;
  status: string;
  /** The encounter's Conditions coded in ICD-10-CM, as the add-on's `cartLoad` carries them. */
  diagnoses: { icd10Code: string; description?: string }[];
}

/** A Condition of an encounter as the screen lists it. */
export interface EncounterCondition {
  id: string;
  code: string;
  display: string;
}

/** The encounters whose period starts on the server's local date of `now`, by start time. */
export async function listTodaysEncounters(repo: FhirRepository, now: number): Promise<EncounterRow[]> {
  const today = localDate(new Date(now));
  const encounters = (await repo.searchResources<Encounter>({ resourceType: 'Encounter' }))
    .filter((encounter) => encounter.period?.start && localDate(new Date(encounter.period.start)) === today)
    .sort((a, b) => Date.parse(a.period?.start ?? '') - Date.parse(b.period?.start ?? ''));
  const rows = await Promise.all(encounters.map((encounter) => toRow(repo, encounter)));
  return rows.filter((row) => row !== undefined);
}

/** The Conditions that name `Encounter/<id>`; `undefined` when there is no such encounter. */
export async function listEncounterConditions(
  repo: FhirRepository,
  encounterId: string,
): Promise<EncounterCondition[] | undefined> {
  const encounter = await repo.readResource<Encounter>('Encounter', encounterId).catch(() => undefined);
  if (!encounter) return undefined;
  const conditions = await searchEncounterConditions(repo, encounterId);
  return conditions.map((condition) => {
    const coding = icd10CmCoding(condition) ?? condition.code?.coding?.[0];
    return {
      id: condition.id ?? '',
      code: coding?.code ?? '',
      display: coding?.display ?? condition.code?.text ?? '',
    };
  });
}

async function toRow(repo: FhirRepository, encounter: Encounter): Promise<EncounterRow | undefined> {
  const patientId = referencedId(encounter.subject, 'Patient');
  if (!encounter.id || !patientId) return undefined;
  const [patient, practitioner, conditions] = await Promise.all([
    repo.readResource<Patient>('Patient', patientId).catch(() => undefined),
    practitionerName(repo, encounter),
    searchEncounterConditions(repo, encounter.id),
  ]);
  return {
    encounterId: encounter.id,
    patientId,
    time: formatTime(new Date(encounter.period?.start ?? '')),
    patientName: formatHumanName(patient?.name?.[0]) || patientId,
    birthDate: formatBirthDate(patient?.birthDate),
    practitioner,
    status: encounter.status,
    diagnoses: conditions.flatMap((condition) => {
      const coding = icd10CmCoding(condition);
      if (!coding?.code) return [];
      const description = coding.display ?? condition.code?.text;
      return [description === undefined ? { icd10Code: coding.code } : { icd10Code: coding.code, description }];
    }),
  };
}

async function searchEncounterConditions(repo: FhirRepository, encounterId: string): Promise<Condition[]> {
  return repo.searchResources<Condition>({
    resourceType: 'Condition',
    filters: [{ code: 'encounter', operator: Operator.EQUALS, value: `Encounter/${encounterId}` }],
  });
}

/** The first participant's display, else the referenced Practitioner's name (Synthea sets the display). */
async function practitionerName(repo: FhirRepository, encounter: Encounter): Promise<string> {
  const individual = encounter.participant?.find((participant) => participant.individual)?.individual;
  if (individual?.display) return individual.display;
  const practitionerId = referencedId(individual, 'Practitioner');
  if (!practitionerId) return '';
  const practitioner = await repo.readResource<Practitioner>('Practitioner', practitionerId).catch(() => undefined);
  return formatHumanName(practitioner?.name?.[0]);
}

function icd10CmCoding(condition: Condition): { code?: string; display?: string } | undefined {
  return condition.code?.coding?.find((coding) => coding.system === ICD_10_CM_SYSTEM);
}

function referencedId(reference: Reference | undefined, resourceType: string): string | undefined {
  const [type, id] = (reference?.reference ?? '').split('/');
  return type === resourceType && id ? id : undefined;
}

function localDate(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** `hh:mm A`: 12-hour clock, two digits, AM or PM. */
export function formatTime(date: Date): string {
  const hours = date.getHours() % 12 || 12;
  const suffix = date.getHours() < 12 ? 'AM' : 'PM';
  return `${pad(hours)}:${pad(date.getMinutes())} ${suffix}`;
}

/** `YYYY-MM-DD` to `MM/DD/YYYY`, from the string itself: a birth date has no time zone to shift it. */
export function formatBirthDate(birthDate: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  return match ? `${match[2] ?? ''}/${match[3] ?? ''}/${match[1] ?? ''}` : (birthDate ?? '');
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
