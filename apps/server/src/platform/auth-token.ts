import { constants, createPrivateKey, privateDecrypt, type KeyObject } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { authNonce } from './platform.table.js';

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

  return {
    async check(header: string | undefined): Promise<AuthTokenCheck> {
      if (!header) return 'invalid';
      const decoded = decode(header);
      if (!decoded) return 'invalid';
      if (Math.abs(Date.now() / 1000 - decoded.seconds) > windowSeconds) return 'invalid';
      const inserted = await db
        .insert(authNonce)
        .values({ nonce: decoded.nonce })
        .onConflictDoNothing()
        .returning({ nonce: authNonce.nonce });
      return inserted.length === 1 ? 'ok' : 'replayed';
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
