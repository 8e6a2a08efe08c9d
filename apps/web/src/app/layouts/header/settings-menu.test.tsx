import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userConfigQuery, useUpdateUserConfig } from '../../../features/auth/api/user-config';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { AppHeader } from './app-header';
import { answerApi, result } from '../../../testing/answer-api';
import { providerToken } from '../../../testing/session';
import { fastUser } from '../../../testing/render-with-providers';

let queryClient: QueryClient;

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/schedule']}>
      <QueryClientProvider client={queryClient}>
        <AntdApp>{children}</AntdApp>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  sessionStore.setState({
    ...LOGGED_OUT,
    loggedIn: true,
    token: providerToken(),
    emrName: 'athena',
    values: { email: 'dr.rivera@clinic.test', password: '' },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('saving the user config', () => {
  it('shows the change at once, moves from loading to success, and keeps it', async () => {
    const answer = deferred<{ body: unknown }>();
    const { calls } = answerApi({ '/updateUserConfig': () => answer.promise });
    queryClient.setQueryData(userConfigQuery.queryKey, { addonButtonClickBehavior: 'window', zoom: 2 });
    const { result: hook } = renderHook(() => useUpdateUserConfig(), { wrapper: Wrapper });
    expect(hook.current.saveStatus).toBe('initial');
    act(() => hook.current.mutate({ addonButtonClickBehavior: 'tab' }));
    await waitFor(() => expect(hook.current.saveStatus).toBe('loading'));
    expect(queryClient.getQueryData(userConfigQuery.queryKey)).toEqual({ addonButtonClickBehavior: 'tab', zoom: 2 });
    answer.resolve(result(true));
    await waitFor(() => expect(hook.current.saveStatus).toBe('success'));
    expect(calls[0]?.body).toEqual({ config: { addonButtonClickBehavior: 'tab', zoom: 2 } });
    expect(queryClient.getQueryData(userConfigQuery.queryKey)).toEqual({ addonButtonClickBehavior: 'tab', zoom: 2 });
  });

  it('rolls the change back when the server refuses it', async () => {
    answerApi({ '/updateUserConfig': () => ({ status: 500, body: {} }) });
    queryClient.setQueryData(userConfigQuery.queryKey, { addonButtonClickBehavior: 'window' });
    const { result: hook } = renderHook(() => useUpdateUserConfig(), { wrapper: Wrapper });
    act(() => hook.current.mutate({ addonButtonClickBehavior: 'tab' }));
    await waitFor(() => expect(hook.current.saveStatus).toBe('error'));
    expect(queryClient.getQueryData(userConfigQuery.queryKey)).toEqual({ addonButtonClickBehavior: 'window' });
  });
});

describe("the avatar menu's Settings section", () => {
  it("opens in a new window by default and says so after choosing 'new tab'", async () => {
    const { callsTo } = answerApi({
      '/getUserConfig': () => result({}),
      '/updateUserConfig': () => result(true),
      '/log': result(true),
    });
    render(<AppHeader title="Scheduling Overview" />, { wrapper: Wrapper });
    await fastUser().click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('Settings')).toBeInTheDocument();
    const windowChoice = screen.getByRole('menuitem', { name: /Open in new window/ });
    await waitFor(() => expect(windowChoice).toContainElement(screen.getByLabelText('Selected')));
    await fastUser().click(screen.getByRole('menuitem', { name: /Open in new tab/ }));
    expect(await screen.findByText('Settings are updated, please refresh athena')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo('/log').map((call) => call.body.event_type)).toEqual(['SettingsClick', 'SettingsResultShown']),
    );
  });

  it('says something unexpected happened when saving fails', async () => {
    answerApi({
      '/getUserConfig': () => result({ addonButtonClickBehavior: 'window' }),
      '/updateUserConfig': () => ({ status: 503, body: {} }),
      '/log': result(true),
    });
    render(<AppHeader title="Scheduling Overview" />, { wrapper: Wrapper });
    await fastUser().click(screen.getByRole('button', { name: 'Account' }));
    await fastUser().click(await screen.findByRole('menuitem', { name: /Open in new tab/ }));
    expect(await screen.findByText('Something unexpected happened, please try again later')).toBeInTheDocument();
  });

  it('is not offered to a user of another EMR who is not an admin', async () => {
    sessionStore.setState({ emrName: 'epic' });
    render(<AppHeader title="Scheduling Overview" />, { wrapper: Wrapper });
    await fastUser().click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('Sign out')).toBeInTheDocument();
    expect(screen.queryByText('Settings')).not.toBeInTheDocument();
  });
});
