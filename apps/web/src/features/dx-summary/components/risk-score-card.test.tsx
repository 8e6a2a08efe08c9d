import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSummary } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { RiskScoreCard } from './risk-score-card';

describe('the risk score card', () => {
  it("names the interaction and count terms the cart brings in CMS's words, and shows none that adds nothing", () => {
    const { risk } = aSummary();
    renderWithProviders(
      <RiskScoreCard
        risk={{
          ...risk,
          interactions: [
            { name: 'D1', label: '1 payment HCC', raf: 0 },
            { name: 'DIABETES_HF_V28', label: 'Diabetes*Heart Failure', raf: 0.112 },
            { name: 'D5', label: '5 payment HCCs', raf: 0.05 },
          ],
        }}
      />,
    );
    const interactions = screen.getByRole('region', { name: 'Interactions' });
    expect(interactions).toHaveTextContent('Diabetes × Heart Failure+0.112');
    expect(interactions).toHaveTextContent('5 payment HCCs+0.050');
    expect(interactions).not.toHaveTextContent('1 payment HCC+');
    expect(interactions).not.toHaveTextContent(/DIABETES_HF_V28|\bD1\b|\+0\.000/);
  });

  it('shows no interactions at all when every term adds nothing', () => {
    const { risk } = aSummary();
    renderWithProviders(
      <RiskScoreCard risk={{ ...risk, interactions: [{ name: 'D2', label: '2 payment HCCs', raf: 0 }] }} />,
    );
    expect(screen.queryByRole('region', { name: 'Interactions' })).not.toBeInTheDocument();
    expect(screen.getByText('Risk score')).toBeInTheDocument();
  });
});
