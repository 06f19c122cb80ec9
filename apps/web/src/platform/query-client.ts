import { QueryClient } from '@tanstack/react-query';
import { getSession } from './auth-store';
import { ApiError } from './http/client';

export function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The http client already refreshed the session and told the user; retrying a 4xx helps nobody.
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

/** A cache that a route's prefetch filled before the signed-in layout mounted, and whose user. */
let prefetched: { client: QueryClient; userId: number | null } | null = null;
let layoutMounted = false;

/**
 * Where a route's first query goes while its code and the layout load (app/router): the layout adopts it. Null once
 * a layout has its cache (later screens' pages ask for their data themselves).
 */
export function prefetchQueryClient(): QueryClient | null {
  if (layoutMounted) return null;
  const userId = getSession().userInfo?.userId ?? null;
  if (!prefetched || prefetched.userId !== userId) prefetched = { client: newQueryClient(), userId };
  return prefetched.client;
}

/** The signed-in layout's cache: the one a prefetch started for this user, else a new one (once per layout). */
export function layoutQueryClient(): QueryClient {
  const adopted =
    prefetched && prefetched.userId === (getSession().userInfo?.userId ?? null) ? prefetched.client : null;
  prefetched = null;
  layoutMounted = true;
  return adopted ?? newQueryClient();
}
