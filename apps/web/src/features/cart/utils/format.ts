import { PUSH_FAILURE_REASONS, type PushFailureReason } from '@cairn/contracts';

/** Codes may arrive without the dot (`E119`); people read them with it after the category (`E11.9`). */
export function formatIcdCode(code: string): string {
  const bare = normalizeIcdCode(code);
  return bare.length > 3 ? `${bare.slice(0, 3)}.${bare.slice(3)}` : bare;
}

/** One spelling per code, so that `e11.9` from one answer and `E119` from another name the same code. */
export function normalizeIcdCode(code: string): string {
  return code.replace(/[\s.]/g, '').toUpperCase();
}

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

/** An HCC's coefficient as the risk score shows it: three decimals. */
export function formatRaf(raf: number): string {
  return raf.toFixed(3);
}
