import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, result } from '../../../testing/answer-api';
import { FIT_PATIENTS } from '../../../testing/quality-fit-factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { FitImportResults } from './fit-import-results';

describe("importing the lab's FIT results", () => {
  it('sends the chosen file and shows what became of each line', async () => {
    const { callsTo } = answerApi({
      '/quality/fit/results/import': result({
        rows: [
          {
            line: 2,
            outcome: 'matched',
            patient: FIT_PATIENTS.adams,
            kitId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
            errors: [],
          },
          {
            line: 3,
            outcome: 'invalid',
            patient: null,
            kitId: null,
            errors: [{ column: 'result', message: 'Not positive or negative' }],
          },
        ],
        counts: { matched: 1, stored: 0, noPatient: 0, ambiguous: 0, invalid: 1 },
      }),
    });
    renderWithProviders(<FitImportResults />);
    const user = fastUser();
    await user.click(screen.getByRole('button', { name: 'Import results' }));
    const csv = 'mrn,date_of_birth,collection_date,result,loinc\nMRN001,1960-03-01,2026-11-20,negative,29771-3\n';
    await user.upload(
      screen.getByLabelText('Results file (CSV)'),
      new File([csv], 'results.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const rows = within(await screen.findByRole('table', { name: 'Import report' })).getAllByRole('row');
    expect(callsTo('/quality/fit/results/import')[0]?.body).toEqual({ csv });
    expect(screen.getByText(/1 matched to a kit, 0 stored without a kit/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Stored, kit resulted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Adams, Ann')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('result: Not positive or negative')).toBeInTheDocument();
  });
});
