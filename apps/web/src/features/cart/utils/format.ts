import { PUSH_FAILURE_REASONS, type PushFailureReason } from '@cairn/contracts';

// Codes and RAF values are formatted by lib/clinical-format.ts, the one place every tab uses.
export { formatIcdCode, formatRaf, normalizeIcdCode } from '../../../lib/clinical-format';

const PUSH_FAILURE_TEXT: Record<PushFailureReason, string> = {
  EncounterIdMissing: 'This visit has no encounter in the EHR yet',
  NonPushableStatus: 'The encounter no longer accepts diagnoses',
  MissingEHRLiveData: 'Open Cairn from the EHR to send diagnoses',
  PredictorNotImplementedForEHR: 'This EHR does not accept diagnoses from Cairn',
};

/**
 * Why a diagnosis was not written, in words: the spec §3 push-failure reasons have a sentence each;
 * any other reason is the EHR's own short text, shown as it came.
 */
export function describePushFailure(reason: string | undefined): string {
  if (reason === undefined || reason.trim() === '') return 'The EHR did not take this diagnosis';
  return isPushFailureReason(reason) ? PUSH_FAILURE_TEXT[reason] : reason;
}

function isPushFailureReason(reason: string): reason is PushFailureReason {
  return PUSH_FAILURE_REASONS.some((known) => known === reason);
}
