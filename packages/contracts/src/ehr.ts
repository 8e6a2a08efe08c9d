import { z } from 'zod';
import { icd10CmCode, pushFailureReason } from './addon';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { browserBinding } from './sso';

/**
 * One diagnosis written to an EHR encounter as a FHIR Condition (issue 6 "Write-back"): written, with
 * the Condition's id in the EHR, or failed with a push-failure reason of spec §3 (`pushFailureReason`,
 * shared with the add-on messages) or, for an EHR that failed, a short description without patient data.
 */
export const conditionWriteResult = z.object({
  icdCode: z.string(),
  status: z.enum(['written', 'failed']),
  ehrResourceId: z.string().optional(),
  reason: z.union([pushFailureReason, z.string()]).optional(),
});
export type ConditionWriteResult = z.infer<typeof conditionWriteResult>;

/**
 * The EHR connection names that choose Cairn's client id at the EHR (spec §1, §3 "EHR client id
 * (chosen by connection name)").
 */
export const EHR_CONNECTION_NAMES = ['nems', 'nems-staging', 'noms-staging', 'cairn-fhir-connection'] as const;
export const ehrConnectionName = z.enum(EHR_CONNECTION_NAMES);
export type EhrConnectionName = z.infer<typeof ehrConnectionName>;

/** The name of the connection a launch goes through: the spec's four keep their meaning, any other is allowed (issue 17). */
export const launchConnectionName = z.string().min(1).max(100);

/**
 * Why a SMART launch was refused, in `error.details.reason`: the `iss` is not an EHR the organisation
 * configured; its well-known SMART configuration cannot be read (or names no endpoints); the state is unknown (wrong, used, or from another browser) or expired (10 minutes);
 * the EHR refused the code (expired, reused) or answered something else than a SMART token; the token
 * endpoint named by the browser is not the EHR's; the EHR user is not linked to a Cairn user.
 */
export const EHR_LAUNCH_FAILURE_REASONS = [
  'unknown_iss',
  'well_known_unavailable',
  'unknown_state',
  'expired_state',
  'token_refused',
  'token_endpoint_mismatch',
  'unknown_user',
] as const;
export type EhrLaunchFailureReason = (typeof EHR_LAUNCH_FAILURE_REASONS)[number];

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);
const tags = ['ehr'];
const sid = z.guid();

export const startEhrLaunch = defineEndpoint({
  method: 'POST',
  path: '/ehr/launch/start',
  summary: "Start a SMART EHR launch: the EHR's authorization URL (state and PKCE kept by Cairn)",
  tags,
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  body: z.strictObject({
    /** The EHR's FHIR base URL, as the EHR launched Cairn with it. */
    iss: httpUrl,
    /** The EHR's opaque launch context. */
    launch: z.string().min(1).max(2000),
    /** Cairn's page the EHR sends the browser back to (`/epic/login`, or its overlay variant). */
    redirectUri: httpUrl,
    browserBinding,
  }),
  response: resultEnvelope(
    z.object({
      authorizationUrl: z.url(),
      connectionName: launchConnectionName,
      /** The connection's id: the `dataSourceId` of `getEpicTokenAndAppContext`. */
      dataSourceId: sid,
      clientId: z.string(),
      /**
       * The EHR's SMART configuration as Cairn read it from `<iss>/.well-known/smart-configuration`
       * (spec §3: kept in local storage until the EHR sends the browser back).
       */
      smartConfig: z.object({
        iss: z.string(),
        audience: z.string(),
        authorizationEndpoint: z.string(),
        tokenEndpoint: z.string(),
      }),
    }),
  ),
});

