import { z } from 'zod';
import { icd10CmCode, pushFailureReason } from './addon';
import { conditionWriteResult } from './ehr';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/**
 * The diagnosis workflow (issue 7, spec §1 "diagnosis suggestion, cart", §3 enumerations, §7): a
 * visit's suggestions with their evidence, the decisions on them, the cart written to the EHR, the
 * coder's scrub, the risk score, note templates. A summary is one visit: `sid` is the appointment id.
 */

const sid = z.guid();
const tags = ['diagnoses'];
const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

// ---- Enumerations of spec §3 ----

export const SUGGESTION_CATEGORIES = ['Recapture', 'Suspect'] as const;
export const suggestionCategory = z.enum(SUGGESTION_CATEGORIES);

export const SUSPECT_KINDS = [
  'documented-elsewhere',
  'meets-diagnostic-criteria',
  'clinical-correlation-needed',
] as const;
export const suspectKind = z.enum(SUSPECT_KINDS);

/** Spec §3 "In-app explanation groups", in its order. */
export const EXPLANATION_GROUPS = [
  'readdress',
  'new-hcc',
  'new-hcc-mid-year',
  'existing-hcc',
  'existing-hcc-mid-year',
  'provider-rejected',
  'coder-rejected',
  'partner-organisation-notes',
  'no-hcc',
  'cart-for-provider',
  'cart-for-coder',
] as const;
export const explanationGroup = z.enum(EXPLANATION_GROUPS);
export type ExplanationGroup = z.infer<typeof explanationGroup>;

/** Spec §3 "Suggestion-list kind". */
export const SUGGESTION_LIST_KINDS = ['Collection', 'Single', 'Comment', 'Document'] as const;
export const suggestionListKind = z.enum(SUGGESTION_LIST_KINDS);

/** Spec §3 "Save state of an item". */
export const SAVE_STATES = ['Saved', 'UnsavedChanges', 'None', 'StopShowing'] as const;
export const saveState = z.enum(SAVE_STATES);
export type SaveState = z.infer<typeof saveState>;

/** Spec §3 "Non-billable reason". */
export const NON_BILLABLE_REASONS = ['NonBillable', 'AlreadySelected'] as const;
export const nonBillableReason = z.enum(NON_BILLABLE_REASONS);

export const DX_ROLES = ['coder', 'provider'] as const;
export const dxRole = z.enum(DX_ROLES);
export type DxRole = z.infer<typeof dxRole>;

/** Why a suggestion is rejected; `other` needs a note. */
export const REJECT_REASONS = [
  'not-clinically-supported',
  'insufficient-documentation',
  'condition-resolved',
  'already-addressed',
  'other',
] as const;
export const rejectReason = z.enum(REJECT_REASONS);
export type RejectReason = z.infer<typeof rejectReason>;

export const DECISION_STATUSES = ['accepted', 'rejected', 'pending'] as const;
export const decisionStatus = z.enum(DECISION_STATUSES);
export type DecisionStatus = z.infer<typeof decisionStatus>;

export const DX_NOTE_MAX_LENGTH = 2000;
const note = z
  .string()
  .trim()
  .max(DX_NOTE_MAX_LENGTH, `A note is at most ${String(DX_NOTE_MAX_LENGTH)} characters`);

// ---- What the tab shows ----

/** Where an evidence item opens: the document at the snippet, the lab's trend, or nowhere. */
export const evidenceLink = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), documentId: z.guid(), highlight: z.string() }),
  z.object({ kind: z.literal('lab'), code: z.string(), system: z.string() }),
  z.object({ kind: z.literal('none') }),
]);

export const dxEvidence = z.object({
  resourceType: z.string(),
  date: isoDate,
  source: z.enum(['EHR', 'HIE']),
  code: z.string().optional(),
  /** The CMS long title of `code` when it is an ICD-10-CM code (a coded diagnosis or a claim line). */
  codeTitle: z.string().optional(),
  /** As reported, or in the unit the rule compared (`unit`, UCUM: `%`, `mL/min/{1.73_m2}`, `{score}`). */
  value: z.number().optional(),
  /** The decimal places `value` was reported with (7.70: 2), when it is the value as given and they are known. */
  decimals: z.int().min(0).max(100).optional(),
  unit: z.string().optional(),
  /** The row's display text, or the document snippet around the mention. */
  text: z.string().optional(),
  /** The published source of the rule's threshold (KDIGO, ADA, ...). */
  ruleSource: z.string(),
  link: evidenceLink,
});
export type DxEvidence = z.infer<typeof dxEvidence>;

