import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LazyApplicationErrorScreen as ApplicationErrorScreen } from './lazy-screens';
import { logger } from './logger';

/** Catches what escapes the router (providers, layouts) and logs it to the server (spec §8). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.error('Application error', {
      name: error instanceof Error ? error.name : typeof error,
      componentStack: info.componentStack?.slice(0, 2000),
    });
  }

  override render(): ReactNode {
    if (this.state.error !== undefined)
      return <ApplicationErrorScreen error={this.state.error} title="Application error" />;
    return this.props.children;
  }
}
