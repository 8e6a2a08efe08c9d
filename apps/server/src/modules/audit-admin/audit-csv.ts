/**
 * CSV as RFC 4180 writes it (a cell with a comma, a quote or a line break is quoted, its quotes
 * doubled; lines end CRLF), made safe to open in a spreadsheet: a cell that starts with = + - @, a tab or
 * a carriage return would be read as a formula (OWASP "CSV injection"), so it is prefixed with a quote,
 * which the spreadsheet shows as text. Audit details hold what callers typed (a username tried at
 * sign-in), so every cell is treated this way.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells, with its CRLF. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
