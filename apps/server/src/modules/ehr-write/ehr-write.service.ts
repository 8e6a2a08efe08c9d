import { getIcdCatalog, normalizeIcdCode } from '@cairn/clinical';
import type { ConditionWriteResult, EncounterFix, EncounterStatus } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { ehrConditionWrites, ehrProblemListWrites } from '../../db/clinical-schema';
import type { FhirClient } from '../../integrations/fhir/fhir-client';
import type { FhirResource, Reference } from '../../integrations/fhir/fhir-types';
import { AppError } from '../../lib/app-error';
import { toEhrAppError } from '../ehr-sync';
import { markPopulationChanged } from '../population';
import { acceptsCreate, encounterDiagnosisCondition, ifNoneExistQuery, problemListCondition } from './fhir-condition';
import {
  ensureConditionWrites,
  ensureProblemListWrites,
  findVisitForWrite,
  hasLiveEhrSession,
  recordWriteOutcome,
  type ConditionWriteRow,
  type VisitForWrite,
} from './ehr-write.repository';

const NON_PUSHABLE_VISIT = new Set(['cancelled', 'entered-in-error', 'noshow']);
const NON_PUSHABLE_ENCOUNTER = new Set(['cancelled', 'entered-in-error']);

export interface WriteDiagnosesOptions {
  organisationId: string;
  appointmentId: string;
  icdCodes: readonly string[];
  /** A client on the EHR with the user's live session; none when there is no session. */
  client: FhirClient | undefined;
  /** The Practitioner (or PractitionerRole) recording the diagnoses. */
  recorder?: Reference;
  /** The Cairn user asking. */
  requestedBy?: string;
}

/** Where the Conditions go, once the visit is known to take them. */
export interface WriteTarget {
  client: FhirClient;
  patientFhirId: string;
  encounterFhirId: string;
  recorder?: Reference;
}

/**
 * Writes each diagnosis to the visit's EHR encounter as a FHIR Condition. Every (visit, code) gets a
 * row and an identifier once; the Condition is sent as a conditional create on that identifier, so a
 * retry (after a timeout, or a second click) finds the Condition the EHR already made instead of
 * making another. The answer gives each code's outcome, with a push-failure reason of spec §3 when
 * the visit cannot take diagnoses.
 */
export async function writeDiagnosesToEncounter(
  db: Db,
  options: WriteDiagnosesOptions,
): Promise<ConditionWriteResult[]> {
  const { organisationId, appointmentId } = options;
  const visit = await findVisitForWrite(db, organisationId, appointmentId);
  if (!visit) throw new AppError('NOT_FOUND', 'No such visit');
  const icdCodes = knownCodes(options.icdCodes);
  const rows = await ensureConditionWrites(db, {
    organisationId,
    appointmentId,
    icdCodes,
    requestedBy: options.requestedBy,
  });

  const target = await writeTargetOf(db, visit, options);
  const results = await Promise.all(
    rows.map(async (row) => {
      // Already in the EHR: the answer stays what it was, whatever has happened to the visit since.
      if (row.status === 'written' && row.ehrResourceId) {
        return { icdCode: row.icdCode, status: 'written', ehrResourceId: row.ehrResourceId } as const;
      }
      const outcome: ConditionWriteResult =
        typeof target === 'string'
          ? { icdCode: row.icdCode, status: 'failed', reason: target }
          : await writeCondition(row, target);
      await recordWriteOutcome(db, ehrConditionWrites, { organisationId, id: row.id }, outcome);
      return outcome;
    }),
  );
  // The analytics count pushes and what they document (issue 20): they are rebuilt once the change settles.
  await markPopulationChanged(db, organisationId);
  return icdCodes.flatMap((code) => results.filter((result) => result.icdCode === code));
}

/** The codes in stored form, once each; an unknown code refuses the whole request. */
function knownCodes(codes: readonly string[]): string[] {
  const icdCodes = [...new Set(codes.map(normalizeIcdCode))];
  const unknown = icdCodes.filter((code) => !getIcdCatalog().get(code));
  if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', `Unknown ICD-10-CM code: ${unknown.join(', ')}`);
  return icdCodes;
}

/**
 * Writes each diagnosis to the patient's problem list in the EHR (Condition, category
 * problem-list-item, no encounter; spec §7 pushToEmrPmdToPl). Idempotent like the encounter write, with
 * one identifier per (patient, code): a retry, from this visit or a later one, never duplicates. The
 * visit's encounter and status do not matter; a live EHR session and Condition create do.
 */
export async function writeDiagnosesToProblemList(
  db: Db,
  options: WriteDiagnosesOptions,
): Promise<ConditionWriteResult[]> {
  const { organisationId } = options;
  const visit = await findVisitForWrite(db, organisationId, options.appointmentId);
  if (!visit) throw new AppError('NOT_FOUND', 'No such visit');
  const icdCodes = knownCodes(options.icdCodes);
  const rows = await ensureProblemListWrites(db, {
    organisationId,
    patientId: visit.patientId,
    icdCodes,
    requestedBy: options.requestedBy,
  });
  const refusal = await liveEhrRefusal(db, visit, options);
  const results = await Promise.all(
    rows.map(async (row) => {
      if (row.status === 'written' && row.ehrResourceId) {
        return { icdCode: row.icdCode, status: 'written', ehrResourceId: row.ehrResourceId } as const;
      }
      const outcome: ConditionWriteResult =
        refusal !== undefined || !options.client
          ? { icdCode: row.icdCode, status: 'failed', reason: refusal ?? 'MissingEHRLiveData' }
          : await createIdempotently(
              options.client,
              row,
              problemListCondition({
                icdCode: row.icdCode,
                identifierValue: row.identifier,
                patientFhirId: visit.patientFhirId,
                recorder: options.recorder,
              }),
            );
      await recordWriteOutcome(db, ehrProblemListWrites, { organisationId, id: row.id }, outcome);
      return outcome;
    }),
  );
  return icdCodes.flatMap((code) => results.filter((result) => result.icdCode === code));
}

