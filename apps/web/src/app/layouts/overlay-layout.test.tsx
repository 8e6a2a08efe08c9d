import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADDON_ORIGIN_STORAGE_KEY } from '../../lib/addon-messaging';
import { LOGGED_OUT, sessionStore } from '../../lib/session';
import { renderWithProviders } from '../../testing/render-with-providers';
import { OverlayLayout } from './overlay-layout';

const ADDON = 'https://ehr.example.org';

function renderOverlay(url: string) {
  const routes = [
    {
      element: <OverlayLayout />,
      children: [
        { path: '/overlay/:id', handle: { title: 'Summary' }, element: <button type="submit">Save</button> },
        { path: '/overlay/patient/:id', element: <p>patient</p> },
      ],
    },
  ];
  return renderWithProviders(null, { routes, url }).router;
}

afterEach(() => {
  sessionStore.setState({ ...LOGGED_OUT });
});

describe('the overlay layout', () => {
  it('shows a compact header: the small logo and the title, no apps menu', async () => {
    renderOverlay('/overlay/s1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByAltText('Cairn').closest('[data-logo-size]')).toHaveAttribute('data-logo-size', 'Small');
    expect(screen.queryByRole('button', { name: /apps/i })).not.toBeInTheDocument();
    expect(screen.queryByText('View only')).not.toBeInTheDocument();
  });

  it('marks the view read-only for a view-only user', async () => {
    sessionStore.setState({ ...LOGGED_OUT, loggedIn: true, permissions: { view_only: true } });
    renderOverlay('/overlay/s1');
    expect(await screen.findByText('View only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' }).closest('[data-overlay]')).toHaveClass('cairn-view-only');
  });

  it('follows the add-on when it changes the frame source', async () => {
    const router = renderOverlay(`/overlay/s1?addonOrigin=${encodeURIComponent(ADDON)}`);
    await screen.findByRole('button', { name: 'Save' });
    expect(sessionStorage.getItem(ADDON_ORIGIN_STORAGE_KEY)).toBe(ADDON);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: ADDON,
          data: { type: 'changeFrameSource', path: '/overlay/patient/p1' },
        }),
      );
    });
    expect(await screen.findByText('patient')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/overlay/patient/p1');
  });
});
