import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { PORTRAIT_TABS } from '../tabs';
import { PortraitTabBar } from './portrait-tab-bar';

const hrefOf = (tab: { path: string }) => `/patient/p-1/${tab.path}`;

function renderTabBar(activePath: string | undefined) {
  return renderWithProviders(<PortraitTabBar tabs={[...PORTRAIT_TABS]} activePath={activePath} hrefOf={hrefOf} />, {
    url: '/patient/p-1/documents',
    path: '/patient/p-1/:tab',
  });
}

describe('the portrait tab bar', () => {
  it('is a navigation of one link per tab, in order, each to its own page', () => {
    renderTabBar('documents');
    const links = within(screen.getByRole('navigation', { name: 'Portrait tabs' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(PORTRAIT_TABS.map((tab) => tab.title));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(PORTRAIT_TABS.map(hrefOf));
  });

  it('marks the open tab, and only it, as the current page', () => {
    renderTabBar('documents');
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { current: 'page' })).toHaveTextContent('Documents');
  });

  it('nests no control in another: no tab role around the links', () => {
    renderTabBar('documents');
    expect(screen.queryAllByRole('tab')).toEqual([]);
    for (const link of screen.getAllByRole('link')) expect(link.querySelector('a, button, [tabindex]')).toBeNull();
  });

  it('opens a tab from the keyboard: Tab to its link, then Enter', async () => {
    const user = fastUser();
    const { router } = renderTabBar('documents');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/patient/p-1/clinical-summary');
  });
});
