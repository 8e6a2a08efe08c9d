import { getReadyPostVisits, updatePostVisitViewed, type ReadyPostVisit } from '@cairn/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadyPostVisitsButton } from './ready-post-visits-button';
import { fastUser } from '../../../testing/render-with-providers';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api', () => ({ api: { call } }));

const VISIT: ReadyPostVisit = {
  sid: '6f1c2a9e-1b7e-4c1e-9d5e-0a1b2c3d4e5f',
  cairnPatientId: '0b5e8a11-2c3d-4e5f-8a9b-1c2d3e4f5a6b',
  patientName: 'Ada Lovelace',
  visitDate: '2026-03-04',
  startAt: '2026-03-04T10:00:00Z',
  providerName: 'Maya Rivera, MD',
  readyAt: '2026-03-04T16:00:00Z',
};

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReadyPostVisitsButton />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  call.mockReset();
});

describe('ReadyPostVisitsButton', () => {
  it('lists the ready visits with a link to each, and marks one done', async () => {
    let isDone = false;
    call.mockImplementation(async (endpoint) => {
      if (endpoint === updatePostVisitViewed) {
        isDone = true;
        return { result: true };
      }
      if (endpoint === getReadyPostVisits) return { result: isDone ? [] : [VISIT] };
      return { result: [] };
    });
    renderButton();
    await fastUser().click(await screen.findByRole('button', { name: /Post-visit reviews/ }));
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(link).toHaveAttribute('href', `/patient/${VISIT.cairnPatientId}/appointment/${VISIT.sid}`);
    expect(screen.getByText('03/04/2026 · Maya Rivera, MD')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Done: Ada Lovelace' }));
    expect(call).toHaveBeenCalledWith(updatePostVisitViewed, { sid: VISIT.sid, isDoneByProvider: true });
    expect(await screen.findByText('No post-visit reviews are ready')).toBeInTheDocument();
  });

  it('tells the user when the list cannot be loaded', async () => {
    call.mockRejectedValue(new Error('offline'));
    renderButton();
    await fastUser().click(screen.getByRole('button', { name: /Post-visit reviews/ }));
    expect(await screen.findByText('Failed to load post-visit reviews')).toBeInTheDocument();
  });
});
