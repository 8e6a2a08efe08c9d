import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, result, type ApiAnswers } from '../../../testing/answer-api';
import { anArchiveRow, aQualityMeasure } from '../../../testing/quality-factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { QualityArchive } from './quality-archive';

const excluded = anArchiveRow({
  measureId: 'CMS125',
  measureTitle: 'Breast Cancer Screening',
  status: 'excluded',
  resolvedAt: '2026-05-01T10:00:00.000Z',
  evidence: [{ resourceType: 'Encounter', date: '2026-04-28', code: null, description: 'Hospice care' }],
});

function answerArchive(extra: ApiAnswers = {}) {
  return answerApi({
    '/quality/measures': result([aQualityMeasure()]),
    '/quality/archive': result({ rows: [excluded, anArchiveRow()], total: 2, page: 1, pageSize: 50 }),
    ...extra,
  });
}

describe('the archive of the Quality Workspace', () => {
  it('shows each closed or excluded gap with when and by what it closed', async () => {
    answerArchive();
    renderWithProviders(<QualityArchive />);
    const rows = within(await screen.findByRole('table', { name: 'Closed and excluded care gaps' })).getAllByRole(
      'row',
    );
    const [excludedRow, closedRow] = [within(rows[1]!), within(rows[2]!)];
    expect(excludedRow.getByText('Excluded')).toBeInTheDocument();
    expect(excludedRow.getByText('05/01/2026')).toBeInTheDocument();
    expect(excludedRow.getByText('Hospice care, 04/28/2026')).toBeInTheDocument();
    expect(closedRow.getByText('Closed')).toBeInTheDocument();
    expect(closedRow.getByText('Colonoscopy (CPT 45378), 03/30/2026')).toBeInTheDocument();
    expect(closedRow.getByText('12/31/2035')).toBeInTheDocument();
  });

  it('asks again with the state and days chosen', async () => {
    const { callsTo } = answerArchive();
    renderWithProviders(<QualityArchive />);
    await screen.findByRole('table', { name: 'Closed and excluded care gaps' });
    const user = fastUser();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Closed'));
    await user.type(screen.getByLabelText('Closed from'), '2026-01-01');
    await waitFor(() =>
      expect(callsTo('/quality/archive').at(-1)?.body).toEqual({
        filters: { statuses: ['closed'], resolvedAfter: '2026-01-01' },
        page: 1,
        pageSize: 50,
      }),
    );
  });

  it('says when nothing is archived yet', async () => {
    answerArchive({ '/quality/archive': result({ rows: [], total: 0, page: 1, pageSize: 50 }) });
    renderWithProviders(<QualityArchive />);
    expect(await screen.findByText('No closed or excluded care gaps match these filters')).toBeInTheDocument();
  });
});
