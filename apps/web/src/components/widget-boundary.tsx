import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './error-state';

export interface WidgetBoundaryProps {
  /** The widget's name, as the user knows it ('Labs'). */
  name: string;
  children: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

/**
 * Keeps one failing panel from blanking the page (STYLE §4): a render error in the widget shows its
 * error state, with a retry that renders it again, and the rest of the page stays.
 */
export class WidgetBoundary extends Component<WidgetBoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <ErrorState
        title={`${this.props.name} could not be shown.`}
        onRetry={() => this.setState({ hasFailed: false })}
      />
    );
  }
}