/** A decision on one code of the visit: who, when, why, and its version (for concurrent edits). */
export const dxDecision = z.object({
  icdCode: z.string(),
  status: decisionStatus,
  /** The code was added by a user (add-diagnosis wizard), not suggested by Cairn. */
  isAdded: z.boolean(),
  reason: rejectReason.optional(),
  note: z.string().optional(),
  /** Hidden from this patient's later visits (a rejection with StopShowing). */
  stopShowing: z.boolean(),
  decidedBy: z.object({ userId: z.guid(), name: z.string(), role: dxRole }),
  decidedAt: isoDateTime,
  /** Incremented by every change; a write names the version it saw. */
  version: z.number().int().positive(),
  /** Changed after the visit was written to the EHR (spec §3 isPostVisit). */
  isPostVisit: z.boolean(),
});
export type DxDecision = z.infer<typeof dxDecision>;

export const dxItem = z.object({
  icdCode: z.string(),
  description: z.string(),
  /** The payment HCC in the organisation's model, null when the code maps to none. */
  hcc: z.number().int().nullable(),
  hccLabel: z.string().nullable(),
  category: suggestionCategory,
  suspectKind: suspectKind.optional(),
  explanationGroup,
  /** The in-app explanation: why the suggestion is shown (spec §3 explanation groups). */
  explanation: z.string(),
  listKind: suggestionListKind,
  /** Strongest first: by the kind of record that best supports how the suggestion was found, then latest first. */
  evidence: z.array(dxEvidence),
  decision: dxDecision.optional(),
  saveState,
  nonBillableReason: nonBillableReason.optional(),
});
export type DxItem = z.infer<typeof dxItem>;

export const dxGroup = z.object({
  /** Null for the group of codes without an HCC (or everything, when grouping is off). */
  hcc: z.number().int().nullable(),
  label: z.string(),
  items: z.array(dxItem),
});

/** A diagnosis already coded this year (claims or the EHR), so not suggested again. */
export const addressedDx = z.object({
  icdCode: z.string(),
  description: z.string(),
  hcc: z.number().int().nullable(),
  lastCodedOn: isoDate,
  source: z.enum(['EHR', 'HIE', 'Claim']),
});

/** What the cart holds: accepted and added codes, each with its write to the EHR so far. */
export const cartItem = z.object({
  icdCode: z.string(),
  description: z.string(),
  hcc: z.number().int().nullable(),
  isAdded: z.boolean(),
  decidedBy: z.object({ name: z.string(), role: dxRole }),
  /** The decision's version: a change to this cart item names it (expectedVersion). */
  version: z.number().int().positive(),
  /** The EHR write of this code: none yet, written, or failed with its reason. */
  push: z
    .object({
      status: z.enum(['written', 'failed', 'pending']),
      reason: z.union([pushFailureReason, z.string()]).optional(),
      at: isoDateTime,
    })
    .optional(),
});
export type CartItem = z.infer<typeof cartItem>;

/** The visit's risk score now and if the cart is written (spec: risk-score estimation). */
export const riskEstimate = z.object({
  model: z.string(),
  paymentYear: z.number().int(),
  /** RAF of the diagnoses coded this year. */
  current: z.number(),
  /** RAF with the cart's codes added. */
  ifPushed: z.number(),
  /** Each HCC the cart adds, with its coefficient. */
  increments: z.array(
    z.object({ hcc: z.number().int(), label: z.string(), raf: z.number(), icdCodes: z.array(z.string()) }),
  ),
  /**
   * Interaction and payment-HCC-count terms the cart brings in or changes, each with a factor (terms of
   * factor 0, such as 1 to 4 payment HCCs in V28, are left out): `name` is CMS's variable (`D5`,
   * `DIABETES_HF_V28`), `label` its words in CMS's labels ("5 payment HCCs", "Diabetes*Heart Failure").
   */
  interactions: z.array(z.object({ name: z.string(), label: z.string(), raf: z.number() })),
});
export type RiskEstimate = z.infer<typeof riskEstimate>;

