import { Tabs } from 'antd';
import { Link } from 'react-router';
import type { PortraitTab } from '../tabs';

export interface PortraitTabBarProps {
  tabs: PortraitTab[];
  activePath: string | undefined;
  /** Where each tab links to. */
  hrefOf: (tab: PortraitTab) => string;
}

/** The portrait's tabs (spec §3 titles), each a link, so a tab can be opened in a new window. */
export function PortraitTabBar({ tabs, activePath, hrefOf }: PortraitTabBarProps) {
  return (
    <Tabs
      activeKey={activePath}
      items={tabs.map((tab) => ({ key: tab.path, label: <Link to={hrefOf(tab)}>{tab.title}</Link> }))}
      tabBarStyle={{ marginBottom: 0 }}
    />
  );
}
