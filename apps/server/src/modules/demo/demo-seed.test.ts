import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { CareGap, Suggestion } from '@cairn/clinical';
import {
  analysisJobs,
  appointments,
  careGaps,
  documents,
  fitKits,
  fitTemplates,
  partnerNotes,
  patientAnalyses,
  patients,
  providers,
  userProviders,
} from '../../db/clinical-schema';
import { drainAnalysisQueue, drainQualityQueue } from '../analysis';
import { featureFlags, organisations, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { seedDemoAccounts } from './demo-accounts';
import { DEMO_PATIENTS, seedDemo } from './demo-seed';
import { addDays, localIsoDate } from './generator/random';

let test: TestApp;
let db: Db;
const dataDir = mkdtempSync(join(tmpdir(), 'cairn-demo-seed-'));
const today = localIsoDate();

beforeAll(async () => {
  test = await buildTestApp();
  db = test.app.database.db;
});
afterAll(async () => {
  await test.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function demoProviderVisitsOn(date: string): Promise<{ count: number; first: string; last: string }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      first: sql<string>`min(${appointments.startAt})::text`,
      last: sql<string>`max(${appointments.startAt})::text`,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .where(and(eq(providers.firstName, 'Maya'), eq(providers.lastName, 'Rivera'), eq(appointments.serviceDate, date)));
  return row ?? { count: 0, first: '', last: '' };
}

const countOf = async (table: typeof appointments | typeof patients | typeof analysisJobs): Promise<number> => {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
  return row?.count ?? 0;
};

/**
 * CMS's CQL over the demo's 240 patients takes minutes of CPU and gives the same gaps on either database:
 * the demo's quality scenario runs once, on PGlite (what `npm start` uses). The quality pass's own tests
 * run on PostgreSQL too.
 */
const isQualityRun = process.env.CAIRN_TEST_DB !== 'postgres';

describe('demo seed', () => {
  it('creates the demo organisation with its patients and a full day for Maya Rivera, linked to demo.provider', async () => {
    // The accounts first (password hashing is slow on purpose), so the timing below is the data's.
    const accounts = await seedDemoAccounts(db, dataDir);
    expect(accounts?.map((account) => account.username)).toContain('demo.provider');
    const started = performance.now();
    await seedDemo(db, { ...test.config, dataDir }, { today });
    console.info(`demo data seed on ${test.app.database.kind}: ${((performance.now() - started) / 1000).toFixed(1)} s`);

    expect(await countOf(patients)).toBe(DEMO_PATIENTS);
    expect(await countOf(analysisJobs)).toBe(DEMO_PATIENTS);
    const visits = await demoProviderVisitsOn(today);
    expect(visits.count).toBeGreaterThanOrEqual(40);

    const [link] = await db
      .select({ lastName: providers.lastName })
      .from(userProviders)
      .innerJoin(users, eq(users.id, userProviders.userId))
      .innerJoin(providers, eq(providers.id, userProviders.providerId))
      .where(eq(users.username, 'demo.provider'));
    expect(link?.lastName).toBe('Rivera');
    const [totpLink] = await db
      .select({ lastName: providers.lastName })
      .from(userProviders)
      .innerJoin(users, eq(users.id, userProviders.userId))
      .innerJoin(providers, eq(providers.id, userProviders.providerId))
      .where(eq(users.username, 'demo.provider.totp'));
    expect(totpLink?.lastName).toBe('Novak');
    // The seed writes three years of claims too: on a loaded machine it outlasts the default 30 s.
  }, 120_000);

  it("spreads Maya Rivera's day from 08:00 to 17:00 and books other providers too", async () => {
    const rows = await db
      .select({ startAt: appointments.startAt, lastName: providers.lastName })
      .from(appointments)
      .innerJoin(providers, eq(providers.id, appointments.providerId))
      .where(eq(appointments.serviceDate, today));
    const mayaHours = rows.filter((row) => row.lastName === 'Rivera').map((row) => row.startAt.getHours());
    expect(Math.min(...mayaHours)).toBe(8);
    expect(Math.max(...mayaHours)).toBe(16);
    expect(new Set(rows.map((row) => row.lastName)).size).toBeGreaterThan(1);
  });

  it('keeps HTML and PDF originals of some documents in the file store, with their text', async () => {
    const originals = await db
      .select({ contentType: documents.contentType, fileKey: documents.fileKey, text: documents.text })
      .from(documents)
      .where(sql`${documents.fileKey} is not null`);
    expect(new Set(originals.map((row) => row.contentType))).toEqual(new Set(['text/html', 'application/pdf']));
    expect(originals.every((row) => row.text.length > 0)).toBe(true);
    const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, 'demo'));
    expect(readdirSync(join(dataDir, 'files', organisation?.id ?? '')).length).toBeGreaterThan(0);
  });

  it("gives some of Maya Rivera's patients today a partner organisation's notes of every kind", async () => {
    const rows = await db
      .selectDistinct({ patientId: partnerNotes.patientId, kind: partnerNotes.kind, partner: partnerNotes.partner })
      .from(partnerNotes)
      .innerJoin(appointments, eq(appointments.patientId, partnerNotes.patientId))
      .innerJoin(providers, eq(providers.id, appointments.providerId))
      .where(and(eq(providers.lastName, 'Rivera'), eq(appointments.serviceDate, today)));
    expect(new Set(rows.map((row) => row.patientId)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((row) => row.kind))).toEqual(
      new Set(['annual-wellness-visit', 'care-management-referral', 'medication-review', 'other']),
    );
    expect(new Set(rows.map((row) => row.partner))).toEqual(new Set(['Summit Health Partners', 'Valley Care Network']));
  });

  it('shows every kind of suggestion once the analyses have run', async () => {
    await drainAnalysisQueue(test.app.database, { today: () => today, quality: false });
    const analyses = await db.select({ suggestions: patientAnalyses.suggestions }).from(patientAnalyses);
    expect(analyses).toHaveLength(DEMO_PATIENTS);
    const suggestions = analyses.flatMap((row) => row.suggestions as Suggestion[]);
    const kinds = new Set(suggestions.map((item) => (item.category === 'Recapture' ? 'Recapture' : item.suspectKind)));
    expect([...kinds].sort()).toEqual([
      'Recapture',
      'clinical-correlation-needed',
      'documented-elsewhere',
      'meets-diagnostic-criteria',
    ]);
  }, 300_000);

  it.runIf(isQualityRun)(
    'shows every care-gap status once the quality pass has run',
    async () => {
      await drainQualityQueue(test.app.database, { today: () => today });
      const analyses = await db.select({ careGaps: patientAnalyses.careGaps }).from(patientAnalyses);
      // CMS's CQL evaluated every patient: gaps open and closed in every measure the demo's records enter.
      const gaps = analyses.flatMap((row) => row.careGaps as CareGap[]);
      expect(new Set(gaps.map((gap) => gap.status))).toEqual(new Set(['closed', 'not-applicable', 'open']));
      const measuresWith = (status: string) =>
        new Set(gaps.filter((gap) => gap.status === status).map((gap) => gap.measureId));
      for (const measureId of ['CMS122', 'CMS165', 'CMS125', 'CMS130', 'CMS2', 'CMS69', 'CMS138', 'CMS131', 'CMS124']) {
        expect(measuresWith('open')).toContain(measureId);
        expect(measuresWith('closed')).toContain(measureId);
      }
    },
    600_000,
  );

  it.runIf(isQualityRun)('opens the Quality Workspace to its quality lead, with gaps open and closed', async () => {
    const [flag] = await db
      .select()
      .from(featureFlags)
      .where(eq(featureFlags.key, 'configuration_OrganizationQuality'));
    expect(flag?.defaultValue).toBe(true);
    const [lead] = await db.select().from(users).where(eq(users.username, 'demo.quality'));
    expect(lead).toMatchObject({ view: 'Coder', permissions: ['quality_tool', 'hcc_dashboard'] });
    const states = await db.selectDistinct({ status: careGaps.status }).from(careGaps);
    expect(states.map((row) => row.status).sort()).toEqual(['closed', 'open']);
  });

  it.runIf(isQualityRun)(
    'shows FIT outreach out of the box: templates, a batch and kits in every state, results closing their gaps',
    async () => {
      const templates = await db.select().from(fitTemplates);
      expect(templates.map((template) => template.language).sort()).toEqual(['en', 'es']);
      const kits = await db.select().from(fitKits);
      expect(new Set(kits.map((kit) => kit.batchId)).size).toBe(1);
      expect([...new Set(kits.map((kit) => kit.status))].sort()).toEqual([
        'declined',
        'lost',
        'mailed',
        'resulted',
        'returned',
      ]);
      const gapOf = async (patientId: string) => {
        const [gap] = await db
          .select({ status: careGaps.status })
          .from(careGaps)
          .where(and(eq(careGaps.patientId, patientId), eq(careGaps.measureId, 'CMS130')));
        return gap?.status;
      };
      for (const kit of kits) {
        expect(await gapOf(kit.patientId)).toBe(kit.status === 'resulted' ? 'closed' : 'open');
      }
      expect(
        kits
          .filter((kit) => kit.status === 'resulted')
          .map((kit) => kit.result)
          .sort(),
      ).toEqual(['negative', 'positive']);
    },
  );

  it('adds nothing when started again the same day', async () => {
    const before = await countOf(appointments);
    expect(await seedDemo(db, { ...test.config, dataDir }, { today })).toBeUndefined();
    expect(await countOf(appointments)).toBe(before);
    expect(await countOf(patients)).toBe(DEMO_PATIENTS);
  });

  it("books a later day's schedule when started on that day, once", async () => {
    const tomorrow = addDays(today, 1);
    const before = await demoProviderVisitsOn(tomorrow);
    await seedDemo(db, { ...test.config, dataDir }, { today: tomorrow });
    const after = await demoProviderVisitsOn(tomorrow);
    expect(after.count).toBeGreaterThanOrEqual(40);
    expect(after.count).toBeGreaterThan(before.count);
    const total = await countOf(appointments);
    await seedDemo(db, { ...test.config, dataDir }, { today: tomorrow });
    expect(await countOf(appointments)).toBe(total);
  });
});
