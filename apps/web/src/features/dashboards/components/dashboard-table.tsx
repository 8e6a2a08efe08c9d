import { Button, Table, type TableColumnsType } from 'antd';
import { cellText, drillLabelOf, isDrillCell, isNumeric, shownColumns, type DashboardColumn } from '../utils/columns';

/** Past this many rows the table pages (the CSV file still holds every row). */
const DEFAULT_PAGE_SIZE = 50;

export interface DashboardTableProps<Row extends object> {
  /** The table's name for screen readers ('Admissions by month'). */
  label: string;
  rows: readonly Row[];
  columns: readonly DashboardColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Makes the numbers buttons that open their patients: the row, and which column's number it was. */
  onDrill?: (row: Row, columnKey: string) => void;
  /** A drill button's accessible name, instead of "Show the 12 patients of Clinic North, Mar 2026". */
  drillLabel?: (row: Row, column: DashboardColumn<Row>) => string;
  pageSize?: number;
}

type CellValue = string | number | null | undefined;

function compareValues(left: CellValue, right: CellValue): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (left === null || left === undefined) return right === null || right === undefined ? 0 : -1;
  if (right === null || right === undefined) return 1;
  return String(left).localeCompare(String(right));
}

/**
 * A dashboard's numbers as a table: the chart's text alternative, sortable by each column, numbers
 * aligned right; with `onDrill`, each number other than zero is a button to its patients, named for
 * what it opens.
 */
export function DashboardTable<Row extends object>({
  label,
  rows,
  columns,
  rowKey,
  onDrill,
  drillLabel,
  pageSize = DEFAULT_PAGE_SIZE,
}: DashboardTableProps<Row>) {
  const tableColumns: TableColumnsType<Row> = shownColumns(columns).map((column) => ({
    key: column.key,
    title: column.title,
    align: isNumeric(column) ? 'right' : 'left',
    sorter: (left: Row, right: Row) => compareValues(column.value(left), column.value(right)),
    render: (_: unknown, row: Row) => {
      const content = column.render ? column.render(row) : cellText(column, row);
      if (!onDrill || !isDrillCell(column, row)) return content;
      return (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: 'auto' }}
          aria-label={drillLabel ? drillLabel(row, column) : drillLabelOf(columns, column, row)}
          onClick={() => onDrill(row, column.key)}
        >
          {content}
        </Button>
      );
    },
  }));
  return (
    <Table<Row>
      aria-label={label}
      rowKey={rowKey}
      size="small"
      columns={tableColumns}
      dataSource={rows}
      scroll={{ x: true }}
      pagination={rows.length > pageSize ? { pageSize, showSizeChanger: false } : false}
    />
  );
}
