import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import {
  appointments,
  clinics,
  departments,
  partnerNotes,
  patients,
  providers,
  userProviders,
} from '../db/clinical-schema';

/** Factories of patient data for server tests; every row is the organisation's and from the EHR unless told. */

const sourceId = (): string => randomBytes(8).toString('hex');

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('row not created');
  return row;
}

export interface CareTeam {
  clinic: typeof clinics.$inferSelect;
  department: typeof departments.$inferSelect;
  provider: typeof providers.$inferSelect;
}

/** A clinic with one department and one provider in it. */
export async function createCareTeam(
  db: Db,
  options: { organisationId: string; providerLastName?: string; clinicName?: string },
): Promise<CareTeam> {
  const { organisationId } = options;
  const clinic = first(
    await db
      .insert(clinics)
      .values({ organisationId, name: options.clinicName ?? 'Riverside Clinic', source: 'EHR', sourceId: sourceId() })
      .returning(),
  );
  const department = first(
    await db
      .insert(departments)
      .values({ organisationId, clinicId: clinic.id, name: 'Family Medicine', source: 'EHR', sourceId: sourceId() })
      .returning(),
  );
  const provider = first(
    await db
      .insert(providers)
      .values({
        organisationId,
        departmentId: department.id,
        firstName: 'Maya',
        lastName: options.providerLastName ?? 'Rivera',
        suffix: 'MD',
        source: 'EHR',
        sourceId: sourceId(),
      })
      .returning(),
  );
  return { clinic, department, provider };
}

export async function linkUserToProvider(db: Db, userId: string, providerId: string): Promise<void> {
  await db.insert(userProviders).values({ userId, providerId });
}

export type NewPatient = Partial<typeof patients.$inferInsert> & { organisationId: string };

export async function createPatient(db: Db, options: NewPatient): Promise<typeof patients.$inferSelect> {
  return first(
    await db
      .insert(patients)
      .values({
        firstName: 'Ada',
        lastName: 'Lovelace',
        birthDate: '1950-12-10',
        gender: 'female',
        mrn: `MRN${randomBytes(3).toString('hex').toUpperCase()}`,
        source: 'EHR',
        sourceId: sourceId(),
        ...options,
      })
      .returning(),
  );
}

export type NewAppointment = Partial<typeof appointments.$inferInsert> & {
  organisationId: string;
  patientId: string;
  /** `YYYY-MM-DDTHH:mm` local wall time of the visit; its day is the schedule's day. */
  at: string;
};

export async function createAppointment(db: Db, options: NewAppointment): Promise<typeof appointments.$inferSelect> {
  const { at, ...values } = options;
  const startAt = new Date(`${at}:00Z`);
  return first(
    await db
      .insert(appointments)
      .values({
        visitType: 'Follow-up',
        status: 'booked',
        startAt,
        endAt: new Date(startAt.getTime() + 20 * 60_000),
        serviceDate: at.slice(0, 10),
        source: 'EHR',
        sourceId: sourceId(),
        ...values,
      })
      .returning(),
  );
}

export type NewPartnerNote = Partial<typeof partnerNotes.$inferInsert> & { organisationId: string; patientId: string };

/** A partner organisation's recommendation about the patient, as the import stores a Task naming the partner. */
export async function createPartnerNote(db: Db, options: NewPartnerNote): Promise<typeof partnerNotes.$inferSelect> {
  return first(
    await db
      .insert(partnerNotes)
      .values({
        resourceType: 'Task',
        partner: 'Summit Health Partners',
        kind: 'annual-wellness-visit',
        text: 'Schedule the annual wellness visit.',
        authoredOn: '2026-05-02',
        status: 'requested',
        source: 'HIE',
        sourceId: sourceId(),
        ...options,
      })
      .returning(),
  );
}
