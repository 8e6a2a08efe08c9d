import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { FlagsProvider, type FlagValues } from '../../../lib/feature-flags';
import { LOGGED_OUT, sessionStore, type AuthState } from '../../../lib/session';
import { AppHeader } from './app-header';
import { fastUser } from '../../../testing/render-with-providers';

function renderHeader(auth: Partial<AuthState>, flags: FlagValues = {}, path = '/schedule') {
  sessionStore.setState({ ...LOGGED_OUT, ...auth });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <FlagsProvider values={flags}>
        <AppHeader title="Scheduling Overview" sideHeader={<span>Mon 11/23</span>} />
      </FlagsProvider>
    </MemoryRouter>,
  );
}

afterEach(() => sessionStore.setState({ ...LOGGED_OUT }));

describe('the global header', () => {
  it('shows the logo, the page title and the side header', () => {
    renderHeader({});
    expect(screen.getByRole('link', { name: 'Cairn home' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Scheduling Overview' })).toBeInTheDocument();
    expect(screen.getByText('Mon 11/23')).toBeInTheDocument();
  });

  it("shows 'Contact us' only when its flag is on", () => {
    const { unmount } = renderHeader({});
    expect(screen.queryByRole('link', { name: /Contact us/ })).not.toBeInTheDocument();
    unmount();
    renderHeader({}, { ShowFeedbackButton: true });
    expect(screen.getByRole('link', { name: /Contact us/ })).toBeInTheDocument();
  });

  it('offers the apps the user may open, and the email with Sign out', async () => {
    renderHeader({
      loggedIn: true,
      permissions: { hcc_dashboard: true },
      values: { email: 'dr.a@clinic.test', password: '' },
    });
    await fastUser().click(screen.getByRole('button', { name: 'Apps' }));
    expect(await screen.findByText('Patient Portraits')).toBeInTheDocument();
    expect(screen.getByText('Analytics')).toBeInTheDocument();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('dr.a@clinic.test')).toBeInTheDocument();
    expect(screen.getByText('Sign out')).toBeInTheDocument();
  });

  it('hides the apps menu from a user with no app permissions', () => {
    renderHeader({ loggedIn: true, permissions: { view_only: true } });
    expect(screen.queryByRole('button', { name: 'Apps' })).not.toBeInTheDocument();
  });
});
