import { addSummaryNote, getSummaryNotes, type Endpoint, type SummaryNote } from '@cairn/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SummaryNotesButton } from './summary-notes-button';
import { fastUser } from '../../../testing/render-with-providers';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api', () => ({ api: { call } }));

const SID = '6f1c2a9e-1b7e-4c1e-9d5e-0a1b2c3d4e5f';

function note(text: string, createdAt: string): SummaryNote {
  return { id: crypto.randomUUID(), note: text, authorName: 'Cora Coder', createdAt };
}

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SummaryNotesButton sid={SID} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  call.mockReset();
});

describe('SummaryNotesButton', () => {
  it('shows the count and lists the notes in a drawer, newest first', async () => {
    call.mockResolvedValue({
      result: [note('Second', '2026-03-02T15:00:00Z'), note('First', '2026-03-01T15:00:00Z')],
    });
    renderButton();
    await fastUser().click(await screen.findByRole('button', { name: /Notes \(2\)/ }));
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Second');
    expect(items[1]).toHaveTextContent('First');
    expect(items[0]).toHaveTextContent('Cora Coder');
  });

  it('says so when there are no notes, and adds one', async () => {
    const saved: SummaryNote[] = [];
    call.mockImplementation(async (endpoint: Endpoint, input: unknown) => {
      if (endpoint === addSummaryNote) {
        const created = note((input as { note: string }).note, '2026-03-02T15:00:00Z');
        saved.unshift(created);
        return { result: created };
      }
      if (endpoint === getSummaryNotes) return { result: [...saved] };
      return { result: [] };
    });
    renderButton();
    await fastUser().click(await screen.findByRole('button', { name: /Notes \(0\)/ }));
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add note' });
    expect(add).toBeDisabled();
    await fastUser().type(screen.getByLabelText('New note'), '  Call about labs ');
    await fastUser().click(add);
    expect(call).toHaveBeenCalledWith(addSummaryNote, { sid: SID, note: 'Call about labs' });
    expect(await screen.findByRole('listitem')).toHaveTextContent('Call about labs');
    expect(screen.getByLabelText('New note')).toHaveValue('');
  });

  it('tells the user when the notes cannot be loaded', async () => {
    call.mockRejectedValue(new Error('offline'));
    renderButton();
    await fastUser().click(screen.getByRole('button', { name: /Notes/ }));
    expect(await screen.findByText('Failed to load notes')).toBeInTheDocument();
  });
});
