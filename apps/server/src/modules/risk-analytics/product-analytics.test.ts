import { getProductAnalytics } from '@cairn/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyticsEvents } from '../../db/clinical-schema';
import { call, callForResult, callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { riskClock } from './risk-clock';
import { rowsOf } from './risk-rebuild-work';

let test: TestApp;
let organisationId: string;
let token: string;

interface Sent {
  userId: string;
  name: 'SummaryClick' | 'SettingsClick' | 'SettingsResultShown' | 'SlownessOptimization';
  properties: Record<string, unknown>;
  at: string;
}

beforeAll(async () => {
  vi.spyOn(riskClock, 'today').mockReturnValue('2026-11-28');
  test = await buildTestApp();
  const db = test.app.database.db;
  organisationId = (await createOrganisation(db)).id;
  const director = await tokenFor(test.app, { organisationId, view: 'Coder', permissions: ['hcc_dashboard'] });
  token = director.token;
  const other = await tokenFor(test.app, { organisationId, view: 'Provider' });
  const elsewhere = (await createOrganisation(db, 'Elsewhere Health')).id;
  const stranger = await tokenFor(test.app, { organisationId: elsewhere });
  const timing = (userId: string, page: string, ms: number, at: string, mark?: string): Sent => ({
    userId,
    name: 'SlownessOptimization',
    properties: { page, ms, ...(mark ? { mark } : {}) },
    at,
  });
  const sent: Sent[] = [
    {
      userId: director.user.id,
      name: 'SummaryClick',
      properties: { actionId: 'a', SourcePage: 'schedule' },
      at: '2026-11-23T09:00:00Z',
    },
    {
      userId: other.user.id,
      name: 'SummaryClick',
      properties: { actionId: 'b', SourcePage: 'schedule' },
      at: '2026-11-24T09:00:00Z',
    },
    { userId: other.user.id, name: 'SettingsClick', properties: {}, at: '2026-11-24T10:00:00Z' },
    ...[100, 200, 300, 400, 1000].map((ms, index) =>
      timing(director.user.id, 'schedule', ms, `2026-11-2${String(index + 3)}T11:00:00Z`),
    ),
    timing(other.user.id, 'portrait', 640, '2026-11-25T12:00:00Z', 'dx-summary'),
    // Before the range, and another organisation's: neither counts.
    timing(director.user.id, 'schedule', 99_999, '2026-10-01T12:00:00Z'),
  ];
  await db.insert(analyticsEvents).values(
    sent.map((event) => ({
      organisationId,
      userId: event.userId,
      name: event.name,
      properties: event.properties,
      createdAt: new Date(event.at),
    })),
  );
  await db.insert(analyticsEvents).values({
    organisationId: elsewhere,
    userId: stranger.user.id,
    name: 'SlownessOptimization',
    properties: { page: 'schedule', ms: 99_999 },
    createdAt: new Date('2026-11-24T12:00:00Z'),
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await test.app.close();
});

describe('getProductAnalytics', () => {
  it('counts the last 30 days of events by day, name and page, with active users', async () => {
    const result = await callForResult(test.app, getProductAnalytics, { token, body: {} });
    expect(result).toMatchObject({ from: '2026-10-30', to: '2026-11-28', granularity: 'day' });
    expect(result.totals).toEqual({ events: 9, activeUsers: 2 });
    expect(result.events.filter((row) => row.period === '2026-11-24')).toEqual([
      { period: '2026-11-24', name: 'SettingsClick', count: 1 },
      { period: '2026-11-24', name: 'SlownessOptimization', count: 1 },
      { period: '2026-11-24', name: 'SummaryClick', count: 1 },
    ]);
    expect(result.activeUsers.find((row) => row.period === '2026-11-24')).toEqual({ period: '2026-11-24', users: 2 });
    expect(result.pages).toEqual([
      { page: 'schedule', events: 7, users: 2 },
      { page: '(none)', events: 1, users: 1 },
      { page: 'portrait', events: 1, users: 1 },
    ]);
  });

  it("gives each page's timing p50 and p95 as PostgreSQL's percentile_cont over the same events (to 0.1 ms)", async () => {
    const [expected] = rowsOf<{ p50: number; p95: number }>(
      await test.app.database.db.execute(sql`select
          round(percentile_cont(0.5) within group (order by (properties->>'ms')::float8)::numeric, 1)::float8 as p50,
          round(percentile_cont(0.95) within group (order by (properties->>'ms')::float8)::numeric, 1)::float8 as p95
        from analytics_events where organisation_id = ${organisationId} and name = 'SlownessOptimization'
          and properties->>'page' = 'schedule' and created_at >= '2026-10-30'`),
    );
    const result = await callForResult(test.app, getProductAnalytics, { token, body: {} });
    expect(result.timings).toEqual([
      { page: 'portrait', mark: 'dx-summary', count: 1, p50: 640, p95: 640 },
      { page: 'schedule', mark: 'load', count: 5, p50: expected?.p50, p95: expected?.p95 },
    ]);
    expect(result.timingsByPeriod.filter((row) => row.page === 'schedule')).toHaveLength(5);
  });

  it('groups by ISO week, starting on Monday', async () => {
    const result = await callForResult(test.app, getProductAnalytics, {
      token,
      body: { from: '2026-11-01', to: '2026-11-28', granularity: 'week' },
    });
    expect(result.activeUsers).toEqual([{ period: '2026-11-23', users: 2 }]);
  });

  it('refuses a range that ends before it starts or spans more than 366 days, naming to', async () => {
    for (const body of [
      { from: '2026-11-10', to: '2026-11-01' },
      { from: '2024-01-01', to: '2026-01-01' },
    ]) {
      const response = await callWithAnyBody(test.app, getProductAnalytics, { token, body });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.issues[0].field).toBe('to');
    }
  });

  it("counts ended days from their roll-ups, once, and today's events as they arrive", async () => {
    // Real days: a day is rolled up once it has ended by the database's clock.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const db = test.app.database.db;
    // An organisation of its own: the other tests' reads rolled up their organisation's ended days.
    const organisationId = (await createOrganisation(db, 'Rolled Up Health')).id;
    const { user, token } = await tokenFor(test.app, { organisationId, view: 'Coder', permissions: ['hcc_dashboard'] });
    const userId = user.id;
    const event = (at?: Date) => ({
      organisationId,
      userId,
      name: 'SlownessOptimization',
      properties: { page: 'cart', ms: 50 },
      ...(at ? { createdAt: at } : {}),
    });
    await db.insert(analyticsEvents).values([event(new Date(`${yesterday}T12:00:00Z`)), event()]);
    const body = { from: yesterday, to: today };
    const first = await callForResult(test.app, getProductAnalytics, { token, body });
    const cart = (result: typeof first) => result.pages.find((row) => row.page === 'cart');
    expect(cart(first)).toEqual({ page: 'cart', events: 2, users: 1 });
    const rolled = rowsOf<{ day: string }>(
      await db.execute(sql`select day::text as day from analytics_usage_rollups
        where organisation_id = ${organisationId} and day >= ${yesterday}::date order by day`),
    );
    expect(rolled.map((row) => row.day)).toEqual([yesterday]);
    await db.insert(analyticsEvents).values(event());
    const second = await callForResult(test.app, getProductAnalytics, { token, body });
    expect(cart(second)).toEqual({ page: 'cart', events: 3, users: 1 });
    expect(second.timings.find((row) => row.page === 'cart')).toEqual({
      page: 'cart',
      mark: 'load',
      count: 3,
      p50: 50,
      p95: 50,
    });
    const [raw] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from analytics_events where organisation_id = ${organisationId}
        and created_at >= ${yesterday}::date at time zone 'UTC'`),
    );
    expect(second.totals.events).toBe(raw?.n);
  });

  it('refuses a user without hcc_dashboard', async () => {
    const user = await tokenFor(test.app, { organisationId, view: 'Coder', permissions: [] });
    expect((await call(test.app, getProductAnalytics, { token: user.token, body: {} })).statusCode).toBe(403);
  });
});
