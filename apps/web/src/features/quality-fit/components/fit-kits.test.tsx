import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, result } from '../../../testing/answer-api';
import { aFitBatch, aFitKit, FIT_PATIENTS } from '../../../testing/quality-fit-factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { FitKits } from './fit-kits';

const resulted = aFitKit({
  id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
  patient: FIT_PATIENTS.baker,
  status: 'resulted',
  resultedOn: '2026-11-20',
  result: 'negative',
  resultText: 'Negative',
  gapStatus: 'closed',
});

function answerKits() {
  return answerApi({
    '/quality/fit/kits': result({
      rows: [aFitKit(), resulted],
      total: 2,
      counts: { mailed: 1, returned: 0, resulted: 1, lost: 0, declined: 0 },
      page: 1,
      pageSize: 50,
    }),
    '/quality/fit/batches': result([aFitBatch()]),
    '/quality/fit/kits/update': (body) => result(aFitKit({ status: body.status as 'lost' })),
  });
}

describe('the FIT kits', () => {
  it('shows each kit with its state, result and the CMS130 gap, and counts them per state', async () => {
    answerKits();
    renderWithProviders(<FitKits />);
    const rows = within(await screen.findByRole('table', { name: 'FIT kits' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('Mailed', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Negative, collected 11/20/2026')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Closed')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Result received')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All (2)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Resulted (1)' })).toBeInTheDocument();
  });

  it('shows one state when its count is chosen', async () => {
    const { callsTo } = answerKits();
    renderWithProviders(<FitKits />);
    await screen.findByRole('table', { name: 'FIT kits' });
    await fastUser().click(screen.getByRole('radio', { name: 'Resulted (1)' }));
    await waitFor(() =>
      expect(callsTo('/quality/fit/kits').at(-1)?.body).toEqual({
        filters: { statuses: ['resulted'] },
        page: 1,
        pageSize: 50,
      }),
    );
  });

  it('records a kit lost', async () => {
    const { callsTo } = answerKits();
    renderWithProviders(<FitKits />);
    await screen.findByRole('table', { name: 'FIT kits' });
    const user = fastUser();
    await user.click(screen.getByRole('combobox', { name: 'Status of the kit of Adams, Ann' }));
    await user.click(await screen.findByTitle('Lost'));
    await waitFor(() =>
      expect(callsTo('/quality/fit/kits/update')[0]?.body).toEqual({ kitId: aFitKit().id, status: 'lost' }),
    );
  });
});