// ---- Partner-organisation notes (issue 16 item 7) ----

/**
 * What a partner organisation's note asks for, from its code (`other` when it has none Cairn knows):
 * recommendations that are not diagnoses, imported as FHIR Task or CommunicationRequest.
 */
export const PARTNER_NOTE_KINDS = [
  'annual-wellness-visit',
  'care-management-referral',
  'medication-review',
  'other',
] as const;
export const partnerNoteKind = z.enum(PARTNER_NOTE_KINDS);
export type PartnerNoteKind = z.infer<typeof partnerNoteKind>;

/** What was recorded on a partner note. */
export const PARTNER_NOTE_STATUSES = ['acknowledged', 'done', 'not-applicable'] as const;
export const partnerNoteStatus = z.enum(PARTNER_NOTE_STATUSES);
export type PartnerNoteStatus = z.infer<typeof partnerNoteStatus>;

/** A partner organisation's recommendation about the patient, with what was recorded on it. */
export const partnerNote = z.object({
  id: z.guid(),
  /** The partner organisation's name as the resource gives it. */
  partner: z.string(),
  kind: partnerNoteKind,
  text: z.string(),
  authoredOn: isoDate,
  /** The latest action; absent when none was recorded (or it was reset). */
  action: z
    .object({
      status: partnerNoteStatus,
      by: z.object({ name: z.string(), role: dxRole }),
      at: isoDateTime,
      note: z.string().optional(),
    })
    .optional(),
  /** 0 before any action, then +1 per action: a write names the version it saw. */
  version: z.number().int().min(0),
});
export type PartnerNote = z.infer<typeof partnerNote>;

export const dxCaptureData = z.object({
  sid,
  patientId: z.guid(),
  /** The caller's role on this tab. */
  role: dxRole,
  /** False while the analysis of the patient's present data is pending (no suggestions shown yet). */
  isAnalysed: z.boolean(),
  groups: z.array(dxGroup),
  addressed: z.array(addressedDx),
  cart: z.array(cartItem),
  risk: riskEstimate,
  /** The coder's scrub of this visit, once sent to the provider (spec §1: a coder's cart ends the scrub). */
  scrub: z.object({ sentAt: isoDateTime, sentBy: z.string() }).nullable(),
  /** When the provider's cart was written to the EHR; decisions after it are post-visit changes. */
  pushedAt: isoDateTime.nullable(),
  postVisitUpdatedIcds: z.array(z.string()),
  /** The patient's partner-organisation notes up to the visit day, newest first. */
  partnerNotes: z.array(partnerNote),
});
export type DxCaptureData = z.infer<typeof dxCaptureData>;

export const getDxCaptureData = defineEndpoint({
  method: 'POST',
  path: '/getDxCaptureData',
  summary: "A visit's diagnosis suggestions with their evidence and decisions, the cart and the risk score",
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ sid, isGroupingOn: z.boolean().default(true) }),
  response: resultEnvelope(dxCaptureData),
});

// ---- Decisions ----

export const insightAction = z.strictObject({
  icdCode: icd10CmCode,
  /** accept or reject a suggestion, add a code Cairn did not suggest, or reset to no decision. */
  action: z.enum(['accept', 'reject', 'add', 'reset']),
  reason: rejectReason.optional(),
  note: note.optional(),
  stopShowing: z.boolean().optional(),
  /** The decision's version the user saw: 0 when there was none. A newer one is a conflict (409). */
  expectedVersion: z.number().int().min(0),
});
export type InsightAction = z.infer<typeof insightAction>;

