import { Skeleton, Spin } from 'antd';

export interface LoadingStateProps {
  /** What is loading, for screen readers and tests ('Loading the schedule'). */
  label: string;
  /** A skeleton of text lines where the content will be, or a spinner (the default) with the label. */
  rows?: number;
  size?: 'small' | 'default' | 'large';
}

/** A widget's loading state: the first of loading, error, empty, data (STYLE §4). */
export function LoadingState({ label, rows, size = 'default' }: LoadingStateProps) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      {rows === undefined ? (
        <Spin size={size} description={size === 'small' ? undefined : label}>
          <span />
        </Spin>
      ) : (
        <Skeleton active title={false} paragraph={{ rows }} />
      )}
    </div>
  );
}
