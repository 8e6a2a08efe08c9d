import { PDFDocument, StandardFonts } from 'pdf-lib';

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** The HTML a partner system would send for a document's text: a title and one paragraph per line. */
export function renderHtml(title: string, text: string): Uint8Array {
  const body = text
    .split('\n')
    .map((line) => (line.startsWith('- ') ? `<li>${escapeHtml(line.slice(2))}</li>` : `<p>${escapeHtml(line)}</p>`))
    .join('\n');
  const html = `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n<h1>${escapeHtml(title)}</h1>\n${body}\n</body></html>\n`;
  return new TextEncoder().encode(html);
}

/** A one-page letter-size PDF of the text; dated `date`, so the same text always gives the same bytes. */
export async function renderPdf(title: string, text: string, date: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const at = new Date(`${date}T12:00:00Z`);
  pdf.setTitle(title);
  pdf.setProducer('Cairn demo');
  pdf.setCreator('Cairn demo');
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  let y = 740;
  page.drawText(title, { x: 56, y, size: 16, font });
  for (const line of text.split('\n')) {
    y -= 20;
    if (y < 56) break;
    page.drawText(line.slice(0, 95), { x: 56, y, size: 11, font });
  }
  return pdf.save({ useObjectStreams: false });
}