/** What a write to the EHR needs to know: whose EHR, with which client. */
type WriteAccess = Pick<WriteDiagnosesOptions, 'organisationId' | 'client' | 'recorder'>;

/**
 * Why the EHR cannot take resources of this type (Conditions unless told) for this patient now, or
 * undefined when it can.
 */
async function liveEhrRefusal(
  db: Db,
  visit: VisitForWrite,
  options: WriteAccess,
  resourceType = 'Condition',
): Promise<string | undefined> {
  const { client } = options;
  if (!client || visit.patientSource !== 'EHR') return 'MissingEHRLiveData';
  if (!(await hasLiveEhrSession(db, options.organisationId, client.baseUrl))) return 'MissingEHRLiveData';
  try {
    if (!acceptsCreate(await client.capabilities(), resourceType)) return 'PredictorNotImplementedForEHR';
  } catch (error) {
    return failureText(error);
  }
  return undefined;
}

/**
 * Where the diagnoses (or a note: `resourceType`) go, or why the visit cannot take any (a push-failure
 * reason, or how the EHR failed), checked from the cheapest to the ones that ask the EHR.
 */
export async function writeTargetOf(
  db: Db,
  visit: VisitForWrite,
  options: WriteAccess,
  resourceType = 'Condition',
): Promise<WriteTarget | string> {
  if (visit.encounterSource !== 'EHR' || !visit.encounterFhirId) return 'EncounterIdMissing';
  if (NON_PUSHABLE_VISIT.has(visit.appointmentStatus)) return 'NonPushableStatus';
  if (visit.encounterStatus && NON_PUSHABLE_ENCOUNTER.has(visit.encounterStatus)) return 'NonPushableStatus';
  const refusal = await liveEhrRefusal(db, visit, options, resourceType);
  if (refusal !== undefined) return refusal;
  const { client, recorder } = options;
  if (!client) return 'MissingEHRLiveData';
  try {
    if (NON_PUSHABLE_ENCOUNTER.has(await getEncounterStatus(client, visit.encounterFhirId))) return 'NonPushableStatus';
  } catch (error) {
    return failureText(error);
  }
  return { client, patientFhirId: visit.patientFhirId, encounterFhirId: visit.encounterFhirId, recorder };
}

/**
 * Whether the visit's encounter can take diagnoses now (`getEncounterStatus`): its EHR id, its status
 * as the EHR has it, or the push-failure reason that stops a write.
 */
export async function encounterStatusOf(
  db: Db,
  options: { organisationId: string; appointmentId: string; client: FhirClient | undefined },
): Promise<EncounterStatus> {
  const visit = await findVisitForWrite(db, options.organisationId, options.appointmentId);
  if (!visit) throw new AppError('NOT_FOUND', 'No such visit');
  const encounterId = visit.encounterSource === 'EHR' ? visit.encounterFhirId : null;
  const target = await writeTargetOf(db, visit, options);
  if (typeof target === 'string') {
    const fix = fixOf(target, { hasEhrSession: options.client !== undefined });
    return { encounterId, status: visit.encounterStatus, isPushable: false, reason: target, fix };
  }
  return { encounterId, status: await getEncounterStatus(target.client, target.encounterFhirId), isPushable: true };
}

/**
 * The one action that lets the visit take diagnoses (issue 16 item 5). Without the user's EHR session
 * Cairn can neither learn of the encounter nor write to it: a launch from the EHR gives it both.
 */
function fixOf(reason: string, context: { hasEhrSession: boolean }): EncounterFix {
  switch (reason) {
    case 'EncounterIdMissing':
      return context.hasEhrSession ? 'sync-from-ehr' : 'launch-from-ehr';
    case 'MissingEHRLiveData':
      return 'launch-from-ehr';
    case 'NonPushableStatus':
      return 'reopen-encounter';
    case 'PredictorNotImplementedForEHR':
      return 'enter-by-hand';
    default:
      return 'check-again';
  }
}

/** The encounter's status as the EHR has it now (it may have changed since the last sync). */
export async function getEncounterStatus(client: FhirClient, encounterFhirId: string): Promise<string> {
  const encounter = await client.read('Encounter', encounterFhirId);
  return typeof encounter.status === 'string' ? encounter.status : 'unknown';
}

async function writeCondition(row: ConditionWriteRow, target: WriteTarget): Promise<ConditionWriteResult> {
  const condition = encounterDiagnosisCondition({
    icdCode: row.icdCode,
    identifierValue: row.identifier,
    patientFhirId: target.patientFhirId,
    encounterFhirId: target.encounterFhirId,
    recorder: target.recorder,
  });
  return createIdempotently(target.client, row, condition);
}

/** A conditional create on the row's identifier: the EHR answers the Condition it already has. */
async function createIdempotently(
  client: FhirClient,
  row: { icdCode: string; identifier: string },
  condition: FhirResource,
): Promise<ConditionWriteResult> {
  try {
    const written = await client.create(condition, { ifNoneExist: ifNoneExistQuery(row.identifier) });
    return { icdCode: row.icdCode, status: 'written', ehrResourceId: written.id };
  } catch (error) {
    return { icdCode: row.icdCode, status: 'failed', reason: failureText(error) };
  }
}

/** How a write failed, in words without patient data; anything but an EHR failure is thrown on. */
export function failureText(error: unknown): string {
  const failure = toEhrAppError(error);
  if (failure instanceof AppError) return failure.message;
  throw failure;
}
