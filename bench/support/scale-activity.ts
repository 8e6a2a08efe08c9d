// A year of work in Cairn for the `scale` organisation (scale-population.ts `activity`), as the demo seed makes one for
// its organisation (apps/server/src/modules/demo/demo-activity.ts): a coder and one user per provider decide the
// suggestions of the past twelve months' fulfilled visits and push them to the EHR (`generateActivity`), and the
// product analytics events of that work (`generateUsageEvents`).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/modules/population/population-scope';
import { generateActivity, type ActivityVisit } from '../../apps/server/src/modules/demo/generator/activity';
import { addDays, localIsoDate } from '../../apps/server/src/modules/demo/generator/random';
import { codesOf } from '../../apps/server/src/modules/demo/generator/suggested-codes';
import { generateUsageEvents } from '../../apps/server/src/modules/demo/generator/usage-events';
import { writeActivity } from '../../apps/server/src/modules/demo/demo-activity';

const SEED = 1;

/** `scale.coder`, and `scale.provider-<n>` working as each provider; created when missing. */
async function scaleUsers(db: Db, organisationId: string): Promise<{ coder: string; providers: Map<string, string> }> {
  await db.execute(sql`
    insert into users (organisation_id, username, email, view, permissions)
    values (${organisationId}, 'scale.coder', 'scale.coder@bench.cairn.test', 'Coder', '{hcc_dashboard}')
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (organisation_id, username, email, view)
    select ${organisationId}, 'scale.' || p.source_id, 'scale.' || p.source_id || '@bench.cairn.test', 'Provider'
    from providers p where p.organisation_id = ${organisationId}
    on conflict do nothing`);
  await db.execute(sql`
    insert into user_providers (user_id, provider_id)
    select u.id, p.id from providers p join users u on lower(u.username) = lower('scale.' || p.source_id)
    where p.organisation_id = ${organisationId}
    on conflict do nothing`);
  const coder = await rowsOf<{ id: string }>(db, sql`select id from users where username = 'scale.coder'`);
  const links = await rowsOf<{ user_id: string; provider_id: string }>(
    db,
    sql`
    select up.user_id, up.provider_id from user_providers up join users u on u.id = up.user_id
    where u.organisation_id = ${organisationId}`,
  );
  const coderId = coder[0]?.id;
  if (!coderId) throw new Error('scale.coder not created');
  return { coder: coderId, providers: new Map(links.map((link) => [link.provider_id, link.user_id])) };
}

/** The fulfilled visits of the last twelve months, each with the codes its patient's suggestions hold. */
async function pastVisits(db: Db, organisationId: string, today: string): Promise<ActivityVisit[]> {
  const visits = await rowsOf<{
    appointment_id: string;
    source_id: string;
    patient_id: string;
    provider_id: string | null;
    start_at: string;
    problem_codes: string[] | null;
    rxnorm_codes: string[] | null;
  }>(
    db,
    sql`
    select a.id as appointment_id, a.source_id, a.patient_id, a.provider_id, a.start_at,
      (select array_agg(c.icd_code) from conditions c where c.patient_id = a.patient_id
        and c.category = 'problem-list-item' and c.clinical_status = 'active' and c.icd_code is not null) as problem_codes,
      (select array_agg(m.rxnorm_code) from medications m where m.patient_id = a.patient_id
        and m.status = 'active' and m.rxnorm_code is not null) as rxnorm_codes
    from appointments a
    where a.organisation_id = ${organisationId} and a.status = 'fulfilled'
      and a.service_date >= ${addDays(today, -366)} and a.service_date < ${today}`,
  );
  return visits.map((visit) => ({
    appointmentId: visit.appointment_id,
    sourceId: visit.source_id,
    patientId: visit.patient_id,
    providerId: visit.provider_id,
    startAt: new Date(visit.start_at),
    ...codesOf({ problemCodes: visit.problem_codes ?? [], rxnormCodes: visit.rxnorm_codes ?? [] }),
  }));
}

/** Writes the year of work; answers the rows written by table. */
export async function seedScaleActivity(db: Db, organisationId: string): Promise<Record<string, number>> {
  const today = localIsoDate();
  const team = await scaleUsers(db, organisationId);
  const visits = await pastVisits(db, organisationId, today);
  const activity = generateActivity({ organisationId, seed: SEED, today, visits, users: team, newId: randomUUID });
  const events = generateUsageEvents({
    organisationId,
    seed: SEED,
    today,
    opens: activity.opens,
    users: { scheduleUsers: [...new Set([...team.providers.values(), team.coder])] },
  });
  const written = await writeActivity(db, organisationId, activity, events);
  return { providerUsers: team.providers.size, visits: visits.length, ...written };
}
