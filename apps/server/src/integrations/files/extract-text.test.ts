import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractText } from './extract-text';

async function tinyPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 700 - index * 20, size: 12, font }));
  return pdf.save();
}

describe('extractText', () => {
  it('reduces HTML to its readable text, without scripts or link targets', async () => {
    const html =
      '<html><head><style>p{}</style></head><body><h2>Assessment</h2><p>Chronic <b>COPD</b>, stable.</p><a href="https://x.test">see</a></body></html>';
    const text = await extractText(new TextEncoder().encode(html), 'text/html; charset=utf-8');
    expect(text).toContain('Chronic COPD, stable.');
    expect(text).not.toContain('https://x.test');
    expect(text).not.toContain('<');
  });

  it('reads the text of every page of a PDF', async () => {
    const text = await extractText(
      await tinyPdf(['Assessment: type 2 diabetes', 'Plan: metformin']),
      'application/pdf',
    );
    expect(text).toBe('Assessment: type 2 diabetes\nPlan: metformin');
  });

  it('keeps plain text as it is and answers nothing for a file it cannot read', async () => {
    expect(await extractText(new TextEncoder().encode('BP 150/95'), 'text/plain')).toBe('BP 150/95');
    expect(await extractText(new TextEncoder().encode('not a pdf'), 'application/pdf')).toBe('');
    expect(await extractText(new Uint8Array([1, 2, 3]), 'image/png')).toBe('');
  });
});
