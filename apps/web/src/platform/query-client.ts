import { QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from './auth-store';
import { ApiError } from './http/client';

function newQueryClient() {
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

let client: QueryClient | null = null;
let owner: number | null = null;

/**
 * The signed-in session's query cache: one per session, so that a route can start its first query while its code
 * and the layout load (app/router), and the page finds the answer in flight. A new session starts empty.
 */
export function sessionQueryClient(): QueryClient {
  const userId = getSession().userInfo?.userId ?? null;
  if (!client || owner !== userId) {
    client?.clear();
    client = newQueryClient();
    owner = userId;
  }
  return client;
}

subscribeSession(() => {
  if (!getSession().token && client) {
    client.clear();
    client = null;
  }
});
