import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { appointments, patients, userProviders } from '../db/clinical-schema';
import { users } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { AuthContext } from './caller';
import { writeAudit } from './audit';

/**
 * Which patients a caller may see (DESIGN.md "Security baseline", issue 5 item 10): always only their
 * organisation's; a user with the Provider view who is neither an admin nor in the MultipleProviders
 * group, and who is linked to providers, sees only the patients of those providers (their primary
 * care patients and the patients with a visit booked with them). Coders, admins and multi-provider
 * users see the whole organisation.
 */
export interface CareScope {
  organisationId: string;
  userId: string;
  /** `undefined` when the whole organisation is visible. */
  providerIds: readonly string[] | undefined;
}

export async function loadCareScope(db: Db, auth: AuthContext): Promise<CareScope> {
  const base = { organisationId: auth.organisationId, userId: auth.userId };
  if (auth.isAdmin) return { ...base, providerIds: undefined };
  // One round trip, planned once per connection: every product request starts here.
  const statement = preparedOnce(db, 'care_scope', (name) => prepareCaller(db, name));
  const [user] = await statement.execute({ userId: auth.userId, organisationId: auth.organisationId });
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.view === 'Coder' || user.isMultipleProviders) return { ...base, providerIds: undefined };
  return { ...base, providerIds: user.providerIds.length > 0 ? user.providerIds : undefined };
}

function prepareCaller(db: Db, name: string) {
  return db
    .select({
      view: users.view,
      isMultipleProviders: users.isMultipleProviders,
      providerIds: sql<
        string[]
      >`array(select ${userProviders.providerId} from ${userProviders} where ${userProviders.userId} = ${users.id})`,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.organisationId, sql.placeholder('organisationId'))))
    .prepare(name);
}

/** SQL condition on `patients` that keeps only the patients in scope. */
export function patientInScope(scope: CareScope): SQL {
  const inOrganisation = eq(patients.organisationId, scope.organisationId);
  if (!scope.providerIds) return inOrganisation;
  const ids = [...scope.providerIds];
  // An uncorrelated `in (subquery)` runs once; a correlated `exists` under `or` would run per patient.
  const withBookedVisit = sql`${patients.id} in (select ${appointments.patientId} from ${appointments} where ${inArray(appointments.providerId, ids)})`;
  return and(inOrganisation, or(inArray(patients.primaryProviderId, ids), withBookedVisit)) as SQL;
}

/**
 * {@link patientInScope} decided by the database from the caller's own user row (`caller`, an alias of
 * `users`), for a statement that reads the caller and a patient in one round trip: the rule of
 * `loadCareScope` then `patientInScope` (care-scope.test.ts holds the two to the same answers).
 * `isAdmin` is the access token's claim.
 */
export function patientInCallerScope(
  patient: Record<'id' | 'organisationId' | 'primaryProviderId', SQLWrapper>,
  caller: Record<'id' | 'organisationId' | 'view' | 'isMultipleProviders', SQLWrapper>,
  isAdmin: SQL,
): SQL {
  const linked = sql`select ${userProviders.providerId} from ${userProviders} where ${userProviders.userId} = ${caller.id}`;
  const withBookedVisit = sql`exists (select 1 from ${appointments} where ${appointments.patientId} = ${patient.id} and ${appointments.providerId} in (${linked}))`;
  return sql`(${patient.organisationId} = ${caller.organisationId} and (
    ${isAdmin} or ${caller.view} = 'Coder' or ${caller.isMultipleProviders} or not exists (${linked})
    or ${patient.primaryProviderId} in (${linked}) or ${withBookedVisit}))`;
}

/** SQL condition on `appointments` that keeps only the visits in scope (a provider sees their own visits). */
export function appointmentInScope(scope: CareScope): SQL {
  const inOrganisation = eq(appointments.organisationId, scope.organisationId);
  if (!scope.providerIds) return inOrganisation;
  const ids = [...scope.providerIds];
  const ofTheirPatient = sql`${appointments.patientId} in (select ${patients.id} from ${patients} where ${inArray(patients.primaryProviderId, ids)})`;
  return and(inOrganisation, or(inArray(appointments.providerId, ids), ofTheirPatient)) as SQL;
}

/**
 * SQL condition on `appointments` that keeps the visits that are the caller's own to act on: for a
 * provider linked to providers, the visits booked with those providers; for a scope of the whole
 * organisation, its visits. Narrower than {@link appointmentInScope}, which also holds the visits of a
 * provider's patients with a covering provider: those are theirs to read, not theirs to review.
 */
export function appointmentOfCaller(scope: CareScope): SQL {
  const inOrganisation = eq(appointments.organisationId, scope.organisationId);
  if (!scope.providerIds) return inOrganisation;
  return and(inOrganisation, inArray(appointments.providerId, [...scope.providerIds])) as SQL;
}

export type PatientRow = typeof patients.$inferSelect;

export interface PatientReadOptions {
  auth: AuthContext;
  patientId: string;
  /** What was read, for the audit log: `portrait`, `clinical-summary`, `documents`, `document`, ... */
  what: string;
  request: FastifyRequest;
  details?: Record<string, unknown>;
}

/**
 * The patient, when the caller may see them, after writing the read to the audit log; otherwise
 * 404 NOT_FOUND (another organisation's patient is not revealed to exist). Every service that reads
 * patient data starts here.
 */
export async function readPatientInScope(db: Db, options: PatientReadOptions): Promise<PatientRow> {
  const scope = await loadCareScope(db, options.auth);
  const [patient] = isUuid(options.patientId)
    ? await db
        .select()
        .from(patients)
        .where(and(eq(patients.id, options.patientId), patientInScope(scope)))
    : [];
  if (!patient) throw new AppError('NOT_FOUND', 'Patient not found.');
  await auditPatientRead(db, { ...options, patientId: patient.id });
  return patient;
}

/** Writes one `patient.read` audit entry: who read which patient's what, when, from where. */
export async function auditPatientRead(db: Db, options: PatientReadOptions): Promise<void> {
  await writeAudit(db, {
    organisationId: options.auth.organisationId,
    userId: options.auth.userId,
    patientId: options.patientId,
    action: 'patient.read',
    clientAddress: options.request.ip,
    details: { what: options.what, ...options.details },
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are uuids; anything else is simply not found (never a database error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
