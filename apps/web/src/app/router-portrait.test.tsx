import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FirstAllowedTabRedirect } from '../features/portrait/components/first-allowed-tab-redirect';
import { FlagsProvider, type FlagValues } from '../lib/feature-flags';
import type { PermissionMap } from '../lib/session';
import { answerApi, result } from '../testing/answer-api';
import { aQualityInsights } from '../testing/care-gap-factories';
import { anEmptyClinicalSummary, anEmptyDocumentList, aPatientDemographics } from '../testing/factories';
import { renderWithProviders } from '../testing/render-with-providers';
import { providerToken, signIn, signOut } from '../testing/session';
import { routes } from './router';

const PATIENT_ID = '11111111-1111-4111-8111-111111111111';

const demographics = aPatientDemographics({ cairnPatientId: PATIENT_ID });

interface User {
  admin?: boolean;
  view: 'Provider' | 'Coder';
  permissions?: PermissionMap;
}

/**
 * What a portrait asks for: an admin's avatar menu offers Settings, which reads the user's configuration;
 * the portrait reads its other tabs' data ahead of a tab change (a read ahead of an earlier test can land
 * in the next one on a busy machine, so every test answers them).
 */
function answerPortraitCalls() {
  answerApi({
    '/getPatientDemographics': result(demographics),
    '/getUserConfig': result({}),
    '/getClinicalSummary': result(anEmptyClinicalSummary()),
    '/getDocuments': result(anEmptyDocumentList()),
    '/getQualityInsights': result(aQualityInsights({ patientId: PATIENT_ID, sid: null, canMark: false })),
  });
}

/** Opens a patient's portrait without a tab, through the app's own route table. */
async function openPortraitAs(user: User, flags: FlagValues) {
  answerPortraitCalls();
  const permissions = user.permissions ?? {};
  const token = providerToken(15, { permissions: JSON.stringify({ view: user.view, ...permissions }) });
  signIn({ admin: user.admin ?? false, permissions, token });
  const { router } = renderWithProviders(null, { routes, url: `/patient/${PATIENT_ID}`, flags });
  expect(await screen.findByRole('heading', { name: 'Ada Lovelace' }, { timeout: 10_000 })).toBeInTheDocument();
  return router;
}

afterEach(() => signOut());

describe('the portrait without a tab', () => {
  it('opens a provider’s first allowed tab, the Diagnosis Summary', async () => {
    const router = await openPortraitAs({ view: 'Provider', permissions: { hcc_dashboard: true } }, {});
    await expect.poll(() => router.state.location.pathname).toBe(`/patient/${PATIENT_ID}/dx-summary`);
    expect(screen.queryByText('Tab not found')).not.toBeInTheDocument();
  });

  it('opens a coder’s first allowed tab in the order of configuration_FrontendTabs', async () => {
    const flags = { configuration_FrontendTabs: ['Ambient', 'DxSummary'] };
    const router = await openPortraitAs({ view: 'Coder', permissions: { hcc_dashboard: true } }, flags);
    await expect.poll(() => router.state.location.pathname).toBe(`/patient/${PATIENT_ID}/ambient`);
    expect(screen.queryByText('Tab not found')).not.toBeInTheDocument();
  });

  it('opens an admin’s first allowed tab, skipping the tabs their flags turn off', async () => {
    const flags = { dxInsights: false, clinicalDocuments: false, clinicalSummary: false };
    const router = await openPortraitAs({ admin: true, view: 'Provider' }, flags);
    await expect.poll(() => router.state.location.pathname).toBe(`/patient/${PATIENT_ID}/quality`);
    expect(await screen.findByRole('link', { name: 'Quality Insights', current: 'page' })).toBeInTheDocument();
    expect(screen.queryByText('Tab not found')).not.toBeInTheDocument();
  });

  it('chooses no tab before the user’s flags are known (read as signed out, no values yet)', async () => {
    answerPortraitCalls();
    // Live flags (no fixed values) read 'signedOut' until the session's flag provider is set.
    const { router } = renderWithProviders(
      <FlagsProvider>
        <FirstAllowedTabRedirect />
      </FlagsProvider>,
      { path: '/patient/:cairnPatientId', url: `/patient/${PATIENT_ID}`, routes: [{ path: '*', element: null }] },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe(`/patient/${PATIENT_ID}`);
  });
});
