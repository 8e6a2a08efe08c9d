import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error';
import { isFitResultCode, readResultWord } from '../fit-kits';

/**
 * A lab's FIT results file (CSV, the first line naming the columns): `mrn`, `date_of_birth`,
 * `collection_date`, `result` (positive or negative, as labs write it: pos, neg, detected, not
 * detected, ...) and `loinc` (a code of CMS130's FOBT or sDNA FIT value sets). Columns are recognised
 * as people write them (`Date of birth`, `DOB`, `Collected`, `LOINC code`); others are ignored.
 */
export const RESULT_COLUMNS = ['mrn', 'date_of_birth', 'collection_date', 'result', 'loinc'] as const;
export type ResultColumn = (typeof RESULT_COLUMNS)[number];

const COLUMN_NAMES: Record<string, ResultColumn> = {
  mrn: 'mrn',
  medicalrecordnumber: 'mrn',
  patientmrn: 'mrn',
  dateofbirth: 'date_of_birth',
  dob: 'date_of_birth',
  birthdate: 'date_of_birth',
  collectiondate: 'collection_date',
  collected: 'collection_date',
  collectedon: 'collection_date',
  datecollected: 'collection_date',
  specimendate: 'collection_date',
  result: 'result',
  resultvalue: 'result',
  loinc: 'loinc',
  loinccode: 'loinc',
  code: 'loinc',
};

export interface ResultLine {
  line: number;
  mrn: string;
  dateOfBirth: string;
  collectionDate: string;
  result: 'positive' | 'negative';
  loinc: string;
}

export interface RefusedLine {
  line: number;
  errors: { column: string; message: string }[];
}

function columnOf(header: string): ResultColumn | undefined {
  return COLUMN_NAMES[
    header
      .trim()
      .toLowerCase()
      .replace(/[\s_\-./]+/g, '')
  ];
}

/** A date written YYYY-MM-DD or MM/DD/YYYY that exists, as YYYY-MM-DD. */
export function readDate(text: string): string | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year || !month || !day) return undefined;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? undefined : date;
}

function readLine(line: number, cells: Record<ResultColumn, string>, today: string): ResultLine | RefusedLine {
  const errors: { column: string; message: string }[] = [];
  const refuse = (column: ResultColumn, message: string) => errors.push({ column, message });
  const mrn = cells.mrn.trim();
  if (!mrn) refuse('mrn', 'Required');
  const dateOfBirth = readDate(cells.date_of_birth);
  if (!dateOfBirth) refuse('date_of_birth', 'Not a date (YYYY-MM-DD or MM/DD/YYYY)');
  const collectionDate = readDate(cells.collection_date);
  if (!collectionDate) refuse('collection_date', 'Not a date (YYYY-MM-DD or MM/DD/YYYY)');
  else if (collectionDate > today) refuse('collection_date', 'Is in the future');
  else if (dateOfBirth && collectionDate < dateOfBirth) refuse('collection_date', 'Is before the date of birth');
  const result = readResultWord(cells.result);
  if (!result) refuse('result', 'Not positive or negative');
  const loinc = cells.loinc.trim();
  if (!isFitResultCode(loinc)) refuse('loinc', 'Not a LOINC code of CMS130’s FOBT or sDNA FIT value sets');
  if (errors.length > 0 || !dateOfBirth || !collectionDate || !result) return { line, errors };
  return { line, mrn, dateOfBirth, collectionDate, result, loinc };
}

/** Every line of the file read, or refused naming its columns; the file itself refused (422 `csv`) when unreadable. */
export function readResultsFile(
  csv: string,
  options: { today: string; maxRows: number },
): (ResultLine | RefusedLine)[] {
  let rows: string[][];
  try {
    rows = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false });
  } catch (error) {
    const where = error instanceof Error && 'lines' in error ? ` (line ${String(error.lines)})` : '';
    throw AppError.validation([{ field: 'csv', message: `The file is not valid CSV${where}` }]);
  }
  const [headers, ...records] = rows;
  if (!headers) throw AppError.validation([{ field: 'csv', message: 'The file is empty' }]);
  const columns = headers.map(columnOf);
  const missing = RESULT_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw AppError.validation([{ field: 'csv', message: `The first line lacks the columns ${missing.join(', ')}` }]);
  }
  if (records.length > options.maxRows) {
    throw AppError.validation([
      {
        field: 'csv',
        message: `At most ${String(options.maxRows)} results a file (this one has ${String(records.length)})`,
      },
    ]);
  }
  return records.map((record, index) => {
    const cells = Object.fromEntries(RESULT_COLUMNS.map((column) => [column, ''])) as Record<ResultColumn, string>;
    columns.forEach((column, position) => {
      if (column) cells[column] = record[position] ?? '';
    });
    return readLine(index + 2, cells, options.today);
  });
}

export function isRefused(line: ResultLine | RefusedLine): line is RefusedLine {
  return 'errors' in line;
}
