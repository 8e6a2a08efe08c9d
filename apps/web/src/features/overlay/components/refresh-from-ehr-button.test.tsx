import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { RefreshFromEhrButton } from './refresh-from-ehr-button';
import { answerApi, result } from '../../../testing/answer-api';
import { providerToken } from '../../../testing/session';

const SID = '5cb4876f-c03e-48d2-aa1b-d28650e069fd';

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RefreshFromEhrButton sid={SID} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStore.setState({ ...LOGGED_OUT, loggedIn: true, token: providerToken() });
});
afterEach(() => vi.unstubAllGlobals());

describe('refreshing the patient from the EHR', () => {
  it("reads the visit's patient from the EHR again and says so", async () => {
    const { calls } = answerApi({
      '/syncEhrPatient': () => result({ lastSyncedAt: '2026-11-21T10:00:00.000Z', imported: { Patient: 1 } }),
    });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh from the EHR' }));
    expect(await screen.findByText('Updated from the EHR')).toBeInTheDocument();
    expect(calls.map((call) => [call.path, call.body])).toEqual([['/syncEhrPatient', { sid: SID }]]);
  });

  it("says why when the EHR fails, and that Cairn's data is kept", async () => {
    answerApi({
      '/syncEhrPatient': () => ({
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The EHR did not answer in time' } },
      }),
    });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh from the EHR' }));
    expect(
      await screen.findByText('The EHR did not answer in time. Showing the data Cairn already has.'),
    ).toBeInTheDocument();
  });

  it('reads the patient by itself once when the EHR launch left its visit to be read, as soon as it shows', async () => {
    sessionStorage.setItem('cairn.ehrReadDue', JSON.stringify({ sid: SID }));
    const { calls } = answerApi({
      '/syncEhrPatient': () => result({ lastSyncedAt: '2026-11-21T10:00:00.000Z', imported: { Patient: 1 } }),
    });
    renderButton();
    await vi.waitFor(() =>
      expect(calls.map((call) => [call.path, call.body])).toEqual([['/syncEhrPatient', { sid: SID }]]),
    );
    expect(sessionStorage.getItem('cairn.ehrReadDue')).toBeNull();
    expect(screen.queryByText('Updated from the EHR')).not.toBeInTheDocument();
  });

  it('leaves another visit to be read alone', () => {
    sessionStorage.setItem('cairn.ehrReadDue', JSON.stringify({ sid: 'another-visit' }));
    const { calls } = answerApi({});
    renderButton();
    expect(calls).toHaveLength(0);
    expect(sessionStorage.getItem('cairn.ehrReadDue')).not.toBeNull();
    sessionStorage.clear();
  });
});
