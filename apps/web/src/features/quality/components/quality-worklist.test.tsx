import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, failure, result, type ApiAnswers } from '../../../testing/answer-api';
import { aQualityMeasure, aWorklistRowOf } from '../../../testing/quality-factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { QualityWorklist } from './quality-worklist';

const FIRST_PAGE = [aWorklistRowOf(1), aWorklistRowOf(2, { nextVisit: null })];
const SECOND_PAGE = [aWorklistRowOf(3, { measureId: 'CMS125', measureTitle: 'Breast Cancer Screening' })];

/** A worklist of 60 gaps, of which the test shows three over two pages; the measures and the clinics for the filters. */
function answerWorklist(extra: ApiAnswers = {}) {
  return answerApi({
    '/quality/measures': result([
      aQualityMeasure(),
      aQualityMeasure({ measureId: 'CMS125', measureTitle: 'Breast Cancer Screening', open: 4 }),
    ]),
    '/quality/worklist': (body) =>
      result({ rows: body.page === 2 ? SECOND_PAGE : FIRST_PAGE, total: 60, page: body.page ?? 1, pageSize: 50 }),
    '/getUserClinicsHierarchy': result({ clinics: [], defaultFilter: { providerIds: [] } }),
    ...extra,
  });
}

const table = () => screen.findByRole('table', { name: 'Open care gaps' });

/** Captures the CSV files the page downloads, as text. */
function captureDownloads(): { files: Blob[] } {
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { files };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the quality worklist', () => {
  it('shows each open gap with its patient linking to the portrait, its measure, status, due date and next visit', async () => {
    answerWorklist();
    renderWithProviders(<QualityWorklist />);
    expect(screen.getByRole('status', { name: 'Loading the worklist' })).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByRole('link', { name: 'Patient1, Ada' })).toHaveAttribute(
      'href',
      `/patient/${FIRST_PAGE[0]!.patient.cairnPatientId}`,
    );
    expect(first.getByText('CMS130')).toBeInTheDocument();
    expect(first.getByText('Open')).toBeInTheDocument();
    expect(first.getByText('12/31/2026')).toBeInTheDocument();
    expect(first.getByText('Family Medicine · Riverside Clinic')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Open')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('None booked')).toBeInTheDocument();
    expect(screen.getByText('60 gaps')).toBeInTheDocument();
  });

  it('asks again with the measures chosen, from the first page', async () => {
    const { callsTo } = answerWorklist();
    renderWithProviders(<QualityWorklist />);
    await table();
    const user = fastUser();
    await user.click(screen.getByRole('combobox', { name: 'Measures' }));
    await user.click(await screen.findByTitle('CMS125 Breast Cancer Screening (4 open)'));
    await user.click(screen.getByRole('combobox', { name: 'Upcoming visit' }));
    await user.click(await screen.findByTitle('Visit within 14 days'));
    await waitFor(() =>
      expect(callsTo('/quality/worklist').at(-1)?.body).toEqual({
        filters: { measureIds: ['CMS125'], upcomingVisitWithinDays: 14 },
        sort: 'dueDate',
        direction: 'ascending',
        page: 1,
        pageSize: 50,
      }),
    );
  });

  it('sorts on the server when a column header is pressed, and pages', async () => {
    const { callsTo } = answerWorklist();
    renderWithProviders(<QualityWorklist />);
    const user = fastUser();
    const nextVisit = async () => within(await table()).getByRole('columnheader', { name: /^Next visit/ });
    await user.click(await nextVisit());
    await waitFor(() => expect(callsTo('/quality/worklist').at(-1)?.body).toMatchObject({ sort: 'nextVisit' }));
    await user.click(await nextVisit());
    await waitFor(() =>
      expect(callsTo('/quality/worklist').at(-1)?.body).toMatchObject({ sort: 'nextVisit', direction: 'descending' }),
    );
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(callsTo('/quality/worklist').at(-1)?.body).toMatchObject({ page: 2 }));
  });

  it('sorts from the keyboard: a column header takes the focus and Enter sorts by it', async () => {
    const { callsTo } = answerWorklist();
    renderWithProviders(<QualityWorklist />);
    const header = within(await table()).getByRole('columnheader', { name: /^Patient/ });
    header.focus();
    expect(header).toHaveFocus();
    // antd reads the deprecated keyCode, which user-event's events do not carry in jsdom (a browser's do).
    fireEvent.keyDown(header, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(callsTo('/quality/worklist').at(-1)?.body).toMatchObject({ sort: 'patientName' }));
  });

  it('exports the rows selected across pages as CSV', async () => {
    answerWorklist();
    const { files } = captureDownloads();
    renderWithProviders(<QualityWorklist />);
    const user = fastUser();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Patient1, Ada: CMS130' }));
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Patient3, Ada: CMS125' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export selected (CSV)' }));
    expect(files).toHaveLength(1);
    const lines = (await files[0]!.text()).split('\r\n');
    expect(lines.slice(1, 3).map((line) => line.split(',').slice(0, 5))).toEqual([
      ['Patient1', 'Ada', '1950-12-10', 'MRN1', 'CMS130'],
      ['Patient3', 'Ada', '1950-12-10', 'MRN3', 'CMS125'],
    ]);
  });

  it('exports every gap the filters match, and says when the file was cut short', async () => {
    const { callsTo } = answerWorklist({
      '/quality/worklist/export': result({ rows: [...FIRST_PAGE, ...SECOND_PAGE], total: 30_000, isTruncated: true }),
    });
    const { files } = captureDownloads();
    renderWithProviders(<QualityWorklist />);
    await table();
    await fastUser().click(screen.getByRole('button', { name: 'Export all (CSV)' }));
    expect(await screen.findByText(/first 3 of 30,000 gaps/)).toBeInTheDocument();
    expect(callsTo('/quality/worklist/export')[0]?.body).toEqual({
      filters: {},
      sort: 'dueDate',
      direction: 'ascending',
    });
    expect((await files[0]!.text()).split('\r\n')).toHaveLength(5);
  });

  it('says when no gap matches, and when the worklist cannot be loaded', async () => {
    answerWorklist({ '/quality/worklist': result({ rows: [], total: 0, page: 1, pageSize: 50 }) });
    const { unmount } = renderWithProviders(<QualityWorklist />);
    expect(await screen.findByText('No open care gaps match these filters')).toBeInTheDocument();
    unmount();
    answerWorklist({ '/quality/worklist': failure(500) });
    renderWithProviders(<QualityWorklist />);
    expect(await screen.findByText('The worklist could not be loaded.')).toBeInTheDocument();
  });
});
