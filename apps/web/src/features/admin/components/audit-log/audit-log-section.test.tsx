import type { AuditEntryDetail, AuditEntrySummary } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, failure, result, type ApiAnswers } from '../../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../../testing/render-with-providers';
import AuditLogSection from './audit-log-section';

function anAuditEntry(entry: Partial<AuditEntrySummary> & Pick<AuditEntrySummary, 'id'>): AuditEntrySummary {
  return {
    at: '2026-11-20T10:00:00.123456Z',
    action: 'patient.read',
    outcome: 'success',
    user: { id: '6f1c1f0e-1d7c-4e43-9f3a-3b0b8f0c2a11', username: 'ada', name: 'Ada Lovelace' },
    patient: { id: '0a6c54a2-7b8e-4f3a-8d3c-1f2e3d4c5b6a', name: 'Grace Hopper', mrn: 'M-1' },
    clientAddress: '10.0.0.7',
    ...entry,
  };
}

const FIRST_PAGE = [
  anAuditEntry({ id: '30', action: 'auth.lockout', outcome: 'denied', patient: null }),
  anAuditEntry({ id: '29' }),
];
const SECOND_PAGE = [anAuditEntry({ id: '12', action: 'auth.sign_in' })];

/** Two pages of the log; the actions filter's list; whatever else a test adds. */
function answerAuditLog(extra: ApiAnswers = {}) {
  return answerApi({
    '/admin/audit/list': (body) =>
      body.cursor === 'cursor-2'
        ? result({ entries: SECOND_PAGE, nextCursor: null })
        : result({ entries: FIRST_PAGE, nextCursor: 'cursor-2' }),
    '/admin/audit/actions': result({ actions: ['auth.lockout', 'auth.sign_in', 'patient.read'] }),
    ...extra,
  });
}

const table = () => screen.findByRole('table', { name: 'Audit log' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Audit log section', () => {
  it('shows the newest entries with who, which patient, what and the outcome', async () => {
    answerAuditLog();
    renderWithProviders(<AuditLogSection />);
    expect(screen.getByRole('status', { name: 'Loading the audit log' })).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const lockout = within(rows[1]!);
    expect(lockout.getByText('auth.lockout')).toBeInTheDocument();
    expect(lockout.getByText('Denied')).toBeInTheDocument();
    expect(lockout.getByText('Ada Lovelace (ada)')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Grace Hopper (M-1)')).toBeInTheDocument();
  });

  it('asks again with each filter the user sets: outcome, action, patient and days', async () => {
    const { callsTo } = answerAuditLog();
    renderWithProviders(<AuditLogSection />);
    await table();
    const user = fastUser();
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByTitle('Failure'));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByTitle('auth.sign_in'));
    await user.type(screen.getByRole('textbox', { name: 'Patient' }), 'Hopper');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');

    await waitFor(() => expect(callsTo('/admin/audit/list').at(-1)?.body).toMatchObject({ patient: 'Hopper' }));
    expect(callsTo('/admin/audit/list').at(-1)?.body).toEqual({
      outcome: 'failure',
      action: 'auth.sign_in',
      patient: 'Hopper',
      from: new Date('2026-11-01T00:00:00').toISOString(),
      // The last day is included: the range ends at the start of the next.
      to: new Date('2026-12-01T00:00:00').toISOString(),
      pageSize: 50,
    });
  });

  it('filters by a user picked from the organisation', async () => {
    const { callsTo } = answerAuditLog({
      '/admin/users/list': result({
        users: [
          { id: '6f1c1f0e-1d7c-4e43-9f3a-3b0b8f0c2a11', username: 'ada', firstName: 'Ada', lastName: 'Lovelace' },
        ],
        total: 1,
      }),
    });
    renderWithProviders(<AuditLogSection />);
    await table();
    const user = fastUser();
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByTitle('Ada Lovelace (ada)'));
    await waitFor(() =>
      expect(callsTo('/admin/audit/list').at(-1)?.body).toEqual({
        userId: '6f1c1f0e-1d7c-4e43-9f3a-3b0b8f0c2a11',
        pageSize: 50,
      }),
    );
  });

  it('pages to older entries by cursor and back to newer ones', async () => {
    const { callsTo } = answerAuditLog();
    renderWithProviders(<AuditLogSection />);
    await table();
    const user = fastUser();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('auth.sign_in')).toBeInTheDocument();
    expect(callsTo('/admin/audit/list').at(-1)?.body).toEqual({ cursor: 'cursor-2', pageSize: 50 });
    expect(screen.getByText('Page 2, newest first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('auth.lockout')).toBeInTheDocument();
  });

  it("opens an entry's details in a drawer from the keyboard, and closes it with Escape", async () => {
    const detail: AuditEntryDetail = {
      ...FIRST_PAGE[0]!,
      details: { attempts: 5, lockedUntil: '2026-11-20T10:15:00Z' },
    };
    const { callsTo } = answerAuditLog({ '/admin/audit/entry': result(detail) });
    renderWithProviders(<AuditLogSection />);
    const [first] = within(await table()).getAllByRole('button');
    first?.focus();
    const user = fastUser();
    await user.keyboard('{Enter}');
    // Named by its title; the test setup gives every generated id the same value, so found by role alone.
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Audit entry')).toBeInTheDocument();
    expect(await within(drawer).findByText(/"attempts": 5/)).toBeInTheDocument();
    expect(within(drawer).getByText('Ada Lovelace (ada, 6f1c1f0e-1d7c-4e43-9f3a-3b0b8f0c2a11)')).toBeInTheDocument();
    expect(callsTo('/admin/audit/entry')[0]?.body).toEqual({ id: '30' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when no entry matches, and offers to try again when the log cannot be read', async () => {
    let isBroken = true;
    answerAuditLog({
      '/admin/audit/list': () => (isBroken ? failure(500) : result({ entries: [], nextCursor: null })),
    });
    renderWithProviders(<AuditLogSection />);
    expect(await screen.findByText('The audit log could not be loaded.')).toBeInTheDocument();
    isBroken = false;
    await fastUser().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No audit entries match these filters')).toBeInTheDocument();
  });

  it('exports the filtered log as CSV through a single-use link', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { callsTo } = answerAuditLog({
      '/admin/audit/exportTicket': result({ url: '/admin/audit/export?ticket=abc', expiresInSeconds: 60 }),
    });
    renderWithProviders(<AuditLogSection />);
    await table();
    const user = fastUser();
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByTitle('Denied'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['/api/admin/audit/export?ticket=abc']));
    expect(callsTo('/admin/audit/exportTicket')[0]?.body).toEqual({ outcome: 'denied' });
  });
});
