import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from '../config/theme';
import { FlagsProvider } from '../lib/feature-flags';
import { queryClient } from '../lib/query-client';
import { AppErrorBoundary } from './app-error-boundary';

/**
 * Everything a page can rely on: error boundary, theme, antd's App (its `message` and `modal`, themed,
 * from `App.useApp()`), server state, flags.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <ConfigProvider theme={theme}>
        <App component={false}>
          <QueryClientProvider client={queryClient}>
            <FlagsProvider>{children}</FlagsProvider>
          </QueryClientProvider>
        </App>
      </ConfigProvider>
    </AppErrorBoundary>
  );
}
