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

/** The cache handed to a layout that has not mounted yet, and whose. */
let handedOut: { client: QueryClient; userId: number | null } | null = null;

/**
 * The signed-in layout's cache: the one a prefetch started for this user, else a new one (once per layout). React
 * calls this again when the layout's first render was suspended and thrown away: until the layout has mounted, the
 * same cache is handed out, or the prefetched data would be lost and fetched a second time.
 */
export function layoutQueryClient(): QueryClient {
  const userId = getSession().userInfo?.userId ?? null;
  if (handedOut?.userId === userId) return handedOut.client;
  const adopted = prefetched?.userId === userId ? prefetched.client : null;
  prefetched = null;
  layoutMounted = true;
  handedOut = { client: adopted ?? newQueryClient(), userId };
  return handedOut.client;
}

/** The layout holding the cache has mounted: a later layout gets a cache of its own. */
export function layoutMountedWith(client: QueryClient): void {
  if (handedOut?.client === client) handedOut = null;
}
