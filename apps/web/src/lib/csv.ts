import { dayjs } from './dates';

/** A CSV cell's value before it is written: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/**
 * A CSV cell as RFC 4180 writes it (quoted when it holds a comma, a quote or a line break, its quotes
 * doubled), made safe to open in a spreadsheet: text that starts with = + - @, a tab or a carriage
 * return would be read as a formula (OWASP "CSV injection"), so it is prefixed with a quote. A number
 * is written as it is (a negative number is not a formula, and stays a number in the spreadsheet).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of cells as a CSV file's text, each line ending CRLF (RFC 4180). */
export function csvText(lines: readonly (readonly CsvValue[])[]): string {
  return lines.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}

/**
 * Saves the text as `<name>-<date>-<time>.csv` through the browser's download. The byte order mark
 * tells spreadsheets the file is UTF-8 (names with accents stay as written).
 */
export function downloadCsv(text: string, name: string): void {
  const blob = new Blob([`\ufeff${text}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}-${dayjs().format('YYYYMMDD-HHmm')}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link's click; the URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
