import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db.js';
import { systemSecret } from './platform.table.js';

export type ServerKeys = { jwtSecret: Uint8Array; authTokenPrivateKey: string; authTokenPublicKey: string };

/** Read a secret, creating it on first use; concurrent first starts agree on one value. */
export async function secretOf(db: Db, name: string, make: () => string): Promise<string> {
  const found = await db.select().from(systemSecret).where(eq(systemSecret.name, name));
  if (found[0]) return found[0].value;
  await db.insert(systemSecret).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(systemSecret).where(eq(systemSecret.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}

/** Keys generated at first start and kept in the database, so every instance shares them. */
export async function loadServerKeys(db: Db): Promise<ServerKeys> {
  const jwt = await secretOf(db, 'jwt_secret', () => randomBytes(64).toString('base64'));
  const rsa = await secretOf(db, 'auth_token_rsa', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return JSON.stringify({ privateKey, publicKey });
  });
  const { privateKey, publicKey } = JSON.parse(rsa) as { privateKey: string; publicKey: string };
  return { jwtSecret: Buffer.from(jwt, 'base64'), authTokenPrivateKey: privateKey, authTokenPublicKey: publicKey };
}
