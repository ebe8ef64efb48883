import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS } from '@waco/contracts';

/**
 * Spec section 9's fetch defaults: data is never stale unless a query says otherwise, nothing
 * refetches on an interval or on focus, nothing is retried, and unused data is kept 5 minutes.
 * Queries with their own timings (user, feed, status, top filters) set them where they are made.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: QUERY_GC_MS,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
