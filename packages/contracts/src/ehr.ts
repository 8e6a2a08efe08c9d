import { z } from 'zod';

/** Why a diagnosis could not be written to the EHR (spec §3 "Push-failure reason"). */
export const PUSH_FAILURE_REASONS = [
  /** The visit has no encounter in the EHR. */
  'EncounterIdMissing',
  /** The visit or its EHR encounter is cancelled, entered in error or a no-show. */
  'NonPushableStatus',
  /** No EHR connection, or no live EHR session (token) for the organisation. */
  'MissingEHRLiveData',
  /** The EHR does not accept Condition writes. */
  'PredictorNotImplementedForEHR',
] as const;
export const pushFailureReason = z.enum(PUSH_FAILURE_REASONS);
export type PushFailureReason = z.infer<typeof pushFailureReason>;
