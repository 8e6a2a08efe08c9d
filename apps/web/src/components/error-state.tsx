import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';

export interface ErrorStateProps {
  /** What failed, in the user's words ('The documents could not be loaded.'). */
  title: string;
  description?: string;
  /** Offers to try again. */
  onRetry?: () => void;
  style?: CSSProperties;
}

/** A widget's error state: an alert that screen readers announce, with an optional retry. */
export function ErrorState({ title, description, onRetry, style }: ErrorStateProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={description}
      style={style}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    />
  );
}
