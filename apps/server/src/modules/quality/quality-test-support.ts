import type { CareGap } from '@cairn/clinical';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { auditLog, featureFlags } from '../../db/schema';
import { tokenFor, type SignedInUser } from '../../testing/api';
import { aCareGap, anEvidence, storeCareGaps } from '../../testing/care-gap-factories';
import { createAppointment, createCareTeam, createPatient, type CareTeam } from '../../testing/clinical-factories';
import { createOrganisation, type UserFactoryOptions } from '../../testing/factories';

/** Helpers of the Quality Workspace's server tests. */

/** Turns the OrganizationQuality configuration on (or off) for the whole organisation. */
export async function setOrganisationQuality(db: Db, organisationId: string, isOn: boolean): Promise<void> {
  const value = { defaultValue: isOn, rules: [], description: '' };
  await db
    .insert(featureFlags)
    .values({ organisationId, key: 'configuration_OrganizationQuality', ...value })
    .onConflictDoUpdate({ target: [featureFlags.organisationId, featureFlags.key], set: value });
}

/** A quality lead: the quality_tool permission, the whole organisation in view (a coder's scope). */
export function qualityLead(app: FastifyInstance, organisationId: string, options: Partial<UserFactoryOptions> = {}) {
  return tokenFor(app, { organisationId, view: 'Coder', permissions: ['quality_tool'], ...options });
}

/** The day `days` from today, `YYYY-MM-DDTHH:mm` at 10:00 UTC, as `createAppointment` takes it. */
export function dayFromToday(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return `${day.toISOString().slice(0, 10)}T10:00`;
}

export const mammography: Partial<CareGap> = {
  measureId: 'CMS125',
  measureVersion: 'CMS125v14',
  title: 'Breast Cancer Screening',
};
export const bloodPressure: Partial<CareGap> = {
  measureId: 'CMS165',
  measureVersion: 'CMS165v14',
  title: 'Controlling High Blood Pressure',
};
export const colonoscopy = anEvidence();

export interface QualityPractice {
  organisationId: string;
  riverside: CareTeam;
  hillcrest: CareTeam;
  /** By last name. */
  patients: Record<'adams' | 'baker' | 'cole' | 'diaz' | 'evans', string>;
}

/**
 * An organisation with the Quality Workspace on and two clinics, each with a provider, and five
 * patients: Adams, Baker and Cole of Riverside's provider, Diaz and Evans of Hillcrest's.
 * - Adams: CMS130 open; CMS125 open, due 2026-06-30; a visit in 3 days.
 * - Baker: CMS130 open; a visit in 20 days.
 * - Cole: CMS165 open; CMS130 closed by a colonoscopy.
 * - Diaz: CMS130 open; CMS125 excluded (hospice); a visit tomorrow.
 * - Evans: no gaps (CMS122 not applicable: not in its population).
 */
export async function createQualityPractice(db: Db): Promise<QualityPractice> {
  const { id: organisationId } = await createOrganisation(db);
  await setOrganisationQuality(db, organisationId, true);
  const riverside = await createCareTeam(db, { organisationId, providerLastName: 'Rivera' });
  const hillcrest = await createCareTeam(db, { organisationId, providerLastName: 'Okafor', clinicName: 'Hillcrest' });
  const patient = async (lastName: string, team: CareTeam, gaps: CareGap[]) => {
    const { id } = await createPatient(db, { organisationId, lastName, primaryProviderId: team.provider.id });
    await storeCareGaps(db, { organisationId, patientId: id, gaps });
    return id;
  };
  const hospice = anEvidence({ role: 'exclusion', resourceType: 'Encounter', description: 'Hospice care' });
  const patients = {
    adams: await patient('Adams', riverside, [aCareGap(), aCareGap({ ...mammography, dueDate: '2026-06-30' })]),
    baker: await patient('Baker', riverside, [aCareGap()]),
    cole: await patient('Cole', riverside, [
      aCareGap({ ...bloodPressure }),
      aCareGap({ status: 'closed', dueDate: '2027-12-31', evidence: [colonoscopy] }),
    ]),
    diaz: await patient('Diaz', hillcrest, [
      aCareGap(),
      aCareGap({ ...mammography, status: 'not-applicable', notApplicableReason: 'excluded', evidence: [hospice] }),
    ]),
    evans: await patient('Evans', hillcrest, [
      aCareGap({
        measureId: 'CMS122',
        status: 'not-applicable',
        notApplicableReason: 'not-in-population',
        dueDate: undefined,
      }),
    ]),
  };
  const visit = (patientId: string, team: CareTeam, days: number) =>
    createAppointment(db, { organisationId, patientId, providerId: team.provider.id, at: dayFromToday(days) });
  await visit(patients.adams, riverside, 3);
  await visit(patients.baker, riverside, 20);
  await visit(patients.diaz, hillcrest, 1);
  // A visit that is over is no upcoming visit.
  await visit(patients.cole, riverside, -5);
  return { organisationId, riverside, hillcrest, patients };
}

/** The patients a user's `patient.read` entries name, each with what was read. */
export async function patientReadsOf(
  db: Db,
  user: SignedInUser,
): Promise<{ patientId: string | null; what: unknown }[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, user.user.id), eq(auditLog.action, 'patient.read')));
  return rows.map((row) => ({ patientId: row.patientId, what: row.details?.what }));
}
