import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { patients } from '../db/clinical-schema';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema';
import { openTestDatabase } from '../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient, linkUserToProvider } from '../testing/clinical-factories';
import { createOrganisation, createUser } from '../testing/factories';
import type { AuthContext } from './caller';
import { loadCareScope, patientInCallerScope, patientInScope } from './care-scope';

let database: Database;
const db = () => database.db;
const callers: { label: string; auth: AuthContext }[] = [];
const patientIds: { label: string; id: string }[] = [];

const authOf = (organisationId: string, userId: string, isAdmin = false): AuthContext => ({
  sessionId: crypto.randomUUID(),
  organisationId,
  userId,
  isAdmin,
  permissions: new Set(),
  isSaml: false,
});

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  const organisationId = (await createOrganisation(db())).id;
  const otherOrganisationId = (await createOrganisation(db())).id;
  const mine = (await createCareTeam(db(), { organisationId })).provider.id;
  const colleague = (await createCareTeam(db(), { organisationId, providerLastName: 'Okafor' })).provider.id;
  const elsewhere = (await createCareTeam(db(), { organisationId: otherOrganisationId })).provider.id;

  const user = async (label: string, options: Parameters<typeof createUser>[1], links: string[], isAdmin = false) => {
    const created = await createUser(db(), options);
    for (const providerId of links) await linkUserToProvider(db(), created.id, providerId);
    callers.push({ label, auth: authOf(options.organisationId, created.id, isAdmin) });
  };
  await user('linked provider', { organisationId, view: 'Provider' }, [mine]);
  await user('provider linked to both', { organisationId, view: 'Provider' }, [mine, colleague]);
  await user('unlinked provider', { organisationId, view: 'Provider' }, []);
  await user('multiple-providers user', { organisationId, view: 'Provider', isMultipleProviders: true }, [mine]);
  await user('coder', { organisationId, view: 'Coder' }, [mine]);
  await user('admin', { organisationId, view: 'Provider' }, [mine], true);
  await user('other organisation', { organisationId: otherOrganisationId, view: 'Provider' }, [elsewhere]);

  const patient = async (label: string, organisation: string, primaryProviderId: string | null) => {
    const created = await createPatient(db(), { organisationId: organisation, primaryProviderId });
    patientIds.push({ label, id: created.id });
    return created.id;
  };
  await patient('primary care of mine', organisationId, mine);
  const booked = await patient("colleague's, booked with mine", organisationId, colleague);
  await createAppointment(db(), { organisationId, patientId: booked, providerId: mine, at: '2026-06-15T09:00' });
  await patient("colleague's", organisationId, colleague);
  await patient('no primary provider', organisationId, null);
  await patient('of the other organisation', otherOrganisationId, elsewhere);
});

afterAll(async () => {
  await database.close();
});

/** The patients a caller sees by `loadCareScope` then `patientInScope` (what `readPatientInScope` asks). */
async function seenInApp(auth: AuthContext): Promise<string[]> {
  const scope = await loadCareScope(db(), auth);
  const rows = await db().select({ id: patients.id }).from(patients).where(patientInScope(scope));
  return labelsOf(rows.map((row) => row.id));
}

/** The patients a caller sees by `patientInCallerScope`, decided in the database from their user row. */
async function seenInDatabase(auth: AuthContext): Promise<string[]> {
  const caller = alias(users, 'caller');
  const rows = await db()
    .select({ id: patients.id })
    .from(caller)
    .innerJoin(patients, patientInCallerScope(patients, caller, sql`${auth.isAdmin}::boolean`))
    .where(and(eq(caller.id, auth.userId), eq(caller.organisationId, auth.organisationId)));
  return labelsOf(rows.map((row) => row.id));
}

const labelsOf = (ids: string[]) =>
  patientIds
    .filter((patient) => ids.includes(patient.id))
    .map((patient) => patient.label)
    .sort();

describe('the care scope decided in the database', () => {
  it('sees exactly the patients the scope read by the app sees, for every kind of caller', async () => {
    for (const { label, auth } of callers) {
      expect({ label, patients: await seenInDatabase(auth) }).toEqual({ label, patients: await seenInApp(auth) });
    }
  });

  it('keeps a linked provider to their own and their booked patients, and each organisation to its own', async () => {
    const seen = async (label: string) => seenInDatabase(callers.find((caller) => caller.label === label)!.auth);
    expect(await seen('linked provider')).toEqual(["colleague's, booked with mine", 'primary care of mine']);
    expect(await seen('coder')).toEqual([
      "colleague's",
      "colleague's, booked with mine",
      'no primary provider',
      'primary care of mine',
    ]);
    expect(await seen('other organisation')).toEqual(['of the other organisation']);
  });
});
