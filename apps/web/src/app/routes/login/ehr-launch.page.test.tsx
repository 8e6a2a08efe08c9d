import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EHR_LAUNCH_BINDING_KEY } from '../../../features/auth/smart';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { LOCAL_STORAGE_KEYS } from '../../../lib/storage-keys';
import EhrLaunchPage from './ehr-launch.page';
import { answerApi, NO_SSO_PROVIDERS, result } from '../../../testing/answer-api';
import { providerToken } from '../../../testing/session';

const ISS = 'https://ehr.example/fhir/R4';
const SID = '22222222-2222-4222-8222-222222222222';
const DATA_SOURCE_ID = '33333333-3333-4333-8333-333333333333';
const SMART_CONFIG = {
  iss: ISS,
  audience: ISS,
  authorizationEndpoint: 'https://ehr.example/oauth2/authorize',
  tokenEndpoint: 'https://ehr.example/oauth2/token',
};

function renderAt(path: string, navigateAway = vi.fn()) {
  const page = <EhrLaunchPage environment={{ navigate: navigateAway }} />;
  const router = createMemoryRouter(
    [
      { path: '/epic/login', element: page },
      { path: '/overlay/epic/login', element: page },
      { path: '/overlay/:cairnAppointmentId', element: <p>summary overlay</p> },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function launchStartedInThisBrowser() {
  localStorage.setItem(LOCAL_STORAGE_KEYS.smartConfig, JSON.stringify(SMART_CONFIG));
  localStorage.setItem(LOCAL_STORAGE_KEYS.ehrConnectionName, 'nems');
  localStorage.setItem(LOCAL_STORAGE_KEYS.ehrDataSourceId, DATA_SOURCE_ID);
  sessionStorage.setItem(EHR_LAUNCH_BINDING_KEY, 'b'.repeat(32));
}

beforeEach(() => {
  sessionStore.setState({ ...LOGGED_OUT });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the EHR launch page', () => {
  it('connects to the EHR, then goes to its authorization page', async () => {
    const authorizationUrl = 'https://ehr.example/oauth2/authorize?state=s1';
    const { calls } = answerApi({
      '/ehr/launch/start': () =>
        result({
          authorizationUrl,
          connectionName: 'nems',
          dataSourceId: DATA_SOURCE_ID,
          clientId: 'cairn',
          smartConfig: SMART_CONFIG,
        }),
    });
    const navigateAway = vi.fn();
    renderAt(`/overlay/epic/login?iss=${encodeURIComponent(ISS)}&launch=l1`, navigateAway);
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to your EHR...');
    await vi.waitFor(() => {
      expect(navigateAway).toHaveBeenCalledWith(authorizationUrl);
    });
    expect(calls[0]?.body).toMatchObject({ redirectUri: `${window.location.origin}/overlay/epic/login` });
  });

  it('waits for the session to initialize before it starts', async () => {
    sessionStore.setState({ ...LOGGED_OUT, initializing: true });
    const { calls } = answerApi({});
    renderAt(`/epic/login?iss=${encodeURIComponent(ISS)}&launch=l1`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it("opens the launch's summary in the overlay, replacing the URL with the code", async () => {
    launchStartedInThisBrowser();
    answerApi({
      '/getEpicTokenAndAppContext': () => result({ jwtToken: providerToken(), refreshToken: 'r1', summaryId: SID }),
    });
    const router = renderAt('/epic/login?code=secret-code&state=s1');
    expect(await screen.findByText('summary overlay')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/overlay/${SID}`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sessionStore.getState().loggedIn).toBe(true);
  });

  it('says why when the launch did not start in this browser, and drops the code from the URL', async () => {
    const { calls } = answerApi({});
    const router = renderAt('/epic/login?code=secret-code&state=s1');
    expect(await screen.findByText('Cairn could not connect to your EHR')).toBeInTheDocument();
    expect(screen.getByText('iss not found in local storage')).toBeInTheDocument();
    expect(screen.getByText('Try again from your EHR.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await vi.waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(document.body).not.toHaveTextContent('secret-code');
  });

  it("shows the server's message when the exchange is refused", async () => {
    launchStartedInThisBrowser();
    answerApi({
      '/getEpicTokenAndAppContext': () => ({
        status: 401,
        body: {
          error: { code: 'UNAUTHORIZED', message: 'This launch has expired.', details: { reason: 'expired_state' } },
        },
      }),
    });
    renderAt('/epic/login?code=secret-code&state=s1');
    expect(await screen.findByText('This launch has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with your password' })).toHaveAttribute('href', '/login');
  });

  it('says the EHR is not configured for Cairn when the server does not know its iss', async () => {
    answerApi({
      '/ehr/launch/start': () => ({
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'Unknown issuer.', details: { reason: 'unknown_iss' } } },
      }),
    });
    renderAt(`/epic/login?iss=${encodeURIComponent(ISS)}&launch=l1`);
    expect(await screen.findByText(/This EHR is not configured for Cairn/)).toBeInTheDocument();
  });

  it('is the plain login when the EHR sent neither a launch nor an answer', async () => {
    answerApi(NO_SSO_PROVIDERS);
    renderAt('/epic/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
