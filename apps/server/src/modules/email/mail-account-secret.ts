import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db.js';
import { secretOf } from '../../platform/secrets.js';

/**
 * The mail account password, AES-256-GCM with a server key kept in `system_secret` (shared by every instance).
 * Stored as `v1:<iv>:<tag>:<ciphertext>` (base64). The fetch job decrypts it just before it connects.
 * (The mailout branch owns the account resource and writes these; the lead keeps one of the two copies.)
 */
let accountKey: Buffer | undefined;

export async function loadAccountKey(db: Db): Promise<void> {
  accountKey = Buffer.from(await secretOf(db, 'mail_account_key', () => randomBytes(32).toString('base64')), 'base64');
}

function key(): Buffer {
  if (!accountKey) throw new Error('the mail account key is not loaded (the e-mail module registers it at start)');
  return accountKey;
}

export function encryptAccountPassword(password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export function decryptAccountPassword(stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('the stored password is not readable');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
