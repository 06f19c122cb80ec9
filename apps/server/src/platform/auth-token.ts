import { constants, createPrivateKey, privateDecrypt, type KeyObject } from 'node:crypto';
import { lt, sql, type Placeholder } from 'drizzle-orm';
import { rowsOf, type Db } from './db.js';
import { authNonce } from './platform.table.js';

/**
 * `with claimed as (…)`: inserts the nonce, one row in `claimed` when it is new. A statement that starts
 * with it commits without waiting for the WAL flush (`synchronous_commit = off`, for that transaction only,
 * and only when a nonce was written). Safe because the only thing at stake is the nonce itself: a crash can
 * lose at most the last ~0.6 s of them (3 x wal_writer_delay), and a header seen in those instants could be
 * sent again within its 300 s window; it still needs a valid bearer token and the same request. Everything
 * else a request writes runs in its own transactions, with the server's commit setting.
 */
export const claimNonceSql = (nonce: string | Placeholder) =>
  sql`with claimed as (
        insert into auth_nonce (nonce) values (${nonce}) on conflict do nothing
        returning set_config('synchronous_commit', 'off', true))`;

const headerPattern = /^([0-9a-f]{32}):(\d{1,12})$/;

export type AuthTokenCheck = 'ok' | 'invalid' | 'replayed';

/**
 * The `Auth-Token` header of contract section 3: RSA-OAEP(SHA-256) of `<32 hex>:<unix seconds>`,
 * fresh within the window and never seen before (nonces live in the database, shared by instances).
 */
export function createAuthTokenChecker(db: Db, privateKeyPem: string, windowSeconds: number) {
  const key: KeyObject = createPrivateKey(privateKeyPem);

  function decode(header: string): { nonce: string; seconds: number } | undefined {
    if (header.length > 1024) return undefined;
    try {
      const plain = privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(header, 'base64'),
      ).toString('utf8');
      const match = headerPattern.exec(plain);
      if (!match) return undefined;
      return { nonce: match[1]!, seconds: Number(match[2]) };
    } catch {
      return undefined;
    }
  }

  /** The nonce of a header that decrypts, matches and is inside the window (no database work). */
  function nonceOf(header: string | undefined): string | undefined {
    if (!header) return undefined;
    const decoded = decode(header);
    if (!decoded || Math.abs(Date.now() / 1000 - decoded.seconds) > windowSeconds) return undefined;
    return decoded.nonce;
  }

  /** Records the nonce; false when it was seen before (a replay). */
  async function claim(nonce: string): Promise<boolean> {
    const claimed = await rowsOf<{ one: number }>(db, sql`${claimNonceSql(nonce)} select 1 as one from claimed`);
    return claimed.length === 1;
  }

  return {
    nonceOf,
    claim,
    async check(header: string | undefined): Promise<AuthTokenCheck> {
      const nonce = nonceOf(header);
      if (!nonce) return 'invalid';
      return (await claim(nonce)) ? 'ok' : 'replayed';
    },
    /** Forget nonces older than twice the window: their timestamps can no longer pass. */
    async purge(): Promise<number> {
      const deleted = await db
        .delete(authNonce)
        .where(lt(authNonce.seenAt, sql`now() - make_interval(secs => ${windowSeconds * 2})`))
        .returning({ nonce: authNonce.nonce });
      return deleted.length;
    },
  };
}
export type AuthTokenChecker = ReturnType<typeof createAuthTokenChecker>;
