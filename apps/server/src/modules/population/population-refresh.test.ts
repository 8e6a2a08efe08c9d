import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { analysisJobs, patients } from '../../db/clinical-schema';
import { populationRefresh } from '../../db/population-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { markPopulationChanged, refreshChangedPopulations } from './population-refresh';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
});
afterAll(async () => {
  await database.close();
});

async function stateOf(organisationId: string) {
  const [row] = await database.db
    .select()
    .from(populationRefresh)
    .where(eq(populationRefresh.organisationId, organisationId));
  return row;
}

/** As if the change had happened a minute ago: changes settle a few seconds before a rebuild. */
async function settle(organisationId: string) {
  await database.db
    .update(populationRefresh)
    .set({ dirtySince: sql`now() - interval '1 minute'` })
    .where(eq(populationRefresh.organisationId, organisationId));
}

describe('refreshing the population tables when data changed', () => {
  it('rebuilds a changed organisation once its analysis queue is empty, and then not again', async () => {
    const { id: organisationId } = await createOrganisation(database.db);
    const [patient] = await database.db
      .insert(patients)
      .values({
        organisationId,
        firstName: 'Ada',
        lastName: 'Test',
        birthDate: '1950-01-01',
        source: 'EHR',
        sourceId: 'p1',
      })
      .returning();
    await markPopulationChanged(database.db, organisationId);
    expect((await stateOf(organisationId))?.dirtySince).toBeInstanceOf(Date);
    // Other tests' organisations may be rebuilt too when the database is shared: only this one's is asserted.
    const rebuilds = async () => (await refreshChangedPopulations(database.db, '2026-11-27')).includes(organisationId);
    // Not settled yet: a burst of imports rebuilds once.
    expect(await rebuilds()).toBe(false);
    await settle(organisationId);
    const [job] = await database.db.insert(analysisJobs).values({ organisationId, patientId: patient!.id }).returning();
    expect(await rebuilds()).toBe(false);
    await database.db.update(analysisJobs).set({ status: 'done' }).where(eq(analysisJobs.id, job!.id));
    expect(await rebuilds()).toBe(true);
    expect(await stateOf(organisationId)).toMatchObject({ dirtySince: null, asOf: '2026-11-27', lastError: null });
    expect((await stateOf(organisationId))?.refreshedAt).toBeInstanceOf(Date);
    expect(await rebuilds()).toBe(false);
  });
});
