import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { ANALYTICS_ANSWERS, USAGE } from '../../../testing/risk-analytics-factories';
import { analyticsCodec } from '../utils/filters';
import { periodRows, UsagePanels } from './usage-panels';

describe('the usage and slowness panels', () => {
  it('shows the timings as a table, with their medians and 95th percentiles', async () => {
    answerApi(ANALYTICS_ANSWERS);
    const user = fastUser();
    renderWithProviders(<UsagePanels filters={analyticsCodec.defaults} onChange={() => undefined} />);
    const panel = await screen.findByRole('region', { name: "Slowness: time to a page's data" });
    await user.click(within(panel).getByRole('radio', { name: 'Table' }));
    const table = await within(panel).findByRole('table');
    expect(within(table).getByText('980')).toBeInTheDocument();
    expect(within(table).getByText('420')).toBeInTheDocument();
    expect(screen.getByText('3 events from 2 users, 10/30/2026 to 11/28/2026.')).toBeInTheDocument();
  });

  it('makes one row a day of the events by name and the active users', () => {
    expect(periodRows(USAGE as Parameters<typeof periodRows>[0])).toEqual([
      {
        period: '2026-11-24',
        activeUsers: 2,
        events: 3,
        SummaryClick: 3,
        SettingsClick: 0,
        SettingsResultShown: 0,
        SlownessOptimization: 0,
      },
    ]);
  });
});
