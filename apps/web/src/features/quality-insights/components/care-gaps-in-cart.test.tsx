import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, result } from '../../../testing/answer-api';
import { aCareGap, aCareGapMark, aQualityInsights, CARE_GAP_PATIENT_ID } from '../../../testing/care-gap-factories';
import { SID } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CareGapsInCart } from './care-gaps-in-cart';

describe('CareGapsInCart', () => {
  it('lists beside the cart the gaps marked at the visit, each to send or sent', async () => {
    const glycemic = aCareGap({
      measureId: 'CMS122',
      title: 'Diabetes: Glycemic Status Assessment Greater Than 9%',
      mark: aCareGapMark({ measureId: 'CMS122', send: { status: 'written', at: '2026-06-15T10:00:00Z' } }),
    });
    answerApi({
      '/getQualityInsights': result(aQualityInsights({ gaps: [aCareGap({ mark: aCareGapMark() }), glycemic] })),
    });
    renderWithProviders(<CareGapsInCart patientId={CARE_GAP_PATIENT_ID} sid={SID} />);
    const section = await screen.findByRole('region', { name: 'Care gaps addressed' });
    expect(within(section).getByRole('heading', { name: 'Care gaps addressed (2)' })).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'CMS165 Controlling High Blood PressureTo send',
      'CMS122 Diabetes: Glycemic Status Assessment Greater Than 9%Sent',
    ]);
  });

  it('shows nothing while no gap is marked', async () => {
    const { callsTo } = answerApi({ '/getQualityInsights': result(aQualityInsights()) });
    renderWithProviders(<CareGapsInCart patientId={CARE_GAP_PATIENT_ID} sid={SID} />);
    await expect.poll(() => callsTo('/getQualityInsights').length).toBe(1);
    expect(screen.queryByRole('region', { name: 'Care gaps addressed' })).not.toBeInTheDocument();
  });
});
