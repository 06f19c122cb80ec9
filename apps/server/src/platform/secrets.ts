import { createCipheriv, createDecipheriv, generateKeyPairSync, randomBytes } from 'node:crypto';
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

const sealKeys = new WeakMap<object, Promise<Buffer>>();

/** The key sealed values are kept under (made at first use, kept in `system_secret`, shared by every instance). */
const sealKeyOf = (db: Db) => {
  let key = sealKeys.get(db);
  if (!key) {
    key = secretOf(db, 'sealed_value_key', () => randomBytes(32).toString('base64')).then((k) =>
      Buffer.from(k, 'base64'),
    );
    sealKeys.set(db, key);
  }
  return key;
};

/**
 * A secret at rest (e.g. the single sign-on client secret): AES-256-GCM as the mail passwords are, stored as
 * `v1:<iv>:<tag>:<ciphertext>` (base64); the tag makes a tampered value refuse to open.
 */
export async function sealSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealKeyOf(db), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export async function openSealed(db: Db, stored: string): Promise<string> {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable sealed value');
  const decipher = createDecipheriv('aes-256-gcm', await sealKeyOf(db), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
