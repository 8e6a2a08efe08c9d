import { z } from 'zod';
import { pushFailureReason } from './addon';

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
