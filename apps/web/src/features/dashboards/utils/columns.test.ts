import { describe, expect, it } from 'vitest';
import { cellText, drillLabelOf, isDrillCell, rowLabelOf, tableCsv, type DashboardColumn } from './columns';
import { formatMonth } from './format';

interface ClinicMonth {
  clinic: string;
  month: string;
  patients: number;
  cost: number | null;
  target: number;
}

const COLUMNS: DashboardColumn<ClinicMonth>[] = [
  { key: 'clinic', title: 'Clinic', value: (row) => row.clinic },
  { key: 'month', title: 'Month', value: (row) => row.month, format: (row) => formatMonth(row.month) },
  { key: 'patients', title: 'Patients', value: (row) => row.patients, format: 'count' },
  { key: 'cost', title: 'Cost', value: (row) => row.cost, format: 'money' },
  { key: 'target', title: 'Target', value: (row) => row.target, format: 'percent', isDrillable: false },
];

const NORTH: ClinicMonth = { clinic: 'Clinic North', month: '2026-03', patients: 12, cost: 1_234_567.891, target: 80 };

describe('dashboard table columns', () => {
  it('writes each cell in its column’s format', () => {
    expect(COLUMNS.map((column) => cellText(column, NORTH))).toEqual([
      'Clinic North',
      'Mar 2026',
      '12',
      '$1.2M',
      '80.0%',
    ]);
  });

  it('names a row by its text columns and a drill by the number it shows', () => {
    expect(rowLabelOf(COLUMNS, NORTH)).toBe('Clinic North, Mar 2026');
    expect(drillLabelOf(COLUMNS, COLUMNS[2]!, NORTH)).toBe('Show the 12 patients of Clinic North, Mar 2026');
    expect(drillLabelOf(COLUMNS, COLUMNS[3]!, NORTH)).toBe('Show the patients of Clinic North, Mar 2026 (Cost: $1.2M)');
  });

  it('drills numbers other than zero, in columns that allow it', () => {
    expect(isDrillCell(COLUMNS[2]!, NORTH)).toBe(true);
    expect(isDrillCell(COLUMNS[2]!, { ...NORTH, patients: 0 })).toBe(false);
    expect(isDrillCell(COLUMNS[3]!, { ...NORTH, cost: null })).toBe(false);
    expect(isDrillCell(COLUMNS[4]!, NORTH)).toBe(false);
    expect(isDrillCell(COLUMNS[0]!, NORTH)).toBe(false);
  });

  it('exports every row with unit headers, numbers unformatted and text guarded', () => {
    const rows = [NORTH, { ...NORTH, clinic: '=cmd|calc', month: '2026-04', cost: null }];
    expect(tableCsv(COLUMNS, rows)).toBe(
      'Clinic,Month,Patients,Cost (USD),Target (%)\r\n' +
        'Clinic North,Mar 2026,12,1234567.891,80\r\n' +
        "'=cmd|calc,Apr 2026,12,,80\r\n",
    );
  });
});
