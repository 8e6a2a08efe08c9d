import { FLAG_DEFAULTS, type FlagValues } from '@cairn/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFlagClient,
  isRecoverable,
  reconnectDelay,
  type EventSourceLike,
  type FlagClientOptions,
} from './flag-client';

class FakeEventSource implements EventSourceLike {
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown): void {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail(): void {
    this.onerror?.(new Event('error'));
  }
  close(): void {
    this.isClosed = true;
  }
}

const flags = (changes: Partial<FlagValues> = {}): FlagValues => ({ ...FLAG_DEFAULTS, ...changes });

let sources: FakeEventSource[];
let tickets: number;

function clientWith(overrides: Partial<FlagClientOptions> = {}) {
  return createFlagClient({
    fetchFlags: () => Promise.resolve(flags()),
    createStreamTicket: () => Promise.resolve(`ticket-${++tickets}`),
    streamUrl: (ticket) => `/api/flags/stream?ticket=${ticket}`,
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    storage: localStorage,
    bootstrapKey: 'user-1.featureFlags',
    warn: () => undefined,
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  tickets = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the feature-flag client', () => {
  it("throws 'FeatureFlag client is not initialized' when read before it is", () => {
    const client = clientWith();
    expect(client.state).toBe('initializing');
    expect(() => client.getValue('ShowFeedbackButton')).toThrow('FeatureFlag client is not initialized');
  });

  it("goes from initializing to initialized with the server's values, and keeps them as the next bootstrap", async () => {
    const client = clientWith({ fetchFlags: () => Promise.resolve(flags({ ShowFeedbackButton: true })) });
    expect(await client.start()).toBe('initialized');
    expect(client.getValue('ShowFeedbackButton')).toBe(true);
    expect(JSON.parse(localStorage.getItem('user-1.featureFlags') ?? '{}')).toMatchObject({ ShowFeedbackButton: true });
    client.close();
  });

  it('starts from the local-storage bootstrap when the server does not answer', async () => {
    localStorage.setItem('user-1.featureFlags', JSON.stringify(flags({ flag_AdminTool: false })));
    const client = clientWith({ fetchFlags: () => Promise.reject(new Error('Network Error')) });
    expect(await client.start()).toBe('initialized');
    expect(client.getValue('flag_AdminTool')).toBe(false);
    client.close();
  });

  it('waits 5 seconds for the flags, then fails over to Cairn defaults without a bootstrap', async () => {
    const client = clientWith({ fetchFlags: () => new Promise(() => undefined) });
    let reached: string | undefined;
    void client.start().then((state) => (reached = state));
    await vi.advanceTimersByTimeAsync(4999);
    expect(reached).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(reached).toBe('failed');
    expect(client.getValue('configuration_FrontendTabs')).toEqual(FLAG_DEFAULTS.configuration_FrontendTabs);
    client.close();
  });

  it('becomes initialized when the flags arrive after a failed start', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const client = clientWith({ fetchFlags: () => new Promise((resolve) => (answer = resolve)) });
    const states: string[] = [];
    client.subscribe((event) => {
      if (event.type === 'state') states.push(event.state);
    });
    void client.start();
    await vi.advanceTimersByTimeAsync(5000);
    answer(flags({ ShowFeedbackButton: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['failed', 'initialized']);
    expect(client.getValue('ShowFeedbackButton')).toBe(true);
    client.close();
  });

  it('applies the values the stream pushes and names the flags that changed', async () => {
    const client = clientWith();
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources[0]?.url).toBe('/api/flags/stream?ticket=ticket-1');
    const changed: string[][] = [];
    client.subscribe((event) => {
      if (event.type === 'changed') changed.push(event.flags);
    });
    sources[0]?.emit('put', flags({ ShowFeedbackButton: true }));
    expect(client.getValue('ShowFeedbackButton')).toBe(true);
    expect(changed).toEqual([['ShowFeedbackButton']]);
    sources[0]?.emit('put', flags({ ShowFeedbackButton: true }));
    expect(changed).toHaveLength(1);
    client.close();
  });
});

describe('stream reconnection', () => {
  it('treats 400, 408, 429 and 5xx as recoverable, other 4xx as permanent (spec §8)', () => {
    const withStatus = (status: number) => Object.assign(new Error(`${status} Error occurred`), { status });
    expect([400, 408, 429, 500, 503].map((status) => isRecoverable(withStatus(status)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([401, 403, 404, 422].map((status) => isRecoverable(withStatus(status)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isRecoverable(new Error('Network Error'))).toBe(true);
  });

  it('stops asking for tickets after a permanent refusal', async () => {
    const createStreamTicket = vi.fn(() => Promise.reject(Object.assign(new Error('403'), { status: 403 })));
    const client = clientWith({ createStreamTicket });
    await client.start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(createStreamTicket).toHaveBeenCalledTimes(1);
    expect(client.getValue('flag_AdminTool')).toBe(true);
    client.close();
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('reopens a failed stream with a new ticket after 1 s, then 2 s, and again after 1 s once data flowed', async () => {
    const client = clientWith();
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    sources[0]?.fail();
    expect(sources[0]?.isClosed).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources[1]?.url).toBe('/api/flags/stream?ticket=ticket-2');

    sources[1]?.fail();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(3);

    sources[2]?.emit('put', flags());
    sources[2]?.fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(4);
    client.close();
  });

  it('reopens a stream that stays silent for 5 minutes; pings keep it open', async () => {
    const client = clientWith();
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    sources[0]?.emit('ping', {});
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(sources[0]?.isClosed).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources[0]?.isClosed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(2);
    client.close();
  });

  it('polls the flags while the stream is down, and stops once it is back', async () => {
    const fetchFlags = vi.fn(() => Promise.resolve(flags({ ShowFeedbackButton: true })));
    let isBlocked = true;
    const client = clientWith({
      fetchFlags,
      createEventSource: (url) => {
        if (isBlocked) throw new Error('EventSource is blocked');
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
    });
    await client.start();
    expect(fetchFlags).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchFlags).toHaveBeenCalledTimes(3);

    isBlocked = false;
    await vi.advanceTimersByTimeAsync(30_000);
    sources[0]?.emit('put', flags());
    const polls = fetchFlags.mock.calls.length;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchFlags).toHaveBeenCalledTimes(polls);
    client.close();
  });

  it('retries when the ticket cannot be had, and stops everything when closed', async () => {
    const createStreamTicket = vi.fn(() => Promise.reject(new Error('503 Error occurred')));
    const client = clientWith({ createStreamTicket });
    await client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(createStreamTicket).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(createStreamTicket).toHaveBeenCalledTimes(2);
    client.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(createStreamTicket).toHaveBeenCalledTimes(2);
  });
});
