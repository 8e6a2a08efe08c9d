import type { EndpointBody, FitLanguage, getFitLetters } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { auditPatientsRead, type Caller } from './fit-access';
import { openWorkspace } from '../quality';
import { mergeLetter } from './fit-letter';
import { renderLettersPdf } from './fit-letters-pdf';
import { findBatch, listBatchPatients } from './fit-kits.repository';
import { readOrganisationName, readRecipients } from './fit-recipients.repository';

/**
 * A batch's letters as one PDF, made again from the template as it was mailed (its words, language and
 * days) and each patient's present name and address, by name; each patient's letter is audited.
 */
export async function getLetters(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getFitLetters>,
): Promise<{ fileName: string; contentType: 'application/pdf'; pdfBase64: string; pages: number }> {
  const scope = await openWorkspace(db, caller.auth);
  const batch = await findBatch(db, scope.organisationId, body.batchId);
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.');
  const patientIds = await listBatchPatients(db, { scope, batchId: batch.id });
  if (patientIds.length === 0) throw new AppError('NOT_FOUND', 'No letter of this batch is yours to print.');
  const recipients = await readRecipients(db, { scope, patientIds });
  const setting = {
    organisationName: await readOrganisationName(db, scope.organisationId),
    language: batch.language as FitLanguage,
    mailedOn: batch.mailed_on,
    returnByDays: batch.return_by_days,
  };
  const letters = patientIds.flatMap((patientId) => {
    const recipient = recipients.get(patientId);
    return recipient ? [mergeLetter(batch.body, recipient.recipient, setting)] : [];
  });
  const pdf = await renderLettersPdf(letters, `FIT outreach letters mailed ${batch.mailed_on}`);
  await auditPatientsRead(db, caller, { what: 'fit-letters', patientIds, details: { batchId: batch.id } });
  return {
    fileName: `fit-letters-${batch.mailed_on}-${batch.id.slice(0, 8)}.pdf`,
    contentType: 'application/pdf',
    pdfBase64: Buffer.from(pdf).toString('base64'),
    pages: letters.length,
  };
}
