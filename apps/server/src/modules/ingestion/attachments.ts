import { baseMediaType, extractText } from '../../integrations/files/extract-text';
import type { FileStore } from '../../integrations/files/file-store';
import type { PendingAttachment } from '../../integrations/fhir/fhir-mapping';

export interface ReadAttachment {
  contentType: string;
  text: string;
  fileKey: string | null;
  fileSize: number | null;
}

/**
 * A document's content: plain text is kept as text; HTML, PDF and other files are stored in the
 * file store and their text extracted. An attachment with only a URL is kept with empty text.
 */
export async function readAttachment(
  attachment: PendingAttachment,
  options: { organisationId: string; fileStore?: FileStore | undefined },
): Promise<ReadAttachment> {
  const contentType = baseMediaType(attachment.contentType) || 'text/plain';
  if (attachment.data === undefined) return { contentType, text: '', fileKey: null, fileSize: null };
  const bytes = Buffer.from(attachment.data, 'base64');
  if (contentType === 'text/plain') {
    return { contentType, text: bytes.toString('utf8'), fileKey: null, fileSize: bytes.length };
  }
  const [text, fileKey] = await Promise.all([
    extractText(bytes, contentType),
    options.fileStore?.put(options.organisationId, bytes),
  ]);
  return { contentType, text, fileKey: fileKey ?? null, fileSize: bytes.length };
}
