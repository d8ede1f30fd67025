import { QueryClient } from '@tanstack/react-query';

/** One retry and no refetch on focus, so that errors show quickly and forms are not reset under the user. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
