import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/answer-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ANALYTICS_ANSWERS, NORTH_CLINIC } from '../../../testing/risk-analytics-factories';
import { RiskAnalyticsDashboard } from './risk-analytics-dashboard';

describe('the analytics dashboard', () => {
  it('reads its filters from the URL, sends them, and shows each headline number with what it means', async () => {
    const stub = answerApi(ANALYTICS_ANSWERS);
    renderWithProviders(<RiskAnalyticsDashboard />, { url: `/analytics?clinicIds=${NORTH_CLINIC}&hcc=37&from=3` });
    const tiles = await screen.findByRole('list', { name: 'Risk adjustment at a glance' });
    await waitFor(() => expect(within(tiles).getAllByText('50.0%')).toHaveLength(3));
    expect(within(tiles).getByText('3 of 6 chronic HCCs of last year documented again this year.')).toBeInTheDocument();
    expect(within(tiles).getByText('0.88')).toBeInTheDocument();
    expect(within(tiles).getByText('1.28')).toBeInTheDocument();
    expect(stub.callsTo('/analytics/risk').map((call) => call.body)).toContainEqual({
      filters: { clinicIds: [NORTH_CLINIC], hcc: 37, fromMonth: 3 },
      groupBy: 'month',
    });
  });
});
