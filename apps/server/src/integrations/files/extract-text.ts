import { convert } from 'html-to-text';

/** Media types whose text Cairn extracts on ingest; anything else is kept as a file with empty text. */
export type ExtractableType = 'text/plain' | 'text/html' | 'application/pdf';

/** The media type without parameters, lower case (`text/html; charset=utf-8` -> `text/html`). */
export function baseMediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * The plain text of a document for search and the suspecting engine: text as is, HTML through
 * html-to-text (links and images dropped, tables kept as text), PDF page by page through pdf.js. A file
 * that cannot be read answers an empty string: the original is still kept, only its text is missing.
 */
export async function extractText(bytes: Uint8Array, contentType: string | undefined): Promise<string> {
  const type = baseMediaType(contentType);
  try {
    if (type === 'text/html' || type === 'application/xhtml+xml') return htmlToPlainText(decodeUtf8(bytes));
    if (type === 'application/pdf') return await pdfToPlainText(bytes);
    if (type.startsWith('text/')) return decodeUtf8(bytes);
  } catch {
    return '';
  }
  return '';
}

function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

export function htmlToPlainText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}

async function pdfToPlainText(bytes: Uint8Array): Promise<string> {
  // The legacy build runs in Node without DOM globals; loaded on first use, as most imports have no PDF.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const lines: string[] = [];
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      pages.push(lines.join('\n').trim());
      page.cleanup();
    }
    return pages.filter(Boolean).join('\n\n');
  } finally {
    await document.destroy();
  }
}
