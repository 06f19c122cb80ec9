import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db.js';
import { secretOf } from '../../platform/secrets.js';

/**
 * Mail account passwords at rest: AES-256-GCM under a key kept in `system_secret` (made at first start, shared by
 * every instance). Stored as `v1:<iv>:<tag>:<ciphertext>` (base64); the tag makes a tampered value refuse to open.
 */
let key: Buffer | undefined;

export async function loadMailPasswordKey(db: Db): Promise<void> {
  key = Buffer.from(await secretOf(db, 'mail_password_key', () => randomBytes(32).toString('base64')), 'base64');
}

const keyOrThrow = () => {
  if (!key) throw new Error('the mail password key is not loaded (the e-mail module loads it at start)');
  return key;
};

export function encryptPassword(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOrThrow(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export function decryptPassword(stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable stored mail password');
  const decipher = createDecipheriv('aes-256-gcm', keyOrThrow(), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
