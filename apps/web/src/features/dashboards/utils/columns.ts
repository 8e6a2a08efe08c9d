import type { ReactNode } from 'react';
import { csvText, type CsvValue } from '../../../lib/csv';
import { formatValue, unitOf, type ValueFormat } from './format';

/**
 * A column of a dashboard's table, its CSV file and its drill-down. A column with a `ValueFormat` is a
 * number: written in that format, aligned right, drillable, and exported unformatted with its unit in
 * the header (`Cost (USD)`). Any other column is text: its label names the row ("Clinic North, Mar 2026").
 */
export interface DashboardColumn<Row> {
  /** Unique among the table's columns. */
  key: string;
  /** The header, in the table and the CSV file. */
  title: string;
  value: (row: Row) => string | number | null | undefined;
  /** A number's format, or how a text column writes its value (a month key as `Mar 2026`). */
  format?: ValueFormat | ((row: Row) => string);
  /** What the table cell shows instead of the text (a patient's name linking to the portrait); the CSV keeps the text. */
  render?: (row: Row) => ReactNode;
  /** The CSV cell instead of the number or the text. */
  csv?: (row: Row) => CsvValue;
  /** A number column's cells open its patients when the table is drillable; false for one that should not (a target). */
  isDrillable?: boolean;
  /** Only in the CSV file (a patient's MRN and date of birth, which the table shows under the name). */
  isExportOnly?: boolean;
}

/** The columns the table shows. */
export function shownColumns<Row>(columns: readonly DashboardColumn<Row>[]): DashboardColumn<Row>[] {
  return columns.filter((column) => column.isExportOnly !== true);
}

/** The column holds numbers. */
export function isNumeric<Row>(column: DashboardColumn<Row>): boolean {
  return typeof column.format === 'string';
}

/** The cell as the table writes it. */
export function cellText<Row>(column: DashboardColumn<Row>, row: Row): string {
  const { format } = column;
  if (typeof format === 'function') return format(row);
  const value = column.value(row);
  if (format !== undefined) return formatValue(typeof value === 'number' ? value : null, format);
  return value === null || value === undefined ? '' : String(value);
}

/** The cell's drill opens a list: a number column's, with a number other than zero. */
export function isDrillCell<Row>(column: DashboardColumn<Row>, row: Row): boolean {
  const value = column.value(row);
  return isNumeric(column) && column.isDrillable !== false && typeof value === 'number' && value !== 0;
}

/** The row's name, from its text columns: "Clinic North, Mar 2026". */
export function rowLabelOf<Row>(columns: readonly DashboardColumn<Row>[], row: Row): string {
  return shownColumns(columns)
    .filter((column) => !isNumeric(column))
    .map((column) => cellText(column, row))
    .filter((text) => text !== '')
    .join(', ');
}

/**
 * A drill button's accessible name, holding the number it shows (WCAG 2.5.3, label in name): "Show the
 * 12 patients of Clinic North, Mar 2026" for a Patients column, otherwise "Show the patients of Clinic
 * North, Mar 2026 (Admissions: 14)".
 */
export function drillLabelOf<Row>(columns: readonly DashboardColumn<Row>[], column: DashboardColumn<Row>, row: Row) {
  const label = rowLabelOf(columns, row);
  const text = cellText(column, row);
  if (column.format === 'count' && /^patients$/i.test(column.title)) {
    return `Show the ${text} ${text === '1' ? 'patient' : 'patients'} of ${label}`;
  }
  return `Show the patients of ${label} (${column.title}: ${text})`;
}

/** The CSV header of a column: its title, with the unit of a number column ("Cost (USD)"). */
export function csvHeaderOf<Row>(column: DashboardColumn<Row>): string {
  const unit = typeof column.format === 'string' ? unitOf(column.format) : null;
  return unit ? `${column.title} (${unit})` : column.title;
}

/** Decimals a number keeps in the file: enough for any rate or cost, without floating-point noise. */
const CSV_DECIMALS = 10_000;

function csvValueOf<Row>(column: DashboardColumn<Row>, row: Row): CsvValue {
  if (column.csv) return column.csv(row);
  if (!isNumeric(column)) return cellText(column, row);
  const value = column.value(row);
  return typeof value === 'number' ? Math.round(value * CSV_DECIMALS) / CSV_DECIMALS : null;
}

/** Every row as a CSV file's text: a header line of the titles, then a line per row. */
export function tableCsv<Row>(columns: readonly DashboardColumn<Row>[], rows: readonly Row[]): string {
  return csvText([columns.map(csvHeaderOf), ...rows.map((row) => columns.map((column) => csvValueOf(column, row)))]);
}
