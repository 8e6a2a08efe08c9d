import { addSummaryInsightActions } from '@cairn/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { populationRefresh } from '../../db/population-schema';
import { callForResult, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { rebuildPopulation } from '../population';
import { buildScenario, type Scenario } from './risk-analytics-scenario';
import { riskClock } from './risk-clock';
import { rowsOf } from './risk-rebuild-work';

let test: TestApp;
let scenario: Scenario;

beforeAll(async () => {
  vi.spyOn(riskClock, 'today').mockReturnValue('2026-11-28');
  test = await buildTestApp();
  scenario = await buildScenario(test.app.database.db, (await createOrganisation(test.app.database.db)).id);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await test.app.close();
});

const dirtySince = async () => {
  const [row] = await test.app.database.db
    .select({ dirtySince: populationRefresh.dirtySince })
    .from(populationRefresh)
    .where(eq(populationRefresh.organisationId, scenario.organisationId));
  return row?.dirtySince ?? null;
};

describe('the analytics follow the decisions', () => {
  it('marks the organisation for a rebuild when a decision is written, and the rebuild counts it', async () => {
    const db = test.app.database.db;
    await rebuildPopulation(db, { organisationId: scenario.organisationId, today: '2026-11-28' });
    expect(await dirtySince()).toBeNull();
    const { token } = await tokenFor(test.app, { organisationId: scenario.organisationId, view: 'Coder' });
    await callForResult(test.app, addSummaryInsightActions, {
      token,
      body: { sid: scenario.visitIds.deeVisit, actions: [{ icdCode: 'E1122', action: 'add', expectedVersion: 0 }] },
    });
    expect(await dirtySince()).not.toBeNull();
    await rebuildPopulation(db, { organisationId: scenario.organisationId, today: '2026-11-28' });
    const [added] = rowsOf<{ count: number }>(
      await db.execute(
        sql`select count(*)::int as "count" from risk_decisions where organisation_id = ${scenario.organisationId} and is_added`,
      ),
    );
    expect(added?.count).toBe(2);
  });
});
