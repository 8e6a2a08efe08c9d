import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDON_ORIGIN_STORAGE_KEY } from '../../../lib/addon-messaging';
import { FlagsProvider } from '../../../lib/feature-flags';
import { LOGGED_OUT, sessionStore, type PermissionMap } from '../../../lib/session';
import { useOverlayAddonMessages } from './use-overlay-addon-messages';
import { useOverlayOnlyRedirect } from './use-overlay-only-redirect';
import { stopViewOnlyAction, useViewOnlyClass, VIEW_ONLY_CLASS } from './use-view-only-class';
import { answerApi, failure, result } from '../../../testing/answer-api';
import { aCartItem, aSummary } from '../../../testing/factories';

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

/** The parent frame the add-on lives in: what Cairn posts to it. */
function parentFrame() {
  const postMessage = vi.fn();
  vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
  return postMessage;
}

function RedirectProbe() {
  useOverlayOnlyRedirect();
  return <p>page</p>;
}

afterEach(() => {
  sessionStore.setState({ ...LOGGED_OUT });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
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

  it("puts the requested diagnoses in the cart as the user's decision, writes them to the EHR and answers each code's outcome", async () => {
    const postMessage = parentFrame();
    const { calls } = answerApi({
      // E11.9 is in the cart already; N18.31 is a suggestion without a decision; the others are not suggested.
      '/getDxCaptureData': () => result(aSummary({ sid: SID, cart: [aCartItem({ icdCode: 'E119' })] })),
      '/addSummaryInsightActions': () => result({ decisions: [], scrub: null }),
      '/push2emrApi': () =>
        result({
          results: [
            { icdCode: 'E119', status: 'written', ehrResourceId: 'cond-1' },
            { icdCode: 'I50.22', status: 'failed', reason: 'NonPushableStatus' },
            { icdCode: 'N18.31', status: 'failed', reason: 'The EHR answered 500' },
          ],
        }),
    });
    await renderOverlay(`/overlay/${SID}`);
    fromAddon({
      type: 'pushDiagnosesRequest',
      requestId: 'r1',
      summaryId: SID,
      icd10Codes: ['E11.9', 'I50.22', 'N18.31', 'Z79.4'],
    });
    await vi.waitFor(() => {
      expect(postMessage).toHaveBeenCalled();
    });
    expect(calls.map((call) => call.path)).toEqual(['/getDxCaptureData', '/addSummaryInsightActions', '/push2emrApi']);
    expect(calls[1]?.body).toEqual({
      sid: SID,
      actions: [
        { icdCode: 'I5022', action: 'add', expectedVersion: 0 },
        { icdCode: 'N1831', action: 'accept', expectedVersion: 0 },
        { icdCode: 'Z794', action: 'add', expectedVersion: 0 },
      ],
    });
    expect(calls[2]).toMatchObject({
      path: '/push2emrApi',
      body: { sid: SID, icdCodes: ['E11.9', 'I50.22', 'N18.31', 'Z79.4'] },
    });
    expect(postMessage).toHaveBeenCalledWith(
      {
        destination: 'to-addon',
        type: 'pushDiagnosesResult',
        requestId: 'r1',
        summaryId: SID,
        results: [
          { icd10Code: 'E11.9', status: 'pushed' },
          { icd10Code: 'I50.22', status: 'failed', reason: 'NonPushableStatus' },
          { icd10Code: 'N18.31', status: 'failed', reason: 'EhrError', message: 'The EHR answered 500' },
          { icd10Code: 'Z79.4', status: 'failed', reason: 'EhrError', message: 'Cairn had no answer for this code' },
        ],
      },
      ADDON,
    );
  });

  it('answers every code as failed, with the reason, when the write-back call fails', async () => {
    const postMessage = parentFrame();
    answerApi({
      '/getDxCaptureData': () => result(aSummary({ sid: SID, cart: [aCartItem({ icdCode: 'E119' })] })),
      '/push2emrApi': () => ({
        status: 502,
        body: { error: { code: 'CAIRN_NON_SPECIFIC_ERROR', message: 'The EHR could not be reached.' } },
      }),
    });
    await renderOverlay(`/overlay/${SID}`);
    fromAddon({ type: 'pushDiagnosesRequest', requestId: 'r2', summaryId: SID, icd10Codes: ['E11.9'] });
    await vi.waitFor(() => {
      expect(postMessage).toHaveBeenCalled();
    });
    expect(postMessage.mock.calls[0]?.[0]).toMatchObject({
      results: [{ icd10Code: 'E11.9', status: 'failed', reason: 'EhrError', message: 'The EHR could not be reached.' }],
    });
  });

  it('writes nothing when the codes cannot join the cart, and answers every code with why', async () => {
    const postMessage = parentFrame();
    const { calls } = answerApi({
      '/getDxCaptureData': () => result(aSummary({ sid: SID })),
      '/addSummaryInsightActions': failure(403, 'FORBIDDEN', 'A view-only user cannot change patient data.'),
    });
    await renderOverlay(`/overlay/${SID}`);
    fromAddon({ type: 'pushDiagnosesRequest', requestId: 'r4', summaryId: SID, icd10Codes: ['I10'] });
    await vi.waitFor(() => {
      expect(postMessage).toHaveBeenCalled();
    });
    expect(calls.map((call) => call.path)).not.toContain('/push2emrApi');
    expect(postMessage.mock.calls[0]?.[0]).toMatchObject({
      results: [
        {
          icd10Code: 'I10',
          status: 'failed',
          reason: 'EhrError',
          message: 'A view-only user cannot change patient data.',
        },
      ],
    });
  });

  it('answers CPTs as not written: Cairn writes diagnoses only', async () => {
    const postMessage = parentFrame();
    await renderOverlay(`/overlay/${SID}`);
    fromAddon({ type: 'pushCptsRequest', requestId: 'r3', summaryId: SID, cptCodes: ['99213'] });
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'pushCptsResult',
        results: [{ cptCode: '99213', status: 'failed', reason: 'PredictorNotImplementedForEHR' }],
      }),
      ADDON,
    );
  });
});