export const addSummaryInsightActions = defineEndpoint({
  method: 'POST',
  path: '/addSummaryInsightActions',
  summary:
    "Record decisions on a visit's diagnoses (accept, reject, add, reset); a coder's shouldScrub sends the scrub to the provider",
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z
    .strictObject({
      sid,
      actions: z.array(insightAction).max(200),
      /** A coder finishing the scrub: the decisions go to the provider. */
      shouldScrub: z.boolean().optional(),
      /** Changes after the visit was written to the EHR. */
      isPostVisit: z.boolean().optional(),
      postVisitUpdatedIcds: z.array(icd10CmCode).max(200).optional(),
    })
    .refine((body) => body.actions.every((action) => action.action !== 'reject' || action.reason !== undefined), {
      message: 'A rejection needs a reason',
      path: ['actions'],
    })
    .refine((body) => body.actions.every((action) => action.reason !== 'other' || (action.note ?? '') !== ''), {
      message: "A rejection for 'other' needs a note",
      path: ['actions'],
    }),
  response: resultEnvelope(z.object({ decisions: z.array(dxDecision), scrub: dxCaptureData.shape.scrub })),
});

export const updateSummaryInsightStatus = defineEndpoint({
  method: 'POST',
  path: '/updateSummaryInsightStatus',
  summary: "Change one decision's status (accepted, rejected, pending)",
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z
    .strictObject({
      sid,
      icdCode: icd10CmCode,
      status: decisionStatus,
      reason: rejectReason.optional(),
      expectedVersion: z.number().int().min(0),
    })
    .refine((body) => body.status !== 'rejected' || body.reason !== undefined, {
      message: 'A rejection needs a reason',
      path: ['reason'],
    }),
  response: resultEnvelope(dxDecision),
});

export const updateSummaryInsightsNotes = defineEndpoint({
  method: 'POST',
  path: '/updateSummaryInsightsNotes',
  summary: "Change a decision's note; `prevNote` must be the note the user saw (else 409)",
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z.strictObject({ sid, icdCode: icd10CmCode, prevNote: z.string().max(DX_NOTE_MAX_LENGTH), newNote: note }),
  response: resultEnvelope(dxDecision),
});

/** `error.details` of a 409 CONFLICT on a decision: what is stored now, and by whom. */
export const decisionConflictDetails = z.object({ icdCode: z.string(), current: dxDecision });

/** One action on a partner note: acknowledge it, mark it done or not applicable, or reset it to none. */
export const partnerNoteAction = z.strictObject({
  noteId: z.guid(),
  action: z.enum(['acknowledge', 'done', 'not-applicable', 'reset']),
  note: note.optional(),
  /** The note's version the user saw (0: no action yet). A newer one is a conflict (409). */
  expectedVersion: z.number().int().min(0),
});
export type PartnerNoteAction = z.infer<typeof partnerNoteAction>;

export const addSummaryInsightsAgilonNonDxActions = defineEndpoint({
  method: 'POST',
  path: '/addSummaryInsightsAgilonNonDxActions',
  summary:
    "Record actions on a visit's partner-organisation notes (acknowledge, done, not applicable, reset); recommendations that are not diagnoses",
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z.strictObject({ sid, actions: z.array(partnerNoteAction).min(1).max(100) }).superRefine((body, context) => {
    body.actions.forEach((action, index) => {
      if (action.action === 'reset' && action.note) {
        context.addIssue({ code: 'custom', message: 'A reset takes no note', path: ['actions', index, 'note'] });
      }
      if (body.actions.findIndex((other) => other.noteId === action.noteId) !== index) {
        context.addIssue({ code: 'custom', message: 'A note appears twice', path: ['actions', index, 'noteId'] });
      }
    });
  }),
  response: resultEnvelope(z.object({ partnerNotes: z.array(partnerNote) })),
});

/** `error.details` of a 409 CONFLICT on a partner note: what is stored now, and by whom. */
export const partnerNoteConflictDetails = z.object({ noteId: z.string(), current: partnerNote });

// ---- Add a diagnosis ----

export const RISK_MODELS = ['v28', 'v24'] as const;

