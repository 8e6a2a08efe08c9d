import { readFile } from 'node:fs/promises';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { careGaps } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { serverPath } from '../../lib/server-path';
import { openTestDatabase } from '../../testing/build-test-app';
import { aCareGap, anEvidence, storeCareGaps } from '../../testing/care-gap-factories';
import { createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { careGapRowsOf } from './analysis-care-gaps';

const population = anEvidence({ role: 'population', resourceType: 'Encounter', description: 'Office visit' });
const colonoscopy = anEvidence();
const hospice = anEvidence({ role: 'exclusion', resourceType: 'Encounter', description: 'Hospice care' });
const mammography = aCareGap({ measureId: 'CMS125', title: 'Breast Cancer Screening', measureVersion: 'CMS125v14' });

describe('the care gaps the Quality Workspace keeps', () => {
  it('keeps open, closed and excluded gaps, with what closed or excluded them', () => {
    const rows = careGapRowsOf('patient-1', '2026-06-01', [
      aCareGap({ status: 'closed', evidence: [population, colonoscopy] }),
      aCareGap({ measureId: 'CMS165' }),
      aCareGap({
        measureId: 'CMS122',
        status: 'not-applicable',
        notApplicableReason: 'not-in-population',
        dueDate: undefined,
      }),
      aCareGap({ ...mammography, status: 'not-applicable', notApplicableReason: 'excluded', evidence: [hospice] }),
      // The CQL engine's denominator exception, and its "not in the population".
      aCareGap({ measureId: 'CMS2', status: 'not-applicable', notApplicableReason: 'excepted', evidence: [hospice] }),
      aCareGap({ measureId: 'CMS69', status: 'not-applicable', notApplicableReason: 'not-in-population' }),
    ]);
    expect(rows.map((row) => [row.measure_id, row.status])).toEqual([
      ['CMS130', 'closed'],
      ['CMS165', 'open'],
      ['CMS125', 'excluded'],
      ['CMS2', 'excluded'],
    ]);
    const { role: _numerator, ...closing } = colonoscopy;
    const { role: _exclusion, ...exclusion } = hospice;
    expect(rows.map((row) => row.closing_evidence)).toEqual([[closing], [], [exclusion], [exclusion]]);
    expect(rows.map((row) => row.exclusion_kind)).toEqual([null, null, 'exclusion', 'exception']);
  });
});

describe('the analysis store keeping the care_gaps table', () => {
  let database: Database;
  let organisationId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    await runMigrations(database);
    organisationId = (await createOrganisation(database.db)).id;
  });
  afterAll(async () => {
    await database.close();
  });

  const rowsOf = (patientId: string) =>
    database.db.select().from(careGaps).where(eq(careGaps.patientId, patientId)).orderBy(asc(careGaps.measureId));

  it('marks when a gap closes, keeps that time while it stays closed and forgets it when the gap reopens', async () => {
    const { id: patientId } = await createPatient(database.db, { organisationId });
    const store = (dataVersion: number, gaps: ReturnType<typeof aCareGap>[]) =>
      storeCareGaps(database.db, { organisationId, patientId, dataVersion, gaps });
    await store(1, [aCareGap(), { ...mammography, status: 'closed', evidence: [colonoscopy] }]);
    const [firstClosed, firstOpen] = await rowsOf(patientId);
    expect(firstOpen).toMatchObject({ measureId: 'CMS130', status: 'open', closedAt: null, dueDate: '2026-12-31' });
    expect(firstClosed?.closedAt).toBeInstanceOf(Date);

    await store(2, [aCareGap({ status: 'closed', evidence: [colonoscopy] }), { ...mammography, status: 'closed' }]);
    const [stillClosed, closedNow] = await rowsOf(patientId);
    expect(closedNow?.status).toBe('closed');
    expect(closedNow?.closedAt?.getTime()).toBeGreaterThanOrEqual(firstClosed?.closedAt?.getTime() ?? Infinity);
    expect(closedNow?.firstSeenAt).toEqual(firstOpen?.firstSeenAt);
    expect(closedNow?.closingEvidence).toEqual([expect.objectContaining({ description: 'Colonoscopy (CPT 45378)' })]);
    expect(stillClosed?.closedAt).toEqual(firstClosed?.closedAt);

    // A new period reopens the gap; the other measure no longer applies (age) and leaves the table.
    await store(3, [
      aCareGap(),
      { ...mammography, status: 'not-applicable', notApplicableReason: 'not-in-population' },
    ]);
    expect(await rowsOf(patientId)).toEqual([expect.objectContaining({ status: 'open', closedAt: null })]);
  });

  it('marks when a patient is excluded from a measure', async () => {
    const { id: patientId } = await createPatient(database.db, { organisationId });
    await storeCareGaps(database.db, {
      organisationId,
      patientId,
      gaps: [aCareGap({ status: 'not-applicable', notApplicableReason: 'excluded', evidence: [hospice] })],
    });
    const [row] = await rowsOf(patientId);
    expect(row).toMatchObject({
      status: 'excluded',
      closedAt: null,
      closingEvidence: [{ description: 'Hospice care' }],
    });
    expect(row?.excludedAt).toBeInstanceOf(Date);
  });

  it('leaves the table alone for an analysis of older data or of the same content', async () => {
    const { id: patientId } = await createPatient(database.db, { organisationId });
    const store = (dataVersion: number, gaps: ReturnType<typeof aCareGap>[]) =>
      storeCareGaps(database.db, { organisationId, patientId, dataVersion, gaps });
    await store(5, [aCareGap()]);
    const [stored] = await rowsOf(patientId);
    await store(4, [aCareGap({ status: 'closed' })]);
    await store(6, [aCareGap()]);
    expect(await rowsOf(patientId)).toEqual([stored]);
    // The analysis changed (its risk score) but not its gaps: the row is not written again.
    await storeCareGaps(database.db, {
      organisationId,
      patientId,
      dataVersion: 7,
      gaps: [aCareGap()],
      currentRaf: 1.2,
    });
    expect(await rowsOf(patientId)).toEqual([stored]);
  });

  it('is filled from the stored analyses by its migrations, as the store fills it', async () => {
    const { id: patientId } = await createPatient(database.db, { organisationId });
    await storeCareGaps(database.db, {
      organisationId,
      patientId,
      gaps: [
        aCareGap({ status: 'closed', evidence: [population, colonoscopy] }),
        aCareGap({ measureId: 'CMS2', dueDate: '2026-12-31' }),
        aCareGap({
          measureId: 'CMS122',
          status: 'not-applicable',
          notApplicableReason: 'not-in-population',
          dueDate: undefined,
        }),
        {
          ...mammography,
          status: 'not-applicable',
          notApplicableReason: 'excluded',
          dueDate: undefined,
          evidence: [hospice],
        },
        aCareGap({
          measureId: 'CMS69',
          status: 'not-applicable',
          notApplicableReason: 'excepted',
          evidence: [hospice],
        }),
      ],
    });
    const comparable = async () =>
      (await rowsOf(patientId)).map(({ firstSeenAt: _first, closedAt, excludedAt, updatedAt: _updated, ...row }) => ({
        ...row,
        isClosed: closedAt !== null,
        isExcluded: excludedAt !== null,
      }));
    const stored = await comparable();
    expect(stored).toHaveLength(4);
    await database.db.delete(careGaps).where(eq(careGaps.patientId, patientId));
    const migration = await readFile(serverPath('migrations/0020_care_gaps.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO')) ?? '';
    await database.db.execute(sql.raw(backfill));
    // 0022 tells exclusions from exceptions.
    const kinds = await readFile(serverPath('migrations/0022_care_gap_exclusion_kind.sql'), 'utf8');
    await database.db.execute(
      sql.raw(kinds.split('--> statement-breakpoint').find((part) => part.includes('UPDATE')) ?? ''),
    );
    expect(await comparable()).toEqual(stored);
    expect(stored.map((row) => [row.measureId, row.exclusionKind])).toEqual([
      ['CMS125', 'exclusion'],
      ['CMS130', null],
      ['CMS2', null],
      ['CMS69', 'exception'],
    ]);
  });
});
