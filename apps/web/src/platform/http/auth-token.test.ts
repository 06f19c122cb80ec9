import { webcrypto } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type KeyPair = { pem: string; privateKey: CryptoKey };
const subtle = webcrypto.subtle as unknown as SubtleCrypto;

async function newKeyPair(): Promise<KeyPair> {
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
  const pem = `-----BEGIN PUBLIC KEY-----\n${Buffer.from(spki).toString('base64')}\n-----END PUBLIC KEY-----`;
  return { pem, privateKey: pair.privateKey };
}

/** What the server does with the header: decrypt it with its private key. */
async function decrypt(token: string, privateKey: CryptoKey): Promise<string> {
  const plain = await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, Buffer.from(token, 'base64'));
  return new TextDecoder().decode(plain);
}

/**
 * Node's Web Crypto for the page: jsdom's typed arrays come from another realm, which Node's argument checks refuse,
 * so bytes are copied into this realm's on the way in.
 */
const copy = (data: BufferSource) =>
  Uint8Array.from(
    ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data),
  );
const pageCrypto = {
  subtle: {
    importKey: (
      format: 'spki',
      data: BufferSource,
      algorithm: RsaHashedImportParams,
      extractable: boolean,
      usages: KeyUsage[],
    ) => subtle.importKey(format, copy(data), algorithm, extractable, usages),
    encrypt: (algorithm: RsaOaepParams, key: CryptoKey, data: BufferSource) =>
      subtle.encrypt(algorithm, key, copy(data)),
  },
  getRandomValues: <T extends Uint8Array>(array: T) => {
    array.set(webcrypto.getRandomValues(new Uint8Array(array.length)));
    return array;
  },
};

let server: KeyPair;
let keyFetches: number;

// A fresh module per test: the key promise lives in the module, as it does in a page.
const freshModule = async () => {
  vi.resetModules();
  return import('./auth-token');
};

beforeEach(async () => {
  sessionStorage.clear();
  server = await newKeyPair();
  keyFetches = 0;
  vi.stubGlobal('crypto', pageCrypto);
  vi.stubGlobal('fetch', async () => {
    keyFetches++;
    return new Response(JSON.stringify({ resultCode: 200, resultMsg: 'OK', data: server.pem }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Auth-Token', () => {
  it('fetches the public key once per tab and keeps it in session storage for the next page', async () => {
    const page = await freshModule();
    const token = await page.createAuthToken();
    await page.createAuthToken();
    expect(keyFetches).toBe(1);
    expect(await decrypt(token, server.privateKey)).toMatch(/^[0-9a-f]{32}:\d+$/);

    const reloaded = await freshModule();
    expect(await decrypt(await reloaded.createAuthToken(), server.privateKey)).toMatch(/^[0-9a-f]{32}:\d+$/);
    expect(keyFetches).toBe(1);
  });

  it('renews a stored key that the server no longer has, and only a stored one', async () => {
    await (await freshModule()).createAuthToken();
    const previous = server;
    server = await newKeyPair(); // the server got a new key (a new installation, a restored backup)

    const page = await freshModule();
    const stale = await page.createAuthToken();
    await expect(decrypt(stale, server.privateKey)).rejects.toThrow();
    expect(await decrypt(stale, previous.privateKey)).toMatch(/:\d+$/);

    expect(page.renewPublicKey()).toBe(true);
    const renewed = await page.createAuthToken();
    expect(await decrypt(renewed, server.privateKey)).toMatch(/^[0-9a-f]{32}:\d+$/);
    expect(keyFetches).toBe(2);
    // The key just fetched is the server's: another refusal is not the key's fault (clock, replay).
    expect(page.renewPublicKey()).toBe(false);
    expect(JSON.parse(sessionStorage.getItem('casedesk-ticket:publicKey')!)).toBe(server.pem);
  });
});
