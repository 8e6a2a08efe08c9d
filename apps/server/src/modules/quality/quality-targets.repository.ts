import { QUALITY_TARGET_MAX, QUALITY_TARGET_MIN } from '@cairn/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';

/**
 * The organisation's target rate per measure, kept under one key of the organisation settings store
 * (`organisations.settings`, as the risk models are): `{ "CMS165": 75, ... }` in percent.
 */
export const QUALITY_TARGETS_KEY = 'qualityTargets';

const storedPercent = z.number().min(QUALITY_TARGET_MIN).max(QUALITY_TARGET_MAX);

/** The targets the organisation set (valid entries only: a hand-edited row never breaks the page). */
export async function readTargets(db: Db, organisationId: string): Promise<Map<string, number>> {
  const [row] = await db
    .select({ targets: sql<unknown>`${organisations.settings} -> ${QUALITY_TARGETS_KEY}::text` })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const targets = row?.targets;
  if (typeof targets !== 'object' || targets === null) return new Map();
  return new Map(
    Object.entries(targets).flatMap(([measureId, percent]) => {
      const parsed = storedPercent.safeParse(percent);
      return parsed.success ? [[measureId, parsed.data] as const] : [];
    }),
  );
}

/**
 * Sets one measure's target (or with `null` removes it), in one statement that leaves the other
 * measures' targets and the other settings as they are, whoever else writes at the same time.
 */
export async function writeTarget(
  db: Db,
  target: { organisationId: string; measureId: string; percent: number | null },
): Promise<void> {
  const current = sql`coalesce(${organisations.settings} -> ${QUALITY_TARGETS_KEY}::text, '{}'::jsonb)`;
  const targets =
    target.percent === null
      ? sql`${current} - ${target.measureId}::text`
      : sql`${current} || jsonb_build_object(${target.measureId}::text, ${target.percent}::numeric)`;
  await db
    .update(organisations)
    .set({ settings: sql`${organisations.settings} || jsonb_build_object(${QUALITY_TARGETS_KEY}::text, ${targets})` })
    .where(eq(organisations.id, target.organisationId));
}
