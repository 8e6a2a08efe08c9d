import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { careGaps, fitBatches, fitKits, fitTemplates, type FitKitState, type patients } from '../db/clinical-schema';
import { featureFlags } from '../db/schema';
import { tokenFor, type SignedInUser } from './api';
import { createCareTeam, createPatient, type CareTeam } from './clinical-factories';
import { createOrganisation, type UserFactoryOptions } from './factories';

/** FIT outreach rows for server tests: a template, a batch mailed with it, a kit per patient. */

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('row not created');
  return row;
}

export const A_LETTER_BODY =
  'Dear {{patient.firstName}} {{patient.lastName}},\n\nYour FIT kit is enclosed. Please send it back by {{returnBy}}.\n\n{{provider.name}}, {{clinic.name}}';

export async function createFitTemplateRow(
  db: Db,
  options: { organisationId: string } & Partial<typeof fitTemplates.$inferInsert>,
): Promise<typeof fitTemplates.$inferSelect> {
  return first(
    await db
      .insert(fitTemplates)
      .values({ name: 'FIT invitation', language: 'en', body: A_LETTER_BODY, returnByDays: 21, ...options })
      .returning(),
  );
}

/** A batch mailed on `mailedOn` (2026-05-04 unless told), with a kit for each patient in `status`. */
export async function createFitBatchRow(
  db: Db,
  options: { organisationId: string; patientIds: readonly string[]; mailedOn?: string; status?: FitKitState },
): Promise<{ batch: typeof fitBatches.$inferSelect; kits: (typeof fitKits.$inferSelect)[] }> {
  const { organisationId } = options;
  const mailedOn = options.mailedOn ?? '2026-05-04';
  const batch = first(
    await db
      .insert(fitBatches)
      .values({
        organisationId,
        templateName: 'FIT invitation',
        language: 'en',
        body: A_LETTER_BODY,
        returnByDays: 21,
        mailedOn,
        returnBy: mailedOn,
      })
      .returning(),
  );
  const kits = await db
    .insert(fitKits)
    .values(
      options.patientIds.map((patientId) => ({
        organisationId,
        batchId: batch.id,
        patientId,
        status: options.status ?? 'mailed',
        mailedOn,
      })),
    )
    .returning();
  return { batch, kits };
}

/** A care_gaps row as the analysis store writes one (open CMS130, due at the end of 2026, unless told). */
export async function createCareGapRow(
  db: Db,
  options: { organisationId: string; patientId: string } & Partial<typeof careGaps.$inferInsert>,
): Promise<void> {
  await db.insert(careGaps).values({
    measureId: 'CMS130',
    measureVersion: 'CMS130v13',
    title: 'Colorectal Cancer Screening',
    status: 'open',
    dueDate: '2026-12-31',
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
    reason: 'No colorectal cancer screening on record',
    asOf: '2026-06-01',
    ...options,
  });
}

/** A quality lead: quality_tool, the whole organisation in view (a coder's scope). */
export function fitQualityLead(
  app: FastifyInstance,
  organisationId: string,
  options: Partial<UserFactoryOptions> = {},
) {
  return tokenFor(app, { organisationId, view: 'Coder', permissions: ['quality_tool'], ...options });
}

/** Turns the OrganizationQuality configuration on for the whole organisation. */
export async function turnOrganisationQualityOn(db: Db, organisationId: string): Promise<void> {
  await db.insert(featureFlags).values({
    organisationId,
    key: 'configuration_OrganizationQuality',
    defaultValue: true,
    rules: [],
    description: '',
  });
}

export interface FitPractice {
  organisationId: string;
  riverside: CareTeam;
  hillcrest: CareTeam;
  lead: SignedInUser;
  /** By last name. */
  patients: Record<'adams' | 'baker' | 'cole' | 'diaz' | 'evans', typeof patients.$inferSelect>;
}

/**
 * An organisation with the Quality Workspace on, a quality lead and two clinics, each with a provider:
 * - Adams (Riverside, born 1960-03-01), Baker (Riverside, born 1985-06-15): CMS130 open, mailing address.
 * - Cole (Riverside): CMS130 closed by a colonoscopy.
 * - Diaz (Hillcrest, born 1955-09-09): CMS130 open, no mailing address.
 * - Evans (Hillcrest): no CMS130 gap (CMS165 open).
 */
export async function createFitPractice(app: FastifyInstance): Promise<FitPractice> {
  const db = app.database.db;
  const { id: organisationId } = await createOrganisation(db, 'Riverside Health');
  await turnOrganisationQualityOn(db, organisationId);
  const riverside = await createCareTeam(db, {
    organisationId,
    providerLastName: 'Rivera',
    clinicName: 'Riverside Clinic',
  });
  const hillcrest = await createCareTeam(db, {
    organisationId,
    providerLastName: 'Okafor',
    clinicName: 'Hillcrest Clinic',
  });
  const patient = (values: {
    lastName: string;
    firstName: string;
    birthDate: string;
    team: CareTeam;
    address: string | null;
  }) =>
    createPatient(db, {
      organisationId,
      lastName: values.lastName,
      firstName: values.firstName,
      birthDate: values.birthDate,
      address: values.address,
      primaryProviderId: values.team.provider.id,
    });
  const people = {
    adams: await patient({
      lastName: 'Adams',
      firstName: 'Ann',
      birthDate: '1960-03-01',
      team: riverside,
      address: '12 Elm Street, Springfield, IL 62701',
    }),
    baker: await patient({
      lastName: 'Baker',
      firstName: 'Ben',
      birthDate: '1985-06-15',
      team: riverside,
      address: '4 Oak Avenue, Springfield, IL 62702',
    }),
    cole: await patient({
      lastName: 'Cole',
      firstName: 'Cleo',
      birthDate: '1958-01-20',
      team: riverside,
      address: '9 Pine Road, Springfield, IL 62703',
    }),
    diaz: await patient({
      lastName: 'Diaz',
      firstName: 'Dora',
      birthDate: '1955-09-09',
      team: hillcrest,
      address: null,
    }),
    evans: await patient({
      lastName: 'Evans',
      firstName: 'Eli',
      birthDate: '1970-11-30',
      team: hillcrest,
      address: '3 Ash Lane, Hill, IL 62704',
    }),
  };
  const gap = (patientId: string, team: CareTeam, values: Partial<typeof careGaps.$inferInsert> = {}) =>
    createCareGapRow(db, { organisationId, patientId, primaryProviderId: team.provider.id, ...values });
  await gap(people.adams.id, riverside);
  await gap(people.baker.id, riverside);
  await gap(people.cole.id, riverside, { status: 'closed', dueDate: '2035-12-31', closedAt: new Date() });
  await gap(people.diaz.id, hillcrest);
  await gap(people.evans.id, hillcrest, {
    measureId: 'CMS165',
    measureVersion: 'CMS165v13',
    title: 'Controlling High Blood Pressure',
  });
  const lead = await fitQualityLead(app, organisationId);
  return { organisationId, riverside, hillcrest, lead, patients: people };
}

/** The fields a 4xx answer's issues name, in order. */
export function issueFieldsOf(answer: { json: <T>() => T }): string[] {
  const body = answer.json<{ error: { details?: { issues?: { field: string }[] } } }>();
  return body.error.details?.issues?.map((issue) => issue.field) ?? [];
}
