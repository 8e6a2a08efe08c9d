import type { DxItem, ExplanationGroup, PartnerNoteKind, PartnerNoteStatus, RejectReason } from '@cairn/contracts';

type SuspectKind = NonNullable<DxItem['suspectKind']>;
type NonBillableReason = NonNullable<DxItem['nonBillableReason']>;

/** Spec §1: the three sub-kinds of a suspect, as a provider reads them. */
export const SUSPECT_KIND_LABELS: Record<SuspectKind, string> = {
  'documented-elsewhere': 'Documented elsewhere',
  'meets-diagnostic-criteria': 'Meets diagnostic criteria',
  'clinical-correlation-needed': 'Clinical correlation needed',
};

/** The sub-kind of a suspect in a row's tag, where the full label does not fit. */
export const SUSPECT_KIND_SHORT_LABELS: Record<SuspectKind, string> = {
  'documented-elsewhere': 'documented',
  'meets-diagnostic-criteria': 'criteria met',
  'clinical-correlation-needed': 'correlate',
};

export const REJECT_REASON_LABELS: Record<RejectReason, string> = {
  'not-clinically-supported': 'Not clinically supported',
  'insufficient-documentation': 'Insufficient documentation',
  'condition-resolved': 'Condition resolved',
  'already-addressed': 'Already addressed',
  other: 'Other',
};

export const NON_BILLABLE_LABELS: Record<NonBillableReason, string> = {
  NonBillable: 'Not billable',
  AlreadySelected: 'Already selected',
};

/** Spec §3 in-app explanation groups: the subtle label above the server's explanation. */
export const EXPLANATION_GROUP_LABELS: Record<ExplanationGroup, string> = {
  readdress: 'Readdress',
  'new-hcc': 'New HCC',
  'new-hcc-mid-year': 'New HCC, mid-year',
  'existing-hcc': 'Existing HCC',
  'existing-hcc-mid-year': 'Existing HCC, mid-year',
  'provider-rejected': 'Rejected by a provider',
  'coder-rejected': 'Rejected by a coder',
  'partner-organisation-notes': 'Partner organisation notes',
  'no-hcc': 'No HCC',
  'cart-for-provider': 'Cart for the provider',
  'cart-for-coder': 'Cart for the coder',
};

/**
 * Issue 7 item 8: why a suggestion of each group is shown. The server's `explanation` names the
 * patient's particulars (the year last coded, where); this is what the tab says when it has none.
 */
export const EXPLANATION_GROUP_TEXT: Record<ExplanationGroup, string> = {
  readdress: 'This diagnosis was coded in an earlier year and has not been addressed this year.',
  'new-hcc': 'The evidence points to a condition in an HCC not yet captured for this patient.',
  'new-hcc-mid-year': 'A condition in an HCC not yet captured, found since the middle of the year.',
  'existing-hcc': 'The patient already has this HCC; this code documents the condition more specifically.',
  'existing-hcc-mid-year': 'The patient already has this HCC; new evidence since the middle of the year.',
  'provider-rejected': 'A provider rejected this suggestion before; it is shown again because of new evidence.',
  'coder-rejected': 'A coder rejected this suggestion; it is shown for the provider to confirm.',
  'partner-organisation-notes': "A partner organisation's notes mention this condition.",
  'no-hcc': 'This condition maps to no HCC, but the evidence supports documenting it.',
  'cart-for-provider': 'The coder chose this diagnosis for the provider to review.',
  'cart-for-coder': 'The provider chose this diagnosis; it is in the cart for the coder to check.',
};

/** What a partner organisation's note asks for (issue 16 item 7), as a short tag. */
export const PARTNER_NOTE_KIND_LABELS: Record<PartnerNoteKind, string> = {
  'annual-wellness-visit': 'Annual wellness visit',
  'care-management-referral': 'Care management referral',
  'medication-review': 'Medication review',
  other: 'Recommendation',
};

/** What was recorded on a partner note, as the row says it ("Done by Maya Rivera ..."). */
export const PARTNER_NOTE_STATUS_LABELS: Record<PartnerNoteStatus, string> = {
  acknowledged: 'Acknowledged',
  done: 'Done',
  'not-applicable': 'Not applicable',
};
