import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Server state for the whole app. A 4xx is an answer, not a hiccup: only other failures are retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => {
        const isClientError = isApiError(error) && error.status !== undefined && error.status < 500;
        return !isClientError && failureCount < 2;
      },
    },
  },
});
