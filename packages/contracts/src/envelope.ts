import { z } from 'zod';

/** Success responses carry `{"result": ..., "message": ...}` (DESIGN.md, API conventions). */
export function resultEnvelope<T extends z.ZodType>(result: T) {
  return z.object({ result, message: z.string().optional() });
}
