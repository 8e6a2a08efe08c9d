import { theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PortraitTab } from '../tabs';

export interface PortraitTabBarProps {
  tabs: PortraitTab[];
  activePath: string | undefined;
  /** Where each tab links to. */
  hrefOf: (tab: PortraitTab) => string;
  /** Shown at the bar's end (the open tab's actions). */
  extra?: ReactNode;
}

/**
 * The portrait's tabs (spec §3 titles). Each tab is a page of its own, so the tabs are links in a
 * navigation landmark, the open one marked as the current page, and a tab can be opened in a new
 * window. (antd's Tabs put each link inside a role="tab" control: one control nested in another, which
 * screen readers announce badly and axe refuses as nested-interactive.) They wrap in a narrow panel.
 */
export function PortraitTabBar({ tabs, activePath, hrefOf, extra }: PortraitTabBarProps) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        columnGap: token.margin,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <nav aria-label="Portrait tabs">
        <ul
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: token.marginXL,
            margin: 0,
            padding: 0,
            listStyle: 'none',
          }}
        >
          {tabs.map((tab) => {
            const isCurrent = tab.path === activePath;
            return (
              <li key={tab.path} style={{ marginBottom: -1 }}>
                <Link
                  to={hrefOf(tab)}
                  aria-current={isCurrent ? 'page' : undefined}
                  style={{
                    display: 'inline-block',
                    padding: `${String(token.paddingSM)}px 0`,
                    color: isCurrent ? token.colorPrimary : token.colorText,
                    fontWeight: isCurrent ? token.fontWeightStrong : undefined,
                    borderBottom: `2px solid ${isCurrent ? token.colorPrimary : 'transparent'}`,
                  }}
                >
                  {tab.title}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {extra}
    </div>
  );
}
