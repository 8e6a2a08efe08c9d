import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabActions, TabActionsTarget } from './tab-actions';

function PageWithTabBar({ children }: { children: React.ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return (
    <>
      <nav aria-label="Tabs">
        <div ref={setTarget} />
      </nav>
      <TabActionsTarget.Provider value={target}>
        <main>{children}</main>
      </TabActionsTarget.Provider>
    </>
  );
}

describe('TabActions', () => {
  it("shows a tab's actions beside the page's tab bar when the page offers a place", () => {
    render(
      <PageWithTabBar>
        <TabActions>
          <button type="button">Add diagnosis</button>
        </TabActions>
      </PageWithTabBar>,
    );
    const button = within(screen.getByRole('navigation', { name: 'Tabs' })).getByRole('button');
    expect(button).toHaveTextContent('Add diagnosis');
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows them where they are written otherwise', () => {
    render(
      <main>
        <TabActions>
          <button type="button">Add diagnosis</button>
        </TabActions>
      </main>,
    );
    expect(within(screen.getByRole('main')).getByRole('button')).toHaveTextContent('Add diagnosis');
  });
});
