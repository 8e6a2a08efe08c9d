import { z } from 'zod';

/**
 * The messages exchanged with an EHR add-on through `window.postMessage` (spec §4 "Add-on messaging").
 * Cairn runs in the add-on's frame: inbound messages come from the add-on (accepted only from the
 * `addonOrigin` query parameter, spec §5), outbound ones go to the parent frame marked `to-addon`.
 */

/** Cairn's summary id (the visit, spec §3 `sid`). */
const summaryId = z.string().trim().min(1).max(100);
/** The EHR's own encounter id; the add-on knows it, Cairn may not. */
const encounterId = z.string().trim().min(1).max(200);
/** Correlates a request with its result: the add-on may have several in flight. */
const requestId = z.string().trim().min(1).max(100);

/** An ICD-10-CM code, with or without its dot: a letter, two characters, then up to four more. */
export const icd10CmCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/, 'Not an ICD-10-CM code');
/** A CPT or HCPCS Level II code: five characters. */
export const cptCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{4}[0-9A-Z]$/, 'Not a CPT code');

const codes = <T extends z.ZodType>(code: T) => z.array(code).min(1).max(200);

// ---- Inbound: from the add-on to Cairn ----

export const ssoLoginSucceededMessage = z.object({ type: z.literal('ssoLoginSucceeded'), token: z.string().min(1) });

/** The add-on loaded the encounter's diagnoses: Cairn's cart starts from them. */
export const cartLoadMessage = z.object({
  type: z.literal('cartLoad'),
  summaryId,
  encounterId: encounterId.optional(),
  diagnoses: z.array(z.object({ icd10Code: icd10CmCode, description: z.string().max(500).optional() })).max(500),
});

export const openFullScreenMessage = z.object({ type: z.literal('openFullScreen') });

export const pushDiagnosesRequestMessage = z.object({
  type: z.literal('pushDiagnosesRequest'),
  requestId,
  summaryId,
  encounterId: encounterId.optional(),
  icd10Codes: codes(icd10CmCode),
});

export const reloadDiagnosesMessage = z.object({ type: z.literal('reloadDiagnoses'), summaryId: summaryId.optional() });

export const updateOverlayNotificationsMessage = z.object({
  type: z.literal('updateOverlayNotifications'),
  summaryId: summaryId.optional(),
});

export const pushCptsRequestMessage = z.object({
  type: z.literal('pushCptsRequest'),
  requestId,
  summaryId,
  encounterId: encounterId.optional(),
  cptCodes: codes(cptCode),
});

/** The note sections the add-on asks Cairn to refresh (spec §4: HPI, physical exam, patient instructions). */
export const refreshHpiMessage = z.object({ type: z.literal('refreshHpi'), summaryId: summaryId.optional() });
export const refreshPhysicalExamMessage = z.object({
  type: z.literal('refreshPhysicalExam'),
  summaryId: summaryId.optional(),
});
export const refreshPatientInstructionsMessage = z.object({
  type: z.literal('refreshPatientInstructions'),
  summaryId: summaryId.optional(),
});

/** Navigates Cairn's frame: a path of Cairn's own (`/overlay/...`), never another site. */
export const changeFrameSourceMessage = z.object({
  type: z.literal('changeFrameSource'),
  path: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/, 'Must be a path of Cairn'),
});

export const inboundAddonMessage = z.discriminatedUnion('type', [
  ssoLoginSucceededMessage,
  cartLoadMessage,
  openFullScreenMessage,
  pushDiagnosesRequestMessage,
  reloadDiagnosesMessage,
  updateOverlayNotificationsMessage,
  pushCptsRequestMessage,
  refreshHpiMessage,
  refreshPhysicalExamMessage,
  refreshPatientInstructionsMessage,
  changeFrameSourceMessage,
]);
export type InboundAddonMessage = z.infer<typeof inboundAddonMessage>;
export type InboundAddonMessageType = InboundAddonMessage['type'];
export const INBOUND_ADDON_MESSAGE_TYPES = inboundAddonMessage.options.map(
  (option) => option.shape.type.value,
) as readonly InboundAddonMessageType[];

// ---- Outbound: from Cairn to the parent frame ----

/** Why a code could not be written to the EHR. */
export const PUSH_FAILURE_REASONS = [
  'EncounterIdMissing',
  'NonPushableStatus',
  'MissingEHRLiveData',
  'PredictorNotImplementedForEHR',
] as const;
export const pushFailureReason = z.enum(PUSH_FAILURE_REASONS);
export type PushFailureReason = z.infer<typeof pushFailureReason>;

/** One code's outcome: pushed, or failed with its reason. */
const diagnosisPushOutcome = z.discriminatedUnion('status', [
  z.object({ icd10Code: icd10CmCode, status: z.literal('pushed') }),
  z.object({
    icd10Code: icd10CmCode,
    status: z.literal('failed'),
    /** A push-failure reason of spec §3, or `EhrError` when the EHR itself failed (then `message` says how). */
    reason: z.union([pushFailureReason, z.literal('EhrError')]),
    message: z.string().max(300).optional(),
  }),
]);
const cptPushOutcome = z.discriminatedUnion('status', [
  z.object({ cptCode, status: z.literal('pushed') }),
  z.object({ cptCode, status: z.literal('failed'), reason: pushFailureReason }),
]);

const toAddon = { destination: z.literal('to-addon') };

/** Diagnoses the user chose in Cairn, for the add-on to enter in the encounter. */
export const addDiagnosesMessage = z.object({
  ...toAddon,
  type: z.literal('addDiagnoses'),
  summaryId,
  diagnoses: z.array(z.object({ icd10Code: icd10CmCode, description: z.string().max(500) })).min(1),
});

export const pushDiagnosesResultMessage = z.object({
  ...toAddon,
  type: z.literal('pushDiagnosesResult'),
  requestId,
  summaryId,
  results: z.array(diagnosisPushOutcome),
});

export const pushCptsResultMessage = z.object({
  ...toAddon,
  type: z.literal('pushCptsResult'),
  requestId,
  summaryId,
  results: z.array(cptPushOutcome),
});

/** Whether the visit's encounter can take diagnoses now, and why not. */
export const informEncounterStatusMessage = z.object({
  ...toAddon,
  type: z.literal('informEncounterStatus'),
  summaryId,
  encounterId: encounterId.nullable(),
  isPushable: z.boolean(),
  reason: pushFailureReason.optional(),
});

export const outboundAddonMessage = z.discriminatedUnion('type', [
  addDiagnosesMessage,
  pushDiagnosesResultMessage,
  pushCptsResultMessage,
  informEncounterStatusMessage,
]);
export type OutboundAddonMessage = z.infer<typeof outboundAddonMessage>;
export type PushDiagnosesResult = z.infer<typeof pushDiagnosesResultMessage>;
