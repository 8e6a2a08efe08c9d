import type { QualityWorklistRow } from '@cairn/contracts';
import { dayjs } from '../../../lib/dates';

/**
 * A CSV cell as RFC 4180 writes it (quoted when it holds a comma, a quote or a line break, its quotes
 * doubled), made safe to open in a spreadsheet: a cell that starts with = + - @, a tab or a carriage
 * return would be read as a formula (OWASP "CSV injection"), so it is prefixed with a quote.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER = [
  'Last name',
  'First name',
  'Date of birth',
  'MRN',
  'Measure',
  'Measure version',
  'Measure title',
  'Status',
  'Due date',
  'Reason',
  'Primary provider',
  'Department',
  'Clinic',
  'Next visit',
  'First seen',
  'Cairn patient id',
];

function cellsOf(row: QualityWorklistRow): (string | null)[] {
  return [
    row.patient.lastName,
    row.patient.firstName,
    row.patient.dateOfBirth,
    row.patient.mrn,
    row.measureId,
    row.measureVersion,
    row.measureTitle,
    row.status,
    row.dueDate,
    row.reason,
    row.primaryProvider?.name ?? null,
    row.departmentName,
    row.clinicName,
    row.nextVisit ? dayjs(row.nextVisit.startAt).format('YYYY-MM-DD HH:mm') : null,
    dayjs(row.firstSeenAt).format('YYYY-MM-DD'),
    row.patient.cairnPatientId,
  ];
}

/** The worklist's rows as a CSV file's text: a header line, then one line per gap, lines ending CRLF. */
export function worklistCsv(rows: readonly QualityWorklistRow[]): string {
  return [HEADER, ...rows.map(cellsOf)].map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
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
