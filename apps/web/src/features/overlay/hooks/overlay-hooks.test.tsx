import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDON_ORIGIN_STORAGE_KEY } from '../../../lib/addon-messaging';
import { FlagsProvider } from '../../../lib/feature-flags';
import { LOGGED_OUT, sessionStore, type PermissionMap } from '../../../lib/session';
import { useOverlayAddonMessages } from './use-overlay-addon-messages';
import { useOverlayOnlyRedirect } from './use-overlay-only-redirect';
import { stopViewOnlyAction, useViewOnlyClass, VIEW_ONLY_CLASS } from './use-view-only-class';

const ADDON = 'https://ehr.example.org';
const SID = '22222222-2222-4222-8222-222222222222';

function renderAt(path: string, element: React.ReactNode, options: { overlayOnly?: boolean } = {}) {
  const routes: RouteObject[] = [{ path: '*', element }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <FlagsProvider values={{ configuration_OverlayOnlyView: options.overlayOnly ?? false }}>
        <RouterProvider router={router} />
      </FlagsProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

function RedirectProbe() {
  useOverlayOnlyRedirect();
  return <p>page</p>;
}

afterEach(() => {
  sessionStore.setState({ ...LOGGED_OUT });
  vi.restoreAllMocks();
});

describe('the overlay-only redirect', () => {
  it('sends a full-screen summary view to its overlay variant when the flag is on', async () => {
    const { router } = renderAt(`/patient/p1/appointment/${SID}?x=1`, <RedirectProbe />, { overlayOnly: true });
    await screen.findByText('page');
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe(`/overlay/patient/p1/appointment/${SID}`);
    });
    expect(router.state.location.search).toBe('?x=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('stays put when the flag is off', async () => {
    const { router } = renderAt(`/${SID}`, <RedirectProbe />, { overlayOnly: false });
    await screen.findByText('page');
    expect(router.state.location.pathname).toBe(`/${SID}`);
  });

  it('stays put on an overlay path, and on screens with no overlay variant', async () => {
    const overlay = renderAt(`/overlay/${SID}`, <RedirectProbe />, { overlayOnly: true });
    await screen.findByText('page');
    expect(overlay.router.state.location.pathname).toBe(`/overlay/${SID}`);
    const schedule = renderAt('/schedule', <RedirectProbe />, { overlayOnly: true });
    expect(schedule.router.state.location.pathname).toBe('/schedule');
  });
});

describe('view-only', () => {
  function Root() {
    return <div data-testid="root" className={useViewOnlyClass()} />;
  }

  function signIn(permissions: PermissionMap, admin = false) {
    sessionStore.setState({ ...LOGGED_OUT, loggedIn: true, permissions, admin });
  }

  it('marks the root with the view-only class for the view_only permission', () => {
    signIn({ view_only: true });
    render(<Root />);
    expect(screen.getByTestId('root')).toHaveClass(VIEW_ONLY_CLASS);
  });

  it('leaves other users, admins included, alone', () => {
    signIn({ quality_tool: true }, true);
    render(<Root />);
    expect(screen.getByTestId('root')).not.toHaveClass(VIEW_ONLY_CLASS);
  });

  it('stops an action clicked in a view-only root', () => {
    signIn({ view_only: 'true' });
    const onSubmit = vi.fn();
    render(
      <div className={VIEW_ONLY_CLASS} onClickCapture={stopViewOnlyAction}>
        <button type="submit" onClick={onSubmit}>
          Save
        </button>
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('what the overlay does with add-on messages', () => {
  const logger = { warn: vi.fn(), debug: vi.fn(), info: vi.fn() };

  function Listener({ openBehavior }: { openBehavior: 'tab' | 'window' }) {
    useOverlayAddonMessages({
      logger,
      openBehavior,
      queryKeys: { diagnoses: [['clinicalSummary']], notifications: [['summaryNotifications']] },
    });
    return <p>overlay</p>;
  }

  function fromAddon(data: unknown) {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: ADDON }));
    });
  }

  async function renderOverlay(path: string, openBehavior: 'tab' | 'window' = 'window') {
    sessionStorage.setItem(ADDON_ORIGIN_STORAGE_KEY, ADDON);
    const rendered = renderAt(path, <Listener openBehavior={openBehavior} />);
    await screen.findByText('overlay');
    return rendered;
  }

  it('changes the frame source by navigating', async () => {
    const { router } = await renderOverlay(`/overlay/${SID}`);
    fromAddon({ type: 'changeFrameSource', path: '/overlay/patient/p1' });
    expect(router.state.location.pathname).toBe('/overlay/patient/p1');
  });

  it('opens the full-screen page in a new window when the user chose window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderOverlay('/overlay/patient/p1/dx-summary', 'window');
    fromAddon({ type: 'openFullScreen' });
    expect(open).toHaveBeenCalledWith('/patient/p1/dx-summary', '_blank', expect.stringContaining('popup'));
  });

  it('opens the full-screen page in a new tab when the user chose tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderOverlay(`/overlay/hcc/${SID}?addonOrigin=${encodeURIComponent(ADDON)}`, 'tab');
    fromAddon({ type: 'openFullScreen' });
    expect(open).toHaveBeenCalledWith(`/${SID}`, '_blank', 'noopener');
  });

  it("reloads the summary's diagnoses and notifications", async () => {
    const { queryClient } = await renderOverlay(`/overlay/${SID}`);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fromAddon({ type: 'reloadDiagnoses' });
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['clinicalSummary'] });
    fromAddon({ type: 'updateOverlayNotifications', summaryId: SID });
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['summaryNotifications'] });
  });

  it('answers a push diagnoses request: not pushed, the EHR data is missing', async () => {
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    await renderOverlay(`/overlay/${SID}`);
    fromAddon({ type: 'pushDiagnosesRequest', requestId: 'r1', summaryId: SID, icd10Codes: ['E11.9', 'I50.22'] });
    expect(postMessage).toHaveBeenCalledWith(
      {
        destination: 'to-addon',
        type: 'pushDiagnosesResult',
        requestId: 'r1',
        summaryId: SID,
        results: [
          { icd10Code: 'E11.9', status: 'failed', reason: 'MissingEHRLiveData' },
          { icd10Code: 'I50.22', status: 'failed', reason: 'MissingEHRLiveData' },
        ],
      },
      ADDON,
    );
  });
});
