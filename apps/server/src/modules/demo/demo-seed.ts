import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { appointments, clinics, departments, patients, providers, userProviders } from '../../db/clinical-schema';
import { featureFlags, organisations, users } from '../../db/schema';
import { fileStoreFor } from '../../integrations/files/file-store';
import { markPatientsChanged } from '../analysis';
import { seedFitOutreachDemo } from '../quality-fit';
import { seedDemoAccounts, DEMO_ORGANISATION, type DemoAccount } from './demo-accounts';
import { seedDemoActivity } from './demo-activity';
import { careProviders, generateOrganisation } from './generator/generate-organisation';
import { localIsoDate } from './generator/random';
import { SCENARIOS } from './generator/scenarios';
import { scheduleDay } from './generator/schedule';
import { seedPatients, type PanelLayout } from './generator/seed-patients';
import type { CareProvider } from './generator/types';
import { insertRows } from './generator/write-rows';

export const DEMO_SEED = 20_261_121;
export const DEMO_PATIENTS = 240;
export const DEMO_PROVIDERS = 8;
/** Visits on the demo provider's (Maya Rivera's) day, and on each other provider's. */
export const DEMO_VISITS_TODAY = { demoProvider: 48, otherProvider: 16 } as const;

const BLOCK = SCENARIOS.length;

/** Maya Rivera (provider 0) has every other block of patients; the others share the rest. */
function demoPanels(providerCount: number): PanelLayout {
  const others = providerCount - 1;
  return {
    providerOf: (index) => {
      const block = Math.floor(index / BLOCK);
      return block % 2 === 0 ? 0 : 1 + (Math.floor(block / 2) % others);
    },
    todayOf: (index) => {
      const block = Math.floor(index / BLOCK);
      const round = block % 2 === 0 ? block / 2 : Math.floor(Math.floor(block / 2) / others);
      const position = round * BLOCK + (index % BLOCK);
      const slots = block % 2 === 0 ? DEMO_VISITS_TODAY.demoProvider : DEMO_VISITS_TODAY.otherProvider;
      return position < slots ? { position, slots } : undefined;
    },
  };
}

/**
 * The embedded default's demo: the organisation and its accounts on first start, then its clinics,
 * providers and patients (with hospital stays and claims) with a full day's schedule today (the
 * `demo.provider` user works as Maya Rivera), and a year of the users' decisions, writes to the EHR and
 * product analytics. On later starts, a day without visits gets its schedule, so the demo is never empty.
 * Answers the accounts when it created them.
 */
export async function seedDemo(
  db: Db,
  config: Config,
  options: { today?: string } = {},
): Promise<DemoAccount[] | undefined> {
  const accounts = await seedDemoAccounts(db, config.dataDir);
  const [organisation] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, DEMO_ORGANISATION.slug));
  if (!organisation) return accounts;
  const today = options.today ?? localIsoDate();
  const existing = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.organisationId, organisation.id))
    .limit(1);
  if (existing.length === 0) await seedDemoData(db, { config, organisationId: organisation.id, today });
  else await scheduleDemoDay(db, organisation.id, today);
  return accounts;
}

async function seedDemoData(db: Db, options: { config: Config; organisationId: string; today: string }): Promise<void> {
  const { organisationId, today } = options;
  const rows = generateOrganisation({
    organisationId,
    seed: DEMO_SEED,
    providerCount: DEMO_PROVIDERS,
    prefix: DEMO_ORGANISATION.slug,
    newId: randomUUID,
  });
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await insertRows(tx, clinics, rows.clinics);
    await insertRows(tx, departments, rows.departments);
    await insertRows(tx, providers, rows.providers);
  });
  const team = careProviders(rows);
  await seedPatients(db, {
    organisationId,
    seed: DEMO_SEED,
    today,
    prefix: DEMO_ORGANISATION.slug,
    providers: team,
    layout: demoPanels(team.length),
    from: 0,
    count: DEMO_PATIENTS,
    batchSize: 120,
    fileStore: fileStoreFor(options.config),
  });
  await linkDemoUsers(db, organisationId, team);
  await seedDemoActivity(db, { organisationId, today, seed: DEMO_SEED });
  // Spec §6: the Quality Workspace needs the OrganizationQuality configuration too; the demo has it on.
  await db
    .insert(featureFlags)
    .values({
      organisationId,
      key: 'configuration_OrganizationQuality',
      defaultValue: true,
      description: 'On in the demo: users with quality_tool use the Quality Workspace.',
    })
    .onConflictDoNothing();
  await seedFitOutreachDemo(db, {
    organisationId,
    today,
    patientIds: await fitOutreachPatients(db, organisationId, today),
  });
}

