import { FLAG_DEFAULTS } from '@cairn/contracts';
import { OpenFeature } from '@openfeature/web-sdk';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlagsProvider, useFlag, useFlagsStatus } from './feature-flags';
import { LOGGED_OUT, sessionStore } from './session';

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, listener);
  }
  push(data: unknown): void {
    this.listeners.get('put')?.(new MessageEvent('put', { data: JSON.stringify(data) }));
  }
  close(): void {}
}

function tokenFor(sub: string): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub, email: `${sub}@clinic.test` })}.signature`;
}

function FeedbackProbe() {
  return (
    <>
      <p>{useFlag('ShowFeedbackButton') ? 'Contact us' : 'No feedback button'}</p>
      <p>flags {useFlagsStatus()}</p>
    </>
  );
}

const requests: string[] = [];

beforeEach(() => {
  FakeEventSource.opened = [];
  requests.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push(`${url} ${JSON.stringify(init.headers)}`);
      const result = url.endsWith('/flags/streamTicket')
        ? { ticket: 'a-single-use-ticket' }
        : { ...FLAG_DEFAULTS, ShowFeedbackButton: true };
      return new Response(JSON.stringify({ result }), { status: 200 });
    }),
  );
});
afterEach(async () => {
  sessionStore.setState({ ...LOGGED_OUT });
  await OpenFeature.clearProviders();
  vi.unstubAllGlobals();
});

describe('FlagsProvider', () => {
  it('reads every flag as off while signed out', () => {
    sessionStore.setState({ ...LOGGED_OUT });
    render(
      <FlagsProvider>
        <FeedbackProbe />
      </FlagsProvider>,
    );
    expect(screen.getByText('No feedback button')).toBeInTheDocument();
    expect(screen.getByText('flags signedOut')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("shows the signed-in user's flags, then re-renders when the stream pushes a change", async () => {
    const token = tokenFor('user-1');
    sessionStore.setState({ ...LOGGED_OUT, loggedIn: true, token });
    render(
      <FlagsProvider>
        <FeedbackProbe />
      </FlagsProvider>,
    );
    expect(await screen.findByText('Contact us')).toBeInTheDocument();
    expect(screen.getByText('flags initialized')).toBeInTheDocument();
    expect(requests[0]).toBe(
      `/api/getFeatureFlags ${JSON.stringify({ accept: 'application/json', 'content-type': 'application/json', token })}`,
    );
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(FakeEventSource.opened[0]?.url).toBe('/api/flags/stream?ticket=a-single-use-ticket');
    act(() => FakeEventSource.opened[0]?.push({ ...FLAG_DEFAULTS, ShowFeedbackButton: false }));
    expect(await screen.findByText('No feedback button')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user-1.featureFlags') ?? '{}')).toMatchObject({
      ShowFeedbackButton: false,
    });
  });

  it('reads every flag as off again after sign-out', async () => {
    sessionStore.setState({ ...LOGGED_OUT, loggedIn: true, token: tokenFor('user-2') });
    render(
      <FlagsProvider>
        <FeedbackProbe />
      </FlagsProvider>,
    );
    expect(await screen.findByText('Contact us')).toBeInTheDocument();
    act(() => sessionStore.setState({ ...LOGGED_OUT }));
    expect(await screen.findByText('No feedback button')).toBeInTheDocument();
  });

  it('keeps fixed values when given them', () => {
    render(
      <FlagsProvider values={{ ShowFeedbackButton: true }}>
        <FeedbackProbe />
      </FlagsProvider>,
    );
    expect(screen.getByText('Contact us')).toBeInTheDocument();
  });
});
