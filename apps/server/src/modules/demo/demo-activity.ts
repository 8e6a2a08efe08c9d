import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  analyticsEvents,
  appointments,
  conditions,
  dxDecisionHistory,
  dxDecisions,
  dxVisitStates,
  ehrConditionWrites,
  medications,
  userProviders,
} from '../../db/clinical-schema';
import { users } from '../../db/schema';
import { generateActivity, type ActivityVisit } from './generator/activity';
import { codesOf } from './generator/suggested-codes';
import { addDays } from './generator/random';
import { generateUsageEvents } from './generator/usage-events';
import { insertRows } from './generator/write-rows';
import { forgetUsageRollups } from '../risk-analytics';

/** Rows the demo's year of work wrote, by table. */
export interface ActivityCounts {
  decisions: number;
  decisionHistory: number;
  visitStates: number;
  conditionWrites: number;
  analyticsEvents: number;
}

/**
 * A year of the demo users' work in Cairn on the organisation's past visits (see `generateActivity`)
 * and the product analytics events it sent (see `generateUsageEvents`), so that /analytics has a year
 * to show. Run once, after the patients and the users' links to their providers.
 */
export async function seedDemoActivity(
  db: Db,
  options: { organisationId: string; today: string; seed: number },
): Promise<ActivityCounts> {
  const { organisationId, today, seed } = options;
  const team = await demoUsers(db, organisationId);
  const visits = await pastVisits(db, organisationId, today);
  const activity = generateActivity({
    organisationId,
    seed,
    today,
    visits,
    users: { coder: team.coder, providers: team.providers },
    newId: randomUUID,
  });
  const events = generateUsageEvents({
    organisationId,
    seed,
    today,
    opens: activity.opens,
    users: { scheduleUsers: [...new Set([...team.providers.values(), team.coder])], qualityUser: team.quality },
  });
  return writeActivity(db, organisationId, activity, events);
}

/**
 * Writes a generated year of work and its analytics events in one transaction, and forgets the organisation's usage
 * roll-ups: the events are stamped in the past, in days a roll-up may already have counted.
 */
export async function writeActivity(
  db: Db,
  organisationId: string,
  activity: ReturnType<typeof generateActivity>,
  events: ReturnType<typeof generateUsageEvents>,
): Promise<ActivityCounts> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await insertRows(tx, dxDecisions, activity.decisions);
    await insertRows(tx, dxDecisionHistory, activity.history);
    await insertRows(tx, dxVisitStates, activity.visitStates);
    await insertRows(tx, ehrConditionWrites, activity.writes);
    await insertRows(tx, analyticsEvents, events);
    await forgetUsageRollups(tx, organisationId);
  });
  return {
    decisions: activity.decisions.length,
    decisionHistory: activity.history.length,
    visitStates: activity.visitStates.length,
    conditionWrites: activity.writes.length,
    analyticsEvents: events.length,
  };
}

async function demoUsers(
  db: Db,
  organisationId: string,
): Promise<{ coder: string; quality?: string; providers: Map<string, string> }> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), inArray(users.username, ['demo.coder', 'demo.quality'])));
  const coder = rows.find((row) => row.username === 'demo.coder')?.id;
  if (!coder) throw new Error('the demo coder is missing');
  const links = await db
    .select({ userId: userProviders.userId, providerId: userProviders.providerId })
    .from(userProviders)
    .innerJoin(users, eq(users.id, userProviders.userId))
    .where(eq(users.organisationId, organisationId));
  return {
    coder,
    quality: rows.find((row) => row.username === 'demo.quality')?.id,
    providers: new Map(links.map((link) => [link.providerId, link.userId])),
  };
}

/** The fulfilled visits of the last twelve months, each with the codes its patient's suggestions hold. */
async function pastVisits(db: Db, organisationId: string, today: string): Promise<ActivityVisit[]> {
  const [visits, problems, drugs] = await Promise.all([
    db
      .select({
        appointmentId: appointments.id,
        sourceId: appointments.sourceId,
        patientId: appointments.patientId,
        providerId: appointments.providerId,
        startAt: appointments.startAt,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.organisationId, organisationId),
          eq(appointments.status, 'fulfilled'),
          gte(appointments.serviceDate, addDays(today, -366)),
          lt(appointments.serviceDate, today),
        ),
      ),
    db
      .select({ patientId: conditions.patientId, code: conditions.icdCode })
      .from(conditions)
      .where(
        and(
          eq(conditions.organisationId, organisationId),
          eq(conditions.category, 'problem-list-item'),
          eq(conditions.clinicalStatus, 'active'),
        ),
      ),
    db
      .select({ patientId: medications.patientId, code: medications.rxnormCode })
      .from(medications)
      .where(and(eq(medications.organisationId, organisationId), eq(medications.status, 'active'))),
  ]);
  const byPatient = (rows: readonly { patientId: string; code: string | null }[]) => {
    const map = new Map<string, string[]>();
    for (const row of rows) if (row.code) map.set(row.patientId, [...(map.get(row.patientId) ?? []), row.code]);
    return map;
  };
  const problemCodes = byPatient(problems);
  const rxnormCodes = byPatient(drugs);
  return visits.map((visit) => ({
    ...visit,
    ...codesOf({
      problemCodes: problemCodes.get(visit.patientId) ?? [],
      rxnormCodes: rxnormCodes.get(visit.patientId) ?? [],
    }),
  }));
}
