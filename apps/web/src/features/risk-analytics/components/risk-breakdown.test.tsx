import type { RiskAnalyticsFilters } from '@cairn/contracts';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { ANALYTICS_ANSWERS, CAL, CAL_VISIT, RISK_ROWS, RIVERA } from '../../../testing/risk-analytics-factories';
import type { Breakdown, MeasureSet } from '../utils/filters';
import { RiskBreakdown } from './risk-breakdown';
import { RiskDrilldown, type RiskDrill } from './risk-drilldown';

const FILTERS: RiskAnalyticsFilters = { clinicIds: ['00000000-0000-4000-8000-000000000001'] };

/** The breakdown and its drill-down, as the dashboard holds them. */
function Host({ set = 'suggestions' }: { set?: MeasureSet }) {
  const [drill, setDrill] = useState<RiskDrill>();
  const [by, setBy] = useState<Breakdown>('provider');
  return (
    <>
      <RiskBreakdown
        by={by}
        set={set}
        onChange={(change) => change.by && setBy(change.by)}
        rows={RISK_ROWS[by]}
        isLoading={false}
        isError={false}
        onRetry={() => undefined}
        onDrill={setDrill}
      />
      <RiskDrilldown drill={drill} filters={FILTERS} onClose={() => setDrill(undefined)} />
    </>
  );
}

describe('the breakdown by provider', () => {
  it("opens a provider's open suggestions: each patient linking to the portrait, the next visit to its portrait", async () => {
    const stub = answerApi(ANALYTICS_ANSWERS);
    const user = fastUser();
    renderWithProviders(<Host />);
    await user.click(
      screen.getByRole('button', { name: 'Show the patients of Maya Rivera, MD (Open suggestions: 3)' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Open suggestions: Maya Rivera, MD' });
    expect(await within(drawer).findByRole('link', { name: 'Tester, Cal' })).toHaveAttribute('href', `/patient/${CAL}`);
    expect(within(drawer).getByRole('link', { name: '12/03/2026' })).toHaveAttribute(
      'href',
      `/patient/${CAL}/appointment/${CAL_VISIT}`,
    );
    expect(within(drawer).getByText('Suspect: meets diagnostic criteria')).toBeInTheDocument();
    expect(stub.callsTo('/analytics/risk/patients')[0]?.body).toMatchObject({
      measure: 'openSuggestions',
      group: { by: 'provider', key: RIVERA },
      filters: FILTERS,
    });
  });

  it('regroups by HCC when asked', async () => {
    answerApi(ANALYTICS_ANSWERS);
    const user = fastUser();
    renderWithProviders(<Host set="recapture" />);
    await user.click(screen.getByRole('radio', { name: 'HCC' }));
    expect(await screen.findByText('HCC 226 Heart Failure')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recapture by hcc' })).toBeInTheDocument();
  });
});
