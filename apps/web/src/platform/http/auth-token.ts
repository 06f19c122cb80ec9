import type { Envelope } from '@casedesk/shared';
import { appConfig } from '../config';
import { session } from '../storage';

/**
 * The `Auth-Token` header of contract section 3: base64 of RSA-OAEP (SHA-256) over `<32 hex>:<unix seconds>`,
 * with the server's public key, fetched once per browser tab and kept in its session storage, so that a reload
 * does not wait for it before its first call (issue 16). Seconds follow the server's clock (from the `Date` header),
 * so a machine whose clock is a few minutes off still gets through the server's 300-second window.
 */
let keyPromise: Promise<CryptoKey> | null = null;
/** The key in use was read from session storage: the server may have a new one since (renewPublicKey). */
let keyFromStorage = false;
let clockOffsetMs = 0;

export function noteServerDate(header: string | null): void {
  if (!header) return;
  const server = Date.parse(header);
  // The header has whole seconds: only a drift larger than that is worth following.
  if (!Number.isNaN(server) && Math.abs(server - Date.now() - clockOffsetMs) > 2000)
    clockOffsetMs = server - Date.now();
}

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function importKey(pem: string): Promise<CryptoKey> {
  if (!globalThis.crypto?.subtle)
    throw new TypeError('This page needs a secure connection (HTTPS) for its encryption to work.');
  return crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

async function fetchKey(): Promise<CryptoKey> {
  const response = await fetch(`${appConfig.apiBaseUrl}/api/token/PublicKey`, {
    headers: { Accept: 'application/json' },
  });
  noteServerDate(response.headers.get('date'));
  const envelope = (await response.json()) as Envelope<unknown>;
  if (envelope.resultCode !== 200 || typeof envelope.data !== 'string') throw new TypeError('No public key');
  const key = await importKey(envelope.data);
  session.set('publicKey', envelope.data);
  return key;
}

function loadKey(): Promise<CryptoKey> {
  const stored = session.get<string>('publicKey');
  keyFromStorage = typeof stored === 'string';
  return keyFromStorage ? importKey(stored!).catch(() => fetchKey()) : fetchKey();
}

/**
 * The server refused an Auth-Token as undecryptable or stale (`400 Invalid Auth-Token header`). If the key came from
 * session storage, the server may have a new one: fetch it. Answers whether the key was renewed (worth a retry).
 */
export function renewPublicKey(): boolean {
  if (!keyFromStorage) return false;
  session.remove('publicKey');
  keyPromise = null;
  keyFromStorage = false;
  return true;
}

export async function createAuthToken(): Promise<string> {
  keyPromise ??= loadKey().catch((error: unknown) => {
    keyPromise = null;
    throw error;
  });
  const key = await keyPromise;
  const nonce = toHex(crypto.getRandomValues(new Uint8Array(16)));
  const seconds = Math.floor((Date.now() + clockOffsetMs) / 1000);
  const encrypted = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    key,
    new TextEncoder().encode(`${nonce}:${seconds}`),
  );
  return toBase64(new Uint8Array(encrypted));
}
