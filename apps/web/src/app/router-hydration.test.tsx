import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, result } from '../testing/answer-api';
import { renderWithProviders } from '../testing/render-with-providers';
import { signIn, signOut } from '../testing/session';
import { routes } from './router';

afterEach(() => {
  signOut();
  vi.restoreAllMocks();
});

describe('the route table', () => {
  it('loads a first URL of lazy routes without React Router’s HydrateFallback warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    answerApi({ '/getUserConfig': result({}) });
    // A page that asks for nothing of its own (the file manager's is still to come).
    signIn({ permissions: { files_manager: true } });
    renderWithProviders(null, { routes, url: '/files' });
    expect(await screen.findByRole('heading', { name: 'File Manager' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('HydrateFallback'));
  });
});
