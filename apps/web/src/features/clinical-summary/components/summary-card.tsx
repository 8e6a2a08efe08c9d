import type { ClinicalItemSource } from '@cairn/contracts';
import { Card, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatItemDate } from '../utils/format';
import { SourceTag } from './source-tag';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';
import { WidgetBoundary } from '../../../components/widget-boundary';

/** The state of the summary every card shows: the tab loads it once, each card renders its part. */
export interface SummaryState {
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
}

export interface SummaryCardProps {
  title: string;
  state: SummaryState;
  isEmpty: boolean;
  emptyText: string;
  extra?: ReactNode;
  /** Shown under the items, such as "Showing 50 of 212". */
  footer?: ReactNode;
  children?: ReactNode;
}

/** One card of the tab: loading, then error, then empty, then its items. */
export function SummaryCard({ title, state, isEmpty, emptyText, extra, footer, children }: SummaryCardProps) {
  return (
    <Card
      title={title}
      extra={state.status === 'success' ? extra : undefined}
      size="small"
      role="region"
      aria-label={title}
    >
      {state.status === 'pending' && <LoadingState label={`Loading ${title.toLowerCase()}`} rows={3} />}
      {state.status === 'error' && (
        <ErrorState title={`Could not load ${title.toLowerCase()}`} onRetry={state.onRetry} />
      )}
      {state.status === 'success' && isEmpty && <EmptyState description={emptyText} compact />}
      {state.status === 'success' && !isEmpty && (
        // One card's items failing to render must not blank the rest of the tab.
        <WidgetBoundary name={title}>
          {children}
          {footer}
        </WidgetBoundary>
      )}
    </Card>
  );
}

/** "Showing 50 of 212" under a list that was cut. */
export function TotalNote({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <Typography.Text type="secondary">
      Showing {shown} of {total}
    </Typography.Text>
  );
}

export interface SummaryItemProps {
  title: ReactNode;
  /** Secondary facts: codes, dosage, provider, ... */
  details?: ReactNode;
  date: string | null;
  source: ClinicalItemSource;
  extra?: ReactNode;
}

/** One item of a card's list: what it is, its details, its date and source. */
export function SummaryItem({ title, details, date, source, extra }: SummaryItemProps) {
  const { token } = theme.useToken();
  return (
    <li
      className="clinical-summary-item"
      style={{ padding: '6px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex justify="space-between" align="start" gap="small">
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong>{title}</Typography.Text>
          {details && <Typography.Text type="secondary">{details}</Typography.Text>}
        </Flex>
        <Flex gap="small" align="center" wrap={false} style={{ flexShrink: 0 }}>
          {extra}
          <Typography.Text>{formatItemDate(date)}</Typography.Text>
          <SourceTag source={source} />
        </Flex>
      </Flex>
    </li>
  );
}

export function SummaryList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {children}
    </ul>
  );
}
