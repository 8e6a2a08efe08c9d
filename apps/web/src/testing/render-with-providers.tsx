import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../config/theme';
import { FlagsProvider, type FlagValues } from '../lib/feature-flags';

/**
 * Where antd writes its CSS-in-JS styles in a test: an element outside the document. jsdom's
 * getComputedStyle, which every role query and user event asks for, matches each element against every
 * style rule in the document; with antd's rules there, the web tests took 5 min 40 s, without them 3 min
 * 29 s. The app's own stylesheet is not loaded in tests either; what a test checks is roles, names, text
 * and state, not how it looks (the journeys check that, in Chromium).
 */
const detachedStyles = document.createElement('div');

export interface RenderWithProvidersOptions {
  /** The URL the test starts at; `/` unless told. */
  url?: string;
  /** The route pattern the element is mounted at, so that it reads its params (`/patient/:cairnPatientId`). */
  path?: string;
  /** Other routes beside the element's, e.g. where a link or a redirect leads. */
  routes?: RouteObject[];
  /** The evaluated flags; every flag is off unless given. */
  flags?: FlagValues;
  /** A query client of the test's own, to seed or read its cache. */
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  queryClient: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
}

/** A query client for one test: nothing is retried, so a failure shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * The providers the app puts around a page (theme, server state, flags, a router), for one test. The
 * element is mounted at `path` (every path unless told); `element` may be null when `routes` are the
 * whole app under test. antd's motion is off: jsdom fires no transition end, so a closed modal would stay.
 */
export function renderWithProviders(
  element: ReactElement | null,
  { url = '/', path = '*', routes = [], flags = {}, queryClient = testQueryClient() }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  const router = createMemoryRouter(element ? [{ path, element }, ...routes] : routes, { initialEntries: [url] });
  const result = render(
    <Providers queryClient={queryClient} flags={flags}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, queryClient, router };
}

function Providers({
  queryClient,
  flags,
  children,
}: {
  queryClient: QueryClient;
  flags: FlagValues;
  children: ReactNode;
}): ReactElement {
  return (
    <StyleProvider container={detachedStyles}>
      <ConfigProvider theme={{ ...theme, token: { ...theme.token, motion: false } }}>
        <App component={false}>
          <QueryClientProvider client={queryClient}>
            <FlagsProvider values={flags}>{children}</FlagsProvider>
          </QueryClientProvider>
        </App>
      </ConfigProvider>
    </StyleProvider>
  );
}

/**
 * A user who types without pausing and skips antd's per-event style lookups (slow under CSS-in-JS in
 * jsdom). Its clipboard is the stub user-event installs, so a test can read what was copied.
 */
export function fastUser(): ReturnType<typeof userEvent.setup> {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}
