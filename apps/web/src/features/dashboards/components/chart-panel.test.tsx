import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import type { DashboardColumn } from '../utils/columns';
import { formatMonth } from '../utils/format';
import { ChartPanel, type ChartPanelProps } from './chart-panel';

interface ClinicMonth {
  clinic: string;
  month: string;
  patients: number;
  cost: number;
}

const COLUMNS: DashboardColumn<ClinicMonth>[] = [
  { key: 'clinic', title: 'Clinic', value: (row) => row.clinic },
  { key: 'month', title: 'Month', value: (row) => row.month, format: (row) => formatMonth(row.month) },
  { key: 'patients', title: 'Patients', value: (row) => row.patients, format: 'count' },
  { key: 'cost', title: 'Cost', value: (row) => row.cost, format: 'money' },
];

const ROWS: ClinicMonth[] = [
  { clinic: 'Clinic North', month: '2026-02', patients: 1_204, cost: 1_234_567 },
  { clinic: 'Clinic North', month: '2026-03', patients: 12, cost: 0 },
  { clinic: 'Clinic South', month: '2026-03', patients: 0, cost: 4_210.5 },
];

function renderPanel(props: Partial<ChartPanelProps<ClinicMonth>> = {}) {
  return renderWithProviders(
    <ChartPanel<ClinicMonth>
      title="Cost by clinic"
      description="What the organisation paid for its patients' care."
      rows={ROWS}
      columns={COLUMNS}
      rowKey={(row) => `${row.clinic}-${row.month}`}
      exportName="cost-by-clinic"
      chart={(rows) => <div role="img" aria-label="Cost by month" data-points={rows.length} />}
      {...props}
    />,
  );
}

/** Captures the CSV files the panel downloads. */
function captureDownloads(): { files: Blob[]; names: string[] } {
  const files: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { files, names };
}

const panel = () => screen.getByRole('region', { name: 'Cost by clinic' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a chart panel', () => {
  it('shows the chart first, and the same numbers as a table at the toggle', async () => {
    renderPanel();
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Cost by clinic' })).toBeInTheDocument();
    expect(within(panel()).getByText("What the organisation paid for its patients' care.")).toBeInTheDocument();
    expect(within(panel()).getByRole('img', { name: 'Cost by month' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('table')).not.toBeInTheDocument();

    const toggle = within(panel()).getByRole('radiogroup', { name: 'Show Cost by clinic as' });
    await fastUser().click(within(toggle).getByRole('radio', { name: 'Table' }));

    const table = within(panel()).getByRole('table', { name: 'Cost by clinic' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Clinic North', 'Feb 2026', '1,204', '$1.2M'],
      ['Clinic North', 'Mar 2026', '12', '$0.00'],
      ['Clinic South', 'Mar 2026', '0', '$4,211'],
    ]);
    expect(within(panel()).queryByRole('img', { name: 'Cost by month' })).not.toBeInTheDocument();
  });

  it('is toggled from the keyboard', async () => {
    renderPanel({ defaultView: 'table' });
    const user = fastUser();
    within(panel()).getByRole('radio', { name: 'Table' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(within(panel()).getByRole('radio', { name: 'Chart' })).toBeChecked();
    expect(within(panel()).getByRole('img', { name: 'Cost by month' })).toBeInTheDocument();
  });

  it('exports every row, headers with their units and numbers unformatted', async () => {
    // Sixty rows: more than the table's page of fifty, all of them in the file.
    const { files, names } = captureDownloads();
    const many = Array.from({ length: 60 }, (_, index) => ({ ...ROWS[0]!, clinic: `Clinic ${String(index)}` }));
    renderPanel({ rows: many });
    await fastUser().click(within(panel()).getByRole('button', { name: 'Export CSV' }));
    expect(names[0]).toMatch(/^cost-by-clinic-\d{8}-\d{4}\.csv$/);
    const lines = (await files[0]!.text()).split('\r\n');
    expect(lines[0]).toBe('Clinic,Month,Patients,Cost (USD)');
    expect(lines[1]).toBe('Clinic 0,Feb 2026,1204,1234567');
    expect(lines).toHaveLength(62);
  });

  it('makes each number other than zero a button to its patients, named for them', async () => {
    const onDrill = vi.fn();
    renderPanel({ defaultView: 'table', onDrill });
    const table = within(panel()).getByRole('table');
    const button = within(table).getByRole('button', { name: 'Show the 12 patients of Clinic North, Mar 2026' });
    expect(button).toHaveTextContent('12');
    expect(
      within(table).getByRole('button', { name: 'Show the patients of Clinic South, Mar 2026 (Cost: $4,211)' }),
    ).toBeInTheDocument();
    expect(within(table).getAllByRole('button')).toHaveLength(4);

    const user = fastUser();
    button.focus();
    await user.keyboard('{Enter}');
    expect(onDrill).toHaveBeenCalledWith(ROWS[1], 'patients');
  });

  it('says when it loads, when nothing matches the filters, and offers a retry when it fails', async () => {
    const loading = renderPanel({ rows: undefined });
    expect(within(panel()).getByRole('status', { name: 'Loading Cost by clinic' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    loading.unmount();

    const empty = renderPanel({ rows: [] });
    expect(within(panel()).getByText('No data for these filters')).toBeInTheDocument();
    empty.unmount();

    const onRetry = vi.fn();
    renderPanel({ rows: undefined, isError: true, onRetry });
    expect(within(panel()).getByText('Cost by clinic could not be loaded.')).toBeInTheDocument();
    await fastUser().click(within(panel()).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
