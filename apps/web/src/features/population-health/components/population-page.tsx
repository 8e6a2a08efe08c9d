import { Alert, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WidgetBoundary } from '../../../components/widget-boundary';
import { paths } from '../../../config/paths';

export type DashboardName = 'analytics' | 'admissions' | 'cost';

const DASHBOARDS: { name: DashboardName; label: string; href: string }[] = [
  { name: 'analytics', label: 'Risk adjustment and use', href: paths.analytics.href() },
  { name: 'admissions', label: 'Admissions and transitions', href: paths.popHealthAdmissions.href() },
  { name: 'cost', label: 'Cost', href: paths.popHealthCost.href() },
];

/** The navigation between the three dashboards (issue 20), each keeping its own filters in its URL. */
export function DashboardNav({ current }: { current: DashboardName }) {
  const { token } = theme.useToken();
  return (
    <nav aria-label="Dashboards">
      <Flex component="ul" gap={token.marginXS} wrap style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {DASHBOARDS.map((dashboard) => {
          const isCurrent = dashboard.name === current;
          return (
            <li key={dashboard.name}>
              <Link
                to={dashboard.href}
                aria-current={isCurrent ? 'page' : undefined}
                style={{
                  display: 'block',
                  padding: `${String(token.paddingXS)}px ${String(token.paddingSM)}px`,
                  borderRadius: token.borderRadius,
                  color: isCurrent ? token.colorPrimary : token.colorText,
                  background: isCurrent ? token.colorPrimaryBg : undefined,
                  fontWeight: isCurrent ? token.fontWeightStrong : undefined,
                }}
              >
                {dashboard.label}
              </Link>
            </li>
          );
        })}
      </Flex>
    </nav>
  );
}

export interface Freshness {
  refreshedAt: string | null;
  asOf: string | null;
  isRefreshing: boolean;
}

/** When the numbers were computed, and whether newer data is on its way. */
export function FreshnessNote({ freshness }: { freshness: Freshness | undefined }) {
  if (!freshness) return null;
  if (!freshness.refreshedAt) {
    return (
      <Alert
        type="info"
        showIcon
        title="The numbers are being computed for the first time"
        description="They appear here once the patients' data has been analysed; this page updates when you open it again."
      />
    );
  }
  const when = new Date(freshness.refreshedAt).toLocaleString();
  return (
    <Typography.Text type="secondary">
      Computed {when} from the data as of {freshness.asOf}.
      {freshness.isRefreshing ? ' Newer data has arrived: the numbers are being brought up to date.' : ''}
    </Typography.Text>
  );
}

export interface PopulationPageProps {
  current: DashboardName;
  title: string;
  description: string;
  filters: ReactNode;
  children: ReactNode;
}

/** A pop-health dashboard: the dashboards' navigation, its title, what it is for, its filters and its panels. */
export function PopulationPage({ current, title, description, filters, children }: PopulationPageProps) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginSM}>
      <DashboardNav current={current} />
      <section aria-labelledby="population-page-title">
        <Typography.Title level={2} id="population-page-title" style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
        <Flex vertical gap={token.margin}>
          {filters}
          <WidgetBoundary name={title}>{children}</WidgetBoundary>
        </Flex>
      </section>
    </Flex>
  );
}
