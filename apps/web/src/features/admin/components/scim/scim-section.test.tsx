import type { ScimGroupSummary, ScimTokenSummary } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, failure, result, type ApiAnswers } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import ScimSection from './scim-section';

const OKTA: ScimTokenSummary = {
  id: '6f1c1f0e-1d7c-4e43-9f3a-3b0b8f0c2a11',
  label: 'Okta production',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-21T08:30:00.000Z',
  revokedAt: null,
};
const OLD: ScimTokenSummary = {
  ...OKTA,
  id: '0a6c54a2-7b8e-4f3a-8d3c-1f2e3d4c5b6a',
  label: 'Old',
  revokedAt: OKTA.lastUsedAt,
};
const CODERS: ScimGroupSummary = {
  id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  displayName: 'Cairn Coders',
  externalId: 'e-1',
  source: 'scim',
  view: null,
  permissions: [],
  memberCount: 12,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

/** A group a single sign-on's groups claim named first. */
const NURSES: ScimGroupSummary = {
  ...CODERS,
  id: '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e',
  displayName: 'Nurses',
  externalId: null,
  source: 'sso',
  memberCount: 3,
};

/** The tokens and groups as the server holds them; a create, revoke or mapping changes them. */
function answerScim(extra: ApiAnswers = {}) {
  let tokens = [OKTA, OLD];
  let groups = [CODERS, NURSES];
  return answerApi({
    '/admin/scim/tokens/list': () => result({ tokens }),
    '/admin/scim/groups/list': () => result({ groups }),
    '/admin/scim/tokens/create': (body) => {
      const token = {
        ...OKTA,
        id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        label: String(body.label),
        lastUsedAt: null,
      };
      tokens = [token, ...tokens];
      return result({ token, secret: 'cairn_scim_secret-shown-once' });
    },
    '/admin/scim/tokens/revoke': (body) => {
      tokens = tokens.map((token) =>
        token.id === body.tokenId ? { ...token, revokedAt: '2026-11-22T09:00:00.000Z' } : token,
      );
      return result(tokens.find((token) => token.id === body.tokenId));
    },
    '/admin/scim/groups/mapping': (body) => {
      groups = groups.map((group) => (group.id === body.groupId ? { ...group, ...body } : group));
      return result(groups[0]);
    },
    ...extra,
  });
}

describe('the Provisioning (SCIM) section', () => {
  it('shows the base URL, the tokens with their last use and state, and the groups with their members', async () => {
    answerScim();
    renderWithProviders(<ScimSection />);
    expect(screen.getByText(`${window.location.origin}/scim/v2`)).toBeInTheDocument();
    const tokens = await screen.findByRole('table', { name: 'SCIM tokens' });
    await within(tokens).findByText('Okta production');
    const rows = within(tokens).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Okta production')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(/Revoked/)).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: 'Revoke Old' })).not.toBeInTheDocument();
    const groups = await screen.findByRole('table', { name: 'SCIM groups' });
    expect(await within(groups).findByText('Cairn Coders')).toBeInTheDocument();
    expect(within(groups).getByText('12')).toBeInTheDocument();
    expect(within(groups).getAllByText('Their own')).toHaveLength(2);
    const [, coders, nurses] = within(groups).getAllByRole('row');
    expect(within(coders!).queryByText('From sign-in')).not.toBeInTheDocument();
    expect(within(nurses!).getByText('From sign-in')).toBeInTheDocument();
  });

  it('creates a token and shows it once, with a copy button; closed, it is gone', async () => {
    const { callsTo } = answerScim();
    renderWithProviders(<ScimSection />);
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Entra ID');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new SCIM token' });
    expect(within(shown).getByLabelText('New SCIM token')).toHaveTextContent('cairn_scim_secret-shown-once');
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(callsTo('/admin/scim/tokens/create')[0]?.body).toEqual({ label: 'Entra ID' });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('cairn_scim_secret-shown-once')).not.toBeInTheDocument());
    expect(await screen.findByText('Entra ID')).toBeInTheDocument();
  });

  it('revokes a token once confirmed', async () => {
    const { callsTo } = answerScim();
    renderWithProviders(<ScimSection />);
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Revoke Okta production' }));
    const confirm = await screen.findByRole('dialog', { name: /Revoke the token/ });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo('/admin/scim/tokens/revoke')[0]?.body).toEqual({ tokenId: OKTA.id }));
    const tokens = screen.getByRole('table', { name: 'SCIM tokens' });
    await waitFor(() => expect(within(tokens).getAllByText(/Revoked/)).toHaveLength(2));
  });

  it("sets a group's view and permissions", async () => {
    const { callsTo } = answerScim();
    renderWithProviders(<ScimSection />);
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Map Cairn Coders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map Cairn Coders' });
    await user.click(within(dialog).getByRole('combobox', { name: 'View' }));
    await user.click(await screen.findByTitle('Coder'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Analytics' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo('/admin/scim/groups/mapping')[0]?.body).toEqual({
        groupId: CODERS.id,
        view: 'Coder',
        permissions: ['hcc_dashboard'],
      }),
    );
    const groups = screen.getByRole('table', { name: 'SCIM groups' });
    expect(await within(groups).findByText('Analytics')).toBeInTheDocument();
  });

  it('says when the tokens cannot be loaded', async () => {
    answerScim({ '/admin/scim/tokens/list': failure(500) });
    renderWithProviders(<ScimSection />);
    expect(await screen.findByText('The SCIM tokens could not be loaded.')).toBeInTheDocument();
  });
});
