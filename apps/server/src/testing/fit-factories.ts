import type { Db } from '../db/client';
import { fitBatches, fitKits, fitTemplates, type FitKitState } from '../db/clinical-schema';

/** FIT outreach rows for server tests: a template, a batch mailed with it, a kit per patient. */

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('row not created');
  return row;
}

export const A_LETTER_BODY =
  'Dear {{patient.firstName}} {{patient.lastName}},\n\nYour FIT kit is enclosed. Please send it back by {{returnBy}}.\n\n{{provider.name}}, {{clinic.name}}';

export async function createFitTemplateRow(
  db: Db,
  options: { organisationId: string } & Partial<typeof fitTemplates.$inferInsert>,
): Promise<typeof fitTemplates.$inferSelect> {
  return first(
    await db
      .insert(fitTemplates)
      .values({ name: 'FIT invitation', language: 'en', body: A_LETTER_BODY, returnByDays: 21, ...options })
      .returning(),
  );
}

/** A batch mailed on `mailedOn` (2026-05-04 unless told), with a kit for each patient in `status`. */
export async function createFitBatchRow(
  db: Db,
  options: { organisationId: string; patientIds: readonly string[]; mailedOn?: string; status?: FitKitState },
): Promise<{ batch: typeof fitBatches.$inferSelect; kits: (typeof fitKits.$inferSelect)[] }> {
  const { organisationId } = options;
  const mailedOn = options.mailedOn ?? '2026-05-04';
  const batch = first(
    await db
      .insert(fitBatches)
      .values({
        organisationId,
        templateName: 'FIT invitation',
        language: 'en',
        body: A_LETTER_BODY,
        returnByDays: 21,
        mailedOn,
        returnBy: mailedOn,
      })
      .returning(),
  );
  const kits = await db
    .insert(fitKits)
    .values(
      options.patientIds.map((patientId) => ({
        organisationId,
        batchId: batch.id,
        patientId,
        status: options.status ?? 'mailed',
        mailedOn,
      })),
    )
    .returning();
  return { batch, kits };
}