export const icdSearchResult = z.object({
  icdCode: z.string(),
  description: z.string(),
  billable: z.boolean(),
  hcc: z.number().int().nullable(),
  hccLabel: z.string().nullable(),
  /** The HCC's coefficient for this patient's segment. */
  raf: z.number().nullable(),
  /** Age or sex edits the code fails for this patient ("Not valid for a male patient", ...). */
  warnings: z.array(z.string()),
  nonBillableReason: nonBillableReason.optional(),
});
export type IcdSearchResult = z.infer<typeof icdSearchResult>;

export const getICDData = defineEndpoint({
  method: 'POST',
  path: '/getICDData',
  summary:
    'Search ICD-10-CM codes for the add-diagnosis wizard, checked against the patient (age, sex, already chosen)',
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({
    searchText: z.string().trim().min(2, 'Type at least 2 characters').max(200),
    sid,
    gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
    date_of_birth: isoDate.optional(),
    riskModelConfiguration: z.strictObject({ model: z.enum(RISK_MODELS) }).optional(),
  }),
  response: resultEnvelope(z.array(icdSearchResult)),
});

export const getSnomedFromICD = defineEndpoint({
  method: 'POST',
  path: '/getSnomedFromICD',
  summary: "SNOMED CT concepts for an ICD-10-CM code, for the EHR's problem list",
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ icdCode: icd10CmCode }),
  response: resultEnvelope(z.array(z.object({ snomedCode: z.string(), display: z.string() }))),
});

export const getEpicICDFromSID = defineEndpoint({
  method: 'POST',
  path: '/getEpicICDFromSID',
  summary: "The diagnoses already on the visit's encounter in the EHR",
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ sid }),
  response: resultEnvelope(z.array(z.object({ icdCode: z.string(), description: z.string() }))),
});

export const getICDsFromUnityApi = defineEndpoint({
  method: 'POST',
  path: '/getICDsFromUnityApi',
  summary: "The encounter's diagnoses known to Cairn for a partner (Unity) encounter id; null without one",
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ sid, unity_encounter_id: z.string().max(200).optional() }),
  response: resultEnvelope(z.array(z.object({ icdCode: z.string(), description: z.string() })).nullable()),
});

export const pushToEmrPmdToPl = defineEndpoint({
  method: 'POST',
  path: '/pushToEmrPmdToPl',
  summary: "Write diagnoses to the patient's problem list in the EHR (Condition, category problem-list-item)",
  tags,
  auth: 'user',
  writes: 'patient_data',
  v2: true,
  body: z.strictObject({ sid, icdCodes: z.array(icd10CmCode).min(1).max(200) }),
  response: resultEnvelope(z.object({ results: z.array(conditionWriteResult) })),
});

// ---- Note templates and the note wizard ----

/** Spec MEAT: what the note says the provider did about each diagnosis. */
export const MEAT_ELEMENTS = ['monitor', 'evaluate', 'assess', 'treat'] as const;

export const noteTemplate = z.object({
  id: z.string(),
  name: z.string(),
  /** The section the wizard drafts. */
  section: z.string(),
  /** Per-diagnosis lines, with placeholders {diagnosis}, {icdCode}, {evidence}, {monitor}, ... */
  lineTemplate: z.string(),
});
export type NoteTemplate = z.infer<typeof noteTemplate>;

export const getNoteTemplates = defineEndpoint({
  method: 'POST',
  path: '/getNoteTemplates',
  summary: 'The note templates the note wizard drafts with',
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ dataSource: z.string().max(100).optional() }),
  response: resultEnvelope(z.array(noteTemplate)),
});

export const draftAssessmentNote = defineEndpoint({
  method: 'POST',
  path: '/draftAssessmentNote',
  summary: 'The assessment section drafted for the chosen diagnoses, each with its supporting evidence (MEAT)',
  tags,
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ sid, templateId: z.string().max(100), icdCodes: z.array(icd10CmCode).min(1).max(50) }),
  response: resultEnvelope(
    z.object({
      text: z.string(),
      diagnoses: z.array(
        z.object({
          icdCode: z.string(),
          description: z.string(),
          meat: z.object({
            monitor: z.string().optional(),
            evaluate: z.string().optional(),
            assess: z.string().optional(),
            treat: z.string().optional(),
          }),
        }),
      ),
    }),
  ),
});
