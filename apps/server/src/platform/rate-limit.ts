import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { AccessTokens } from './access-token.js';
import { rowsOf, type Db } from './db.js';

/**
 * Who a request counts against (contract 25): a signed-in user by the user id of a valid access token, a personal
 * API token by its hash, and only a call without either by its address. So a colleague's burst behind the office's
 * one NAT address spends their own budget, not the office's. Checked before the access check (a flood is cut off
 * before RSA or database work): the token's HMAC is verified here (cached per token), an invalid one counts as the
 * address, and the access check refuses it afterwards as always.
 */
export function rateLimitKeyOf(accessTokens: AccessTokens, isPersonalToken: (bearer: string) => boolean) {
  return async (request: FastifyRequest): Promise<string> => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer && isPersonalToken(bearer))
      return `t:${createHash('sha256').update(bearer).digest('base64url').slice(0, 22)}`;
    const claims = bearer ? await accessTokens.verify(bearer) : undefined;
    return claims ? `u:${claims.userId}` : `ip:${request.ip}`;
  };
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/**
 * What @fastify/rate-limit hands a store's `child` for a route of its own: its merged options, whose `routeInfo`
 * names the route (the library's types say the route's options; its code passes these).
 */
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/** The statement's time in milliseconds since the epoch, by the database's clock. */
const nowMs = sql`(extract(epoch from statement_timestamp()) * 1000)::bigint`;

/** How often a process deletes windows that have ended (any process may; the statement is idempotent). */
const sweepEveryMs = 60_000;

/**
 * A window counter in PostgreSQL for @fastify/rate-limit, so that every server process counts the same hits: one
 * upsert per request (`on conflict … hits + 1 returning hits`). `namespace` keeps a route's own limit (sign-in)
 * apart from the global one, as the library's stores do.
 */
export function postgresRateLimitStore(db: Db) {
  let lastSweep = 0;
  const sweep = (timeWindow: number) => {
    const now = Date.now();
    if (now - lastSweep < sweepEveryMs) return;
    lastSweep = now;
    // Not awaited: the request does not wait for the clean-up; a failure only leaves rows for the next sweep.
    db.execute(
      sql`delete from rate_limit_hit where window_start < ${nowMs} - ${2 * Math.max(timeWindow, sweepEveryMs)}`,
    ).catch(() => undefined);
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly namespace = '') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      // A window starts at the key's first hit and lasts `timeWindow` (the library's memory store does the same, so a
      // burst is never split by a clock boundary); times are the database's, the same for every machine.
      rowsOf<{ hits: number; ttl: string }>(
        db,
        sql`insert into rate_limit_hit as hit (key, window_start, hits)
            values (${this.namespace + key}, ${nowMs}, 1)
            on conflict (key) do update set
              window_start = case when hit.window_start <= ${nowMs} - ${timeWindow}
                then excluded.window_start else hit.window_start end,
              hits = case when hit.window_start <= ${nowMs} - ${timeWindow} then 1 else hit.hits + 1 end
            returning hits, window_start + ${timeWindow} - ${nowMs} as ttl`,
      ).then(
        ([row]) =>
          callback(null, { current: Number(row?.hits ?? 1), ttl: Math.max(0, Number(row?.ttl ?? timeWindow)) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      sweep(timeWindow);
    }

    child(params: unknown): PostgresRateLimitStore {
      const { method, url } = (params as RouteParams).routeInfo ?? {};
      return new PostgresRateLimitStore(`${this.namespace}${[method].flat().join(',')}${url ?? ''}|`);
    }
  }
  // The plugin constructs the store with its options: the global store has no namespace.
  return class extends PostgresRateLimitStore {
    constructor() {
      super('');
    }
  };
}