export const getEpicTokenAndAppContext = defineEndpoint({
  method: 'POST',
  path: '/getEpicTokenAndAppContext',
  summary:
    "Finish a SMART EHR launch: exchange the code (tokens stay on the server), find the launch's patient and visit, and sign the user in",
  tags,
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  body: z.strictObject({
    code: z.string().min(1).max(4000),
    state: z.string().min(1).max(200),
    connectionName: launchConnectionName,
    dataSourceId: sid,
    redirectUri: httpUrl,
    /** The token endpoint from the EHR's well-known configuration; must be the one Cairn discovers. */
    tokenUrl: httpUrl,
    browserBinding,
  }),
  response: resultEnvelope(
    z.object({
      jwtToken: z.string(),
      refreshToken: z.string(),
      /** The launch visit's summary, when the EHR launched with an encounter Cairn could match. */
      summaryId: sid.optional(),
      /** A document the EHR launched with (none for a plain encounter launch). */
      documentId: sid.optional(),
      patientId: sid.optional(),
      /**
       * Reading the patient's record from the EHR: `pending` since issue 16 (the overlay reads it with
       * `syncEhrPatient` once the portrait shows; the visit's `ehr.synced` event follows). `synced` and
       * `failed` (with why, Cairn's data kept as it was) are the answers of a server that read it first.
       */
      ehrSync: z.object({ status: z.enum(['pending', 'synced', 'failed']), message: z.string().optional() }).optional(),
    }),
  ),
});

/**
 * The one action that lets a visit take diagnoses when it cannot now (issue 16 item 5): open it from
 * the EHR (a SMART launch gives Cairn the EHR session and the encounter), read the visit from the EHR
 * again (the encounter was started since), reopen the encounter in the EHR, enter the codes in the EHR
 * by hand (it does not take them from Cairn), or check again (the EHR failed).
 */
export const ENCOUNTER_FIXES = [
  'launch-from-ehr',
  'sync-from-ehr',
  'reopen-encounter',
  'enter-by-hand',
  'check-again',
] as const;
export const encounterFix = z.enum(ENCOUNTER_FIXES);
export type EncounterFix = z.infer<typeof encounterFix>;

export const encounterStatus = z.object({
  /** The EHR's encounter id, null when the visit has none yet. */
  encounterId: z.string().nullable(),
  /** The encounter's status as the EHR has it now. */
  status: z.string().nullable(),
  isPushable: z.boolean(),
  reason: z.union([pushFailureReason, z.string()]).optional(),
  /** When it cannot take diagnoses: the one action that fixes it. */
  fix: encounterFix.optional(),
});
export type EncounterStatus = z.infer<typeof encounterStatus>;

export const getEncounterStatus = defineEndpoint({
  method: 'POST',
  path: '/getEncounterStatus',
  summary: "The visit's encounter status in the EHR, and whether it can take diagnoses now",
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ sid }),
  response: resultEnvelope(encounterStatus),
});

/**
 * What `push2emrApi` did with the visit's care gaps marked as addressed (issue 19): one clinical note
 * (DocumentReference) on the encounter naming them, written or failed. Absent when none was waiting.
 */
export const careGapNoteResult = z.object({
  measureIds: z.array(z.string()),
  status: z.enum(['written', 'failed']),
  ehrResourceId: z.string().optional(),
  reason: z.union([pushFailureReason, z.string()]).optional(),
});
export type CareGapNoteResult = z.infer<typeof careGapNoteResult>;

export const push2emrApi = defineEndpoint({
  method: 'POST',
  path: '/push2emrApi',
  summary:
    "Write diagnoses to the visit's EHR encounter as FHIR Conditions, and the care gaps marked addressed as a note (idempotent: a retry never duplicates)",
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z.strictObject({ sid, icdCodes: z.array(icd10CmCode).min(1).max(200) }),
  response: resultEnvelope(
    z.object({ results: z.array(conditionWriteResult), careGaps: careGapNoteResult.optional() }),
  ),
});

export const syncEhrPatient = defineEndpoint({
  method: 'POST',
  path: '/syncEhrPatient',
  summary: "Read the visit's patient from the EHR again (FHIR), keeping Cairn's data when the EHR fails",
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z.strictObject({ sid }),
  response: resultEnvelope(
    z.object({
      lastSyncedAt: z.iso.datetime({ offset: true }),
      imported: z.record(z.string(), z.number()),
    }),
  ),
});
