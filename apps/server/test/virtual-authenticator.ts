import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/**
 * A security key in the test, as a browser's WebAuthn would answer for it: an ES256 key pair, attestation "none",
 * authenticator data and clientDataJSON built by hand, assertions signed with the private key.
 */
export function virtualAuthenticator(origin: string) {
  const rpID = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = randomBytes(16);
  const id = b64(rawId);
  let counter = 0;

  const authData = (flags: number, rp: string, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rp), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string, from: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id,
    /** `navigator.credentials.create` for these options (`origin`: the page it was called on). */
    register(options: { challenge: string }, at: { origin?: string; rpID?: string } = {}) {
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, Buffer.from(isoCBOR.encode(cose))]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(0x45, at.rpID ?? rpID, attested)],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, at.origin ?? origin)),
          attestationObject: b64(attestationObject),
          transports: ['usb'],
        },
        clientExtensionResults: {},
      };
    },
    /** `navigator.credentials.get`: signs the challenge; the counter moves on unless `counter` says otherwise. */
    assert(options: { challenge: string }, at: { origin?: string; counter?: number } = {}) {
      counter = at.counter ?? counter + 1;
      const data = authData(0x05, rpID);
      const client = clientData('webauthn.get', options.challenge, at.origin ?? origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: { clientDataJSON: b64(client), authenticatorData: b64(data), signature: b64(signature) },
        clientExtensionResults: {},
      };
    },
  };
}
