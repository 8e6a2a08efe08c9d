import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Where a page with tabs lets the selected tab put its actions: beside the tab bar, or nowhere. */
export const TabActionsTarget = createContext<HTMLElement | null>(null);

/**
 * A tab's actions, shown beside its page's tab bar when the page offers a place there (a line of
 * screen saved), else where they are written.
 */
export function TabActions({ children }: { children: ReactNode }): ReactNode {
  const target = useContext(TabActionsTarget);
  return target ? createPortal(children, target) : children;
}
