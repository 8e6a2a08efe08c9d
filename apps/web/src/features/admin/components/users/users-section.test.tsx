import type { AdminUser } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, result, type ApiAnswers } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import { signIn } from '../../../../testing/session';
import UsersSection from './users-section';

function aUser(user: Partial<AdminUser> & Pick<AdminUser, 'id' | 'username'>): AdminUser {
  return {
    email: `${user.username}@clinic.test`,
    firstName: 'Maya',
    lastName: 'Rivera',
    view: 'Provider',
    permissions: [],
    isAdmin: false,
    isMultipleProviders: false,
    status: 'active',
    lockedUntil: null,
    lastLoginAt: '2026-11-20T10:00:00Z',
    mustChangePassword: false,
    isTotpEnabled: false,
    identitySource: 'cairn',
    emrUsername: null,
    providerIds: [],
    clinicIds: [],
    invitationExpiresAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...user,
  };
}

const MAYA = aUser({
  id: '6f1c1f0e-1d7c-4e43-9f3a-3b0b8f0c2a11',
  username: 'maya.rivera',
  permissions: ['quality_tool'],
});
const LOCKED = aUser({
  id: '0a6c54a2-7b8e-4f3a-8d3c-1f2e3d4c5b6a',
  username: 'cora.coder',
  firstName: 'Cora',
  lastName: 'Coder',
  view: 'Coder',
  lockedUntil: '2099-01-01T00:00:00Z',
});

function answerUsers(extra: ApiAnswers = {}) {
  return answerApi({
    '/admin/users/list': result({ users: [MAYA, LOCKED], total: 2 }),
    '/admin/users/linkOptions': result({
      clinics: [{ id: '1b7c6a2e-7d6e-4f7a-8a3c-2f2e3d4c5b6a', name: 'North Clinic' }],
      providers: [],
    }),
    ...extra,
  });
}

/** The users table once its rows have arrived. */
async function table(): Promise<HTMLElement> {
  const found = await screen.findByRole('table', { name: 'Users' });
  await within(found).findByText('maya.rivera');
  return found;
}

beforeEach(() => {
  signIn({ admin: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Users section', () => {
  it('lists the users with their view, permissions and status', async () => {
    answerUsers();
    renderWithProviders(<UsersSection />);
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Quality workspace')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Locked')).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
  });

  it('asks again with the filters the admin sets', async () => {
    const { callsTo } = answerUsers();
    const user = fastUser();
    renderWithProviders(<UsersSection />);
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'rivera');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Invited'));
    await waitFor(() =>
      expect(callsTo('/admin/users/list').at(-1)?.body).toMatchObject({ search: 'rivera', status: 'invited', page: 1 }),
    );
  });

  it('creates a user and shows a taken username at its field', async () => {
    const { callsTo } = answerUsers({
      '/admin/users/create': {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'The username maya.rivera is already taken.',
            details: { field: 'username' },
          },
        },
      },
    });
    const user = fastUser();
    renderWithProviders(<UsersSection />);
    await table();
    await user.click(screen.getByRole('button', { name: 'New user' }));
    // Named by its title; the test setup gives every generated id the same value, so found by role alone.
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('New user')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('Username'), 'maya.rivera');
    await user.type(within(drawer).getByLabelText('Email'), 'maya@clinic.test');
    await user.type(within(drawer).getByLabelText('First name'), 'Maya');
    await user.type(within(drawer).getByLabelText('Last name'), 'Rivera');
    await user.click(within(drawer).getByLabelText('Quality workspace'));
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(callsTo('/admin/users/create')[0]?.body).toMatchObject({
        username: 'maya.rivera',
        email: 'maya@clinic.test',
        view: 'Provider',
        permissions: ['quality_tool'],
        invite: true,
      }),
    );
    expect(await within(drawer).findByText('The username maya.rivera is already taken.')).toBeInTheDocument();
  });

  it('offers only the actions that fit the account, and confirms a deactivation before it runs', async () => {
    const { callsTo } = answerUsers({
      '/admin/users/action': result({ ...LOCKED, status: 'deactivated' }),
    });
    const user = fastUser();
    renderWithProviders(<UsersSection />);
    await table();
    await user.click(screen.getByRole('button', { name: 'Actions for cora.coder' }));
    expect(await screen.findByRole('menuitem', { name: 'Unlock' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reactivate' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog');
    expect(callsTo('/admin/users/action')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(callsTo('/admin/users/action')[0]?.body).toEqual({ userId: LOCKED.id, action: 'deactivate' }),
    );
  });
});
