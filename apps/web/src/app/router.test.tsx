import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APPS } from '../config/access';
import type { FlagValues } from '../lib/feature-flags';
import type { PermissionMap } from '../lib/session';
import { answerApi, result } from '../testing/answer-api';
import { renderWithProviders, fastUser } from '../testing/render-with-providers';
import { ANALYTICS_ANSWERS } from '../testing/risk-analytics-factories';
import { signIn, signOut } from '../testing/session';
import { routes } from './router';

const DENIED = "You don't have access to this page";
const ADMIN_TOOL_ON: FlagValues = { flag_AdminTool: true };

function openAs(url: string, user: { admin?: boolean; permissions?: PermissionMap }, flags: FlagValues = {}) {
  signIn({ admin: user.admin ?? false, permissions: user.permissions ?? {} });
  return renderWithProviders(null, { routes, url, flags });
}

afterEach(() => signOut());

describe('a protected route the user may not use', () => {
  it('shows a coder without admin_tool the access-denied page at /admin, with a way back', async () => {
    openAs('/admin', { permissions: { hcc_dashboard: true } }, ADMIN_TOOL_ON);
    // The first page loads the layout and the header on demand.
    expect(await screen.findByText(DENIED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Scheduling Overview' })).toHaveAttribute('href', '/schedule');
  });

  it('shows an admin holding admin_tool the Admin page', async () => {
    // An admin's avatar menu offers Settings, which reads the user's configuration.
    answerApi({ '/getUserConfig': result({}) });
    openAs('/admin', { admin: true, permissions: { admin_tool: true } }, ADMIN_TOOL_ON);
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByText(DENIED)).not.toBeInTheDocument();
  });

  it('shows an admin without explicit grants the Admin, File Manager and Quality pages, as the server serves them', async () => {
    answerApi({
      '/getUserConfig': result({}),
      // The Quality Workspace's worklist and its filters.
      '/quality/measures': result([]),
      '/quality/worklist': result({ rows: [], total: 0, page: 1, pageSize: 50 }),
      '/getUserClinicsHierarchy': result({ clinics: [], defaultFilter: { providerIds: [] } }),
    });
    const pages = [
      ['/admin', 'Admin'],
      ['/files', 'File Manager'],
      ['/quality', 'Quality Workspace'],
    ] as const;
    for (const [url, heading] of pages) {
      const { unmount } = openAs(url, { admin: true }, ADMIN_TOOL_ON);
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.queryByText(DENIED)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('refuses the Admin page while the AdminTool flag is off, even with admin_tool', async () => {
    openAs('/admin', { permissions: { admin_tool: true } }, { flag_AdminTool: false });
    expect(await screen.findByText(DENIED)).toBeInTheDocument();
  });

  it('refuses a coder the file manager and every Quality Workspace screen', async () => {
    for (const url of ['/files', '/quality', '/quality-fit/add-template', '/quality-tab']) {
      const { unmount } = openAs(url, { permissions: { hcc_dashboard: true } });
      expect(await screen.findByText(DENIED)).toBeInTheDocument();
      unmount();
    }
  });

  it('opens Analytics to a coder with hcc_dashboard, and the schedule to anyone signed in', async () => {
    answerApi(ANALYTICS_ANSWERS);
    const { unmount } = openAs('/analytics', { permissions: { hcc_dashboard: true } });
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    expect(screen.queryByText(DENIED)).not.toBeInTheDocument();
    unmount();
    openAs('/analytics', { permissions: { view_only: true } });
    expect(await screen.findByText(DENIED)).toBeInTheDocument();
  });
});

describe('the apps menu', () => {
  it('lists exactly the apps config/access.ts allows the user, each opening its page', async () => {
    answerApi(ANALYTICS_ANSWERS);
    openAs('/analytics', { permissions: { hcc_dashboard: true, files_manager: true } }, ADMIN_TOOL_ON);
    await fastUser().click(await screen.findByRole('button', { name: 'Apps' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      APPS.portraits.label,
      APPS.analytics.label,
      APPS.files.label,
    ]);
    expect(within(menu).getByRole('link', { name: 'File manager' })).toHaveAttribute('href', '/files');
  });
});
