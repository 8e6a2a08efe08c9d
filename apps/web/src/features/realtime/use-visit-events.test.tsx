import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../lib/realtime-client.testing';
import { useInvalidateOnVisitEvents } from './use-visit-events';

const { call } = vi.hoisted(() => ({ call: vi.fn(async () => ({ result: { ticket: 'ticket-1' } })) }));
vi.mock('../../lib/api', () => ({ api: { call } }));

const VISIT = '6f1c2a9e-1b7e-4c1e-9d5e-0a1b2c3d4e5f';

let loads = 0;

function Decisions() {
  useInvalidateOnVisitEvents(VISIT, [['dx', VISIT]]);
  const { data } = useQuery({ queryKey: ['dx', VISIT], queryFn: async () => ++loads });
  return <p>Loaded {data ?? 0} times</p>;
}

beforeAll(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('useInvalidateOnVisitEvents', () => {
  it("reloads the visit's queries when someone else changes the visit, and leaves it on unmount", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Decisions />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Loaded 1 times')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(`${location.origin.replace(/^http/, 'ws')}/ws?ticket=ticket-1`);
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'subscribe', sid: VISIT }]);
    act(() => {
      socket.receive({ type: 'subscribed', sid: VISIT, lastEventId: 0 });
      socket.receive({
        type: 'event',
        id: 1,
        sid: VISIT,
        at: '2026-11-21T11:00:00.000Z',
        event: { kind: 'decision.changed', icdCodes: ['E119'], by: { name: 'Casey Coder', role: 'coder' } },
      });
    });
    expect(await screen.findByText('Loaded 2 times')).toBeInTheDocument();

    view.unmount();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', sid: VISIT });
    expect(socket.readyState).toBe(3);
  });
});
