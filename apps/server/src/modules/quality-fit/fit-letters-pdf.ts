import type { FitLetter } from '@cairn/contracts';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * US Letter, one letter a page, laid out for a #10 window envelope with the letter folded in three:
 * the return address at the top, the recipient's block 2 1/8" from the top and 1" from the left (inside
 * the window), the date and body below the fold's window. The body's size shrinks (11 to 7 pt) until it
 * fits the page. pdf-lib's standard Helvetica: no font file, nothing fetched.
 */
const PAGE = { width: 612, height: 792 } as const;
const INCH = 72;
const LEFT = INCH;
const TEXT_WIDTH = PAGE.width - 2 * INCH;
const RETURN_ADDRESS_TOP = 0.5 * INCH;
const ADDRESS_BLOCK_TOP = 2.125 * INCH;
const DATE_TOP = 3.375 * INCH;
const BODY_TOP = 3.875 * INCH;
const BODY_BOTTOM = 0.75 * INCH;
const BODY_SIZES = [11, 10.5, 10, 9.5, 9, 8.5, 8, 7.5, 7] as const;

/** The body cannot be fitted on one page even at the smallest size. */
export class LetterTooLongError extends Error {
  override name = 'LetterTooLongError';
}

/** Words wrapped to the width; a word longer than a line is broken. Blank lines stay. */
export function wrapText(text: string, options: { font: PDFFont; size: number; width: number }): string[] {
  const { font, size, width } = options;
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** The largest body size whose lines fit between the body's top and the bottom margin, with its lines. */
export function fitBody(body: string, font: PDFFont): { size: number; leading: number; lines: string[] } {
  const height = PAGE.height - BODY_TOP - BODY_BOTTOM;
  for (const size of BODY_SIZES) {
    const leading = size * 1.35;
    const lines = wrapText(body, { font, size, width: TEXT_WIDTH });
    if (lines.length * leading <= height) return { size, leading, lines };
  }
  throw new LetterTooLongError('The letter does not fit on one page');
}

function drawLines(page: PDFPage, lines: readonly string[], options: { top: number; size: number; font: PDFFont }) {
  const leading = options.size * 1.25;
  lines.forEach((line, index) => {
    const y = PAGE.height - options.top - options.size - index * leading;
    page.drawText(line, { x: LEFT, y, size: options.size, font: options.font });
  });
}

/** Every letter on a page of its own, as one PDF. */
export async function renderLettersPdf(letters: readonly FitLetter[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Cairn');
  pdf.setCreator('Cairn');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const letter of letters) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    drawLines(page, letter.returnAddress, { top: RETURN_ADDRESS_TOP, size: 10, font: bold });
    drawLines(page, letter.addressBlock.slice(0, 5), { top: ADDRESS_BLOCK_TOP, size: 11, font });
    drawLines(page, [letter.date], { top: DATE_TOP, size: 11, font });
    const body = fitBody(letter.body, font);
    body.lines.forEach((line, index) => {
      const y = PAGE.height - BODY_TOP - body.size - index * body.leading;
      if (line) page.drawText(line, { x: LEFT, y, size: body.size, font });
    });
  }
  return pdf.save();
}

/** Whether a body fits one page: checked on a template, with the sample patient's long values. */
export async function fitsOnePage(body: string): Promise<boolean> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  try {
    fitBody(body, font);
    return true;
  } catch (error) {
    if (error instanceof LetterTooLongError) return false;
    throw error;
  }
}