/**
 * Patients whose CMS130 gap is open by construction, for FIT outreach's demo kits: the `poor-control`
 * scenario's (seen this year, no screening on record) aged 50 to 65 at the end of the year (in CMS130's
 * ages, clear of its frailty exclusions), in patient order.
 */
async function fitOutreachPatients(db: Db, organisationId: string, today: string): Promise<string[]> {
  const scenario = SCENARIOS.indexOf('poor-control');
  const indexes = Array.from({ length: DEMO_PATIENTS }, (_, index) => index).filter(
    (index) => index % BLOCK === scenario,
  );
  const rows = await db
    .select({ id: patients.id, sourceId: patients.sourceId, birthDate: patients.birthDate })
    .from(patients)
    .where(
      and(
        eq(patients.organisationId, organisationId),
        inArray(
          patients.sourceId,
          indexes.map((index) => `${DEMO_ORGANISATION.slug}-${String(index)}`),
        ),
      ),
    );
  const ageAtYearEnd = (birthDate: string) => Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  const indexOf = (sourceId: string) => Number(sourceId.slice(DEMO_ORGANISATION.slug.length + 1));
  return rows
    .filter((row) => ageAtYearEnd(row.birthDate) >= 50 && ageAtYearEnd(row.birthDate) <= 65)
    .sort((left, right) => indexOf(left.sourceId) - indexOf(right.sourceId))
    .map((row) => row.id);
}

/** `demo.provider` works as Maya Rivera (provider 0), `demo.provider.totp` as Lena Novak (provider 1). */
async function linkDemoUsers(db: Db, organisationId: string, team: readonly CareProvider[]): Promise<void> {
  const links = [
    { username: 'demo.provider', provider: team[0] },
    { username: 'demo.provider.totp', provider: team[1] },
  ];
  const found = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        inArray(
          users.username,
          links.map((link) => link.username),
        ),
      ),
    );
  const values = links.flatMap(({ username, provider }) => {
    const user = found.find((row) => row.username === username);
    return user && provider ? [{ userId: user.id, providerId: provider.id }] : [];
  });
  if (values.length > 0) await db.insert(userProviders).values(values).onConflictDoNothing();
}

/**
 * On a day the demo provider has no visit yet (the server started on another day), books the day's
 * visits for each provider's first patients. A restart on the same day finds them and adds nothing.
 */
async function scheduleDemoDay(db: Db, organisationId: string, today: string): Promise<void> {
  const team = await db
    .select()
    .from(providers)
    .where(eq(providers.organisationId, organisationId))
    .orderBy(asc(providers.sourceId));
  const demoProvider = team.find((provider) => provider.sourceId === `${DEMO_ORGANISATION.slug}-provider-0`);
  if (!demoProvider) return;
  const [booked] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.providerId, demoProvider.id), eq(appointments.serviceDate, today)));
  if ((booked?.count ?? 0) > 0) return;

  const panel = await db
    .select({ id: patients.id, providerId: patients.primaryProviderId })
    .from(patients)
    .where(eq(patients.organisationId, organisationId))
    .orderBy(asc(patients.mrn));
  const visits = team.flatMap((provider) => {
    const slots = provider.id === demoProvider.id ? DEMO_VISITS_TODAY.demoProvider : DEMO_VISITS_TODAY.otherProvider;
    const patientIds = panel
      .filter((row) => row.providerId === provider.id)
      .slice(0, slots)
      .map((row) => row.id);
    return scheduleDay({
      organisationId,
      seed: DEMO_SEED,
      date: today,
      provider: {
        id: provider.id,
        name: provider.lastName,
        departmentId: provider.departmentId ?? '',
        clinicId: '',
      },
      prefix: `${provider.sourceId}-day`,
      patientIds,
      newId: randomUUID,
    });
  });
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (visits.length > 0) await tx.insert(appointments).values(visits).onConflictDoNothing();
    await markPatientsChanged(
      tx,
      organisationId,
      visits.map((visit) => visit.patientId),
    );
  });
}
