import type { ApiClientTokenSummary } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, result } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import ApiClientsSection from './api-clients-section';

const ACME: ApiClientTokenSummary = {
  id: '6f1c1f0e-1d7c-4e43-9f3a-3b0b8f0c2a11',
  label: 'Acme Health Plan',
  scopes: ['quality-gaps.read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

/** The tokens as the server holds them; a create or revoke changes them. */
function answerApiClients() {
  let tokens = [ACME];
  return answerApi({
    '/admin/api-clients/tokens/list': () => result({ tokens }),
    '/admin/api-clients/tokens/create': (body) => {
      const token = { ...ACME, id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', label: String(body.label) };
      tokens = [token, ...tokens];
      return result({ token, secret: 'cairn_api_secret-shown-once' });
    },
    '/admin/api-clients/tokens/revoke': (body) => {
      tokens = tokens.map((token) =>
        token.id === body.tokenId ? { ...token, revokedAt: '2026-11-22T09:00:00.000Z' } : token,
      );
      return result(tokens.find((token) => token.id === body.tokenId));
    },
  });
}

describe('the API clients section', () => {
  it('shows the FHIR base URL and the tokens with what each can do', async () => {
    answerApiClients();
    renderWithProviders(<ApiClientsSection />);
    expect(screen.getByText(`${window.location.origin}/api/fhir`)).toBeInTheDocument();
    const tokens = await screen.findByRole('table', { name: 'API client tokens' });
    await within(tokens).findByText('Acme Health Plan');
    const [, acme] = within(tokens).getAllByRole('row');
    expect(within(acme!).getByText('Acme Health Plan')).toBeInTheDocument();
    expect(within(acme!).getByText('Read care gaps (FHIR)')).toBeInTheDocument();
    expect(within(acme!).getByText('Never')).toBeInTheDocument();
  });

  it('creates a token and shows it once; a second new token starts from an empty form', async () => {
    const { callsTo } = answerApiClients();
    renderWithProviders(<ApiClientsSection />);
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API client token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Beacon Payer');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API client token' });
    expect(within(shown).getByLabelText('New API client token')).toHaveTextContent('cairn_api_secret-shown-once');
    expect(callsTo('/admin/api-clients/tokens/create')[0]?.body).toEqual({ label: 'Beacon Payer' });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('cairn_api_secret-shown-once')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'New token' }));
    expect(await screen.findByRole('dialog', { name: 'New API client token' })).toBeInTheDocument();
    expect(screen.queryByText('cairn_api_secret-shown-once')).not.toBeInTheDocument();
  });

  it('revokes a token once confirmed', async () => {
    const { callsTo } = answerApiClients();
    renderWithProviders(<ApiClientsSection />);
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Revoke Acme Health Plan' }));
    const confirm = await screen.findByRole('dialog', { name: /Revoke the token/ });
    expect(confirm).toHaveTextContent('The system using it is refused from its next request.');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo('/admin/api-clients/tokens/revoke')[0]?.body).toEqual({ tokenId: ACME.id }));
    expect(await screen.findByText(/^Revoked/)).toBeInTheDocument();
  });
});
