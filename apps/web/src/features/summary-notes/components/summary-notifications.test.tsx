import { updateSummaryUpdateViewed, type SummaryNotification } from '@cairn/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SummaryNotifications } from './summary-notifications';
import { fastUser } from '../../../testing/render-with-providers';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api', () => ({ api: { call } }));

const SID = '6f1c2a9e-1b7e-4c1e-9d5e-0a1b2c3d4e5f';

function update(message: string, isRead: boolean): SummaryNotification {
  return { id: crypto.randomUUID(), kind: 'suggestions-changed', message, createdAt: '2026-03-02T15:00:00Z', isRead };
}

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SummaryNotifications sid={SID} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  call.mockReset();
});

describe('SummaryNotifications', () => {
  it('shows the unread count and marks an update read', async () => {
    const unread = update('2 new suggestions', false);
    call.mockImplementation(async (endpoint) =>
      endpoint === updateSummaryUpdateViewed
        ? { result: true }
        : { result: [unread, update('Care gap closed: Colorectal Cancer Screening', true)] },
    );
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Summary updates, 1 unread' });
    await fastUser().click(bell);
    expect(await screen.findByText('Care gap closed: Colorectal Cancer Screening')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Mark read' }));
    expect(call).toHaveBeenCalledWith(updateSummaryUpdateViewed, {
      sid: SID,
      summaryUpdateId: unread.id,
      isRead: true,
    });
    expect(await screen.findByRole('button', { name: 'Summary updates' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Mark unread' })).toHaveLength(2);
  });

  it('says so when there is nothing new', async () => {
    call.mockResolvedValue({ result: [] });
    renderBell();
    await fastUser().click(await screen.findByRole('button', { name: 'Summary updates' }));
    expect(await screen.findByText('No updates')).toBeInTheDocument();
  });

  it('tells the user when the updates cannot be loaded', async () => {
    call.mockRejectedValue(new Error('offline'));
    renderBell();
    await fastUser().click(screen.getByRole('button', { name: 'Summary updates' }));
    expect(await screen.findByText('Failed to load updates')).toBeInTheDocument();
  });
});
