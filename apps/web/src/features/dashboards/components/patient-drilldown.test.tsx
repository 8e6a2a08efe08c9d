import { screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import type { DashboardColumn } from '../utils/columns';
import { patientColumns } from './patient-columns';
import { PatientDrilldown, type PatientDrilldownProps, type PatientPage } from './patient-drilldown';

interface Discharge {
  patient: { cairnPatientId: string; firstName: string; lastName: string; dateOfBirth: string; mrn: string | null };
  daysSinceDischarge: number;
}

/** A list of twelve patients, shown five a page: three pages. */
const TOTAL = 12;
const PAGE_SIZE = 5;

/** The discharged patient `index` of the list, 1-based. */
function aDischarge(index: number): Discharge {
  return {
    patient: {
      cairnPatientId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      firstName: 'Ada',
      lastName: `Patient${String(index)}`,
      dateOfBirth: '1950-12-10',
      mrn: `MRN${String(index).padStart(3, '0')}`,
    },
    daysSinceDischarge: index % 14,
  };
}

/** The server's pages of a list of `total` discharges. */
function pagesOf(total: number) {
  return vi.fn(async (page: number, pageSize: number): Promise<PatientPage<Discharge>> => ({
    rows: Array.from({ length: Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize)) }, (_, index) =>
      aDischarge((page - 1) * pageSize + index + 1),
    ),
    total,
  }));
}

const COLUMNS: DashboardColumn<Discharge>[] = [
  ...patientColumns<Discharge>((row) => row.patient),
  { key: 'days', title: 'Days since discharge', value: (row) => row.daysSinceDischarge, format: 'days' },
];

type HostProps = Partial<PatientDrilldownProps<Discharge>>;

/** A page with a button that opens the drill-down, as a dashboard's number does. */
function Host(props: HostProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Show the 12 patients</Button>
      <PatientDrilldown<Discharge>
        open={isOpen}
        title="Discharged without a follow-up: Clinic North"
        onClose={() => setOpen(false)}
        queryKey={['discharges', 'clinic-north']}
        fetchPage={pagesOf(TOTAL)}
        columns={COLUMNS}
        rowKey={(row) => row.patient.cairnPatientId}
        exportName="transitional-care"
        pageSize={PAGE_SIZE}
        {...props}
      />
    </>
  );
}

async function openDrilldown(props: HostProps = {}) {
  renderWithProviders(<Host {...props} />);
  const user = fastUser();
  await user.click(screen.getByRole('button', { name: 'Show the 12 patients' }));
  const drawer = await screen.findByRole('dialog', { name: 'Discharged without a follow-up: Clinic North' });
  return { user, drawer };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the patient drill-down', () => {
  it('lists the first page, each patient linking to the portrait, and takes the focus', async () => {
    const { drawer } = await openDrilldown();
    const table = await within(drawer).findByRole('table', {
      name: 'Patients of Discharged without a follow-up: Clinic North',
    });
    expect(within(drawer).getByText('12 patients')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(PAGE_SIZE + 1);
    expect(within(rows[1]!).getByRole('link', { name: 'Patient1, Ada' })).toHaveAttribute(
      'href',
      `/patient/${aDischarge(1).patient.cairnPatientId}`,
    );
    expect(within(rows[1]!).getByText('1 day')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'MRN' })).not.toBeInTheDocument();
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
  });

  it('asks the server for the page chosen', async () => {
    const fetchPage = pagesOf(TOTAL);
    const { user, drawer } = await openDrilldown({ fetchPage });
    await within(drawer).findByRole('link', { name: 'Patient1, Ada' });
    await user.click(within(drawer).getByRole('listitem', { name: '3' }));
    expect(await within(drawer).findByRole('link', { name: 'Patient11, Ada' })).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith(3, PAGE_SIZE);
    expect(within(drawer).queryByRole('link', { name: 'Patient1, Ada' })).not.toBeInTheDocument();
  });

  it('exports every patient of the list, and says when the server held some back', async () => {
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const exportAll = vi.fn(async () => ({ rows: [aDischarge(1), aDischarge(2)], total: 3 }));
    const { user, drawer } = await openDrilldown({ exportAll });
    await user.click(await within(drawer).findByRole('button', { name: 'Export CSV' }));
    expect(await within(drawer).findByText('The file holds the first 2 of 3 patients.')).toBeInTheDocument();
    const lines = (await files[0]!.text()).split('\r\n');
    expect(lines.slice(0, 2)).toEqual([
      'Patient,Date of birth,MRN,Cairn patient id,Days since discharge (days)',
      `"Patient1, Ada",1950-12-10,MRN001,${aDischarge(1).patient.cairnPatientId},1`,
    ]);
  });

  it('closes with Escape and gives the focus back to the button that opened it', async () => {
    const { user } = await openDrilldown();
    await screen.findByRole('link', { name: 'Patient1, Ada' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show the 12 patients' })).toHaveFocus();
  });

  it('says when there are no patients', async () => {
    const { drawer } = await openDrilldown({ fetchPage: pagesOf(0) });
    expect(await within(drawer).findByText('No patients')).toBeInTheDocument();
  });

  it('offers a retry when the list fails', async () => {
    const fetchPage = vi.fn().mockRejectedValueOnce(new Error('down')).mockImplementation(pagesOf(TOTAL));
    const { user, drawer } = await openDrilldown({ fetchPage });
    expect(await within(drawer).findByText('The patients could not be loaded.')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Retry' }));
    expect(await within(drawer).findByRole('link', { name: 'Patient1, Ada' })).toBeInTheDocument();
  });
});