describe("telling the add-on the visit's encounter status", () => {
  const logger = { warn: vi.fn(), debug: vi.fn(), info: vi.fn() };

  /** The overlay layout hears the add-on; its pages are its children, as in the app's routes. */
  function OverlayLayout() {
    useOverlayAddonMessages({ logger, openBehavior: 'window', queryKeys: { diagnoses: [], notifications: [] } });
    return <Outlet />;
  }

  function renderOverlayAt(path: string) {
    const routes: RouteObject[] = [
      {
        element: <OverlayLayout />,
        children: [
          { path: '/overlay/:cairnAppointmentId', element: <p>summary</p> },
          { path: '/overlay/patient/:cairnPatientId/appointment/:cairnAppointmentId', element: <p>portrait</p> },
          { path: '/overlay/patient/:cairnPatientId', element: <p>patient</p> },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  function encounterStatusAnswering(status: Record<string, unknown>) {
    return answerApi({ '/getEncounterStatus': () => result(status) }).calls;
  }

  it('sends the encounter status once per visit, through the redirect to the portrait', async () => {
    const postMessage = parentFrame();
    const calls = encounterStatusAnswering({ encounterId: 'enc-9', status: 'in-progress', isPushable: true });
    sessionStorage.setItem(ADDON_ORIGIN_STORAGE_KEY, ADDON);
    const router = renderOverlayAt(`/overlay/${SID}`);
    await vi.waitFor(() => {
      expect(postMessage).toHaveBeenCalledWith(
        {
          destination: 'to-addon',
          type: 'informEncounterStatus',
          summaryId: SID,
          encounterId: 'enc-9',
          isPushable: true,
        },
        ADDON,
      );
    });
    await act(() => router.navigate(`/overlay/patient/p1/appointment/${SID}`, { replace: true }));
    await screen.findByText('portrait');
    expect(calls.filter((call) => call.path === '/getEncounterStatus')).toHaveLength(1);
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it("passes on a push-failure reason of the spec, and leaves out the EHR's own words", async () => {
    const postMessage = parentFrame();
    encounterStatusAnswering({ encounterId: null, status: null, isPushable: false, reason: 'EncounterIdMissing' });
    sessionStorage.setItem(ADDON_ORIGIN_STORAGE_KEY, ADDON);
    renderOverlayAt(`/overlay/${SID}`);
    await vi.waitFor(() => {
      expect(postMessage).toHaveBeenCalledWith(
        expect.objectContaining({ encounterId: null, isPushable: false, reason: 'EncounterIdMissing' }),
        ADDON,
      );
    });
  });

  it('tells nothing without an add-on, or on a page that shows no visit', async () => {
    const postMessage = parentFrame();
    const calls = encounterStatusAnswering({ encounterId: 'enc-9', status: 'planned', isPushable: true });
    renderOverlayAt(`/overlay/${SID}`);
    await screen.findByText('summary');
    cleanup();
    sessionStorage.setItem(ADDON_ORIGIN_STORAGE_KEY, ADDON);
    renderOverlayAt('/overlay/patient/p1');
    await screen.findByText('patient');
    expect(calls).toEqual([]);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('logs a failure without showing it', async () => {
    const postMessage = parentFrame();
    answerApi({ '/getEncounterStatus': failure(404, 'NOT_FOUND', 'Not found.') });
    sessionStorage.setItem(ADDON_ORIGIN_STORAGE_KEY, ADDON);
    renderOverlayAt(`/overlay/${SID}`);
    await vi.waitFor(() => {
      expect(logger.warn).toHaveBeenCalledWith('Encounter status not sent to the add-on', { code: 'NOT_FOUND' });
    });
    expect(postMessage).not.toHaveBeenCalled();
    expect(screen.getByText('summary')).toBeInTheDocument();
  });
});
