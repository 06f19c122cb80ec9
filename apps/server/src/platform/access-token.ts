import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';

export type AccessClaims = { userId: number; sessionId: string };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const maxInt32 = 2_147_483_647;

/** Short-lived HS256 access tokens naming the user and the session they belong to. */
export function createAccessTokens(secret: Uint8Array, lifetimeMinutes: number) {
  // Imported once: given the raw bytes, jose imports the key again on every call (a WebCrypto round per request).
  const key = crypto.subtle.importKey('raw', Uint8Array.from(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    /** `minutes` overrides the lifetime (Settings → Token); the environment's value is the default. */
    async sign(claims: AccessClaims, minutes: number = lifetimeMinutes): Promise<{ token: string; exp: number }> {
      const exp = Math.floor(Date.now() / 1000) + minutes * 60;
      const token = await new SignJWT({ sid: claims.sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(await key);
      return { token, exp };
    },
    /** The claims, or undefined for anything expired, forged, malformed or of another algorithm. */
    async verify(token: string): Promise<(AccessClaims & { exp: number }) | undefined> {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const { sub, sid, typ, exp } = payload;
        // Claims that could name no user or session are refused here, not handed to the database.
        if (typ !== 'access' || !exp || typeof sid !== 'string' || !uuidPattern.test(sid)) return undefined;
        if (!sub || !/^[1-9]\d{0,9}$/.test(sub) || Number(sub) > maxInt32) return undefined;
        return { userId: Number(sub), sessionId: sid, exp };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
