import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';

export type AccessClaims = { userId: number; sessionId: string };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const maxInt32 = 2_147_483_647;
/** Tokens remembered as verified; the map is emptied when it reaches this size. */
const verifiedCacheSize = 10_000;

/** Short-lived HS256 access tokens naming the user and the session they belong to. */
export function createAccessTokens(secret: Uint8Array, lifetimeMinutes: number) {
  // Imported once: given the raw bytes, jose imports the key again on every call (a WebCrypto round per request).
  const key = crypto.subtle.importKey('raw', Uint8Array.from(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // Verifying is a pure function of the token and this process's key except for the expiry, so a token that
  // verified once is taken again without the HMAC until it expires (the same `exp > now` test as jose's).
  // Whether its session and user may still act is the database's answer on every request, not this cache's.
  const verified = new Map<string, AccessClaims & { exp: number }>();
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
      const known = verified.get(token);
      if (known) {
        if (known.exp > Math.floor(Date.now() / 1000)) return known;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const { sub, sid, typ, exp } = payload;
        // Claims that could name no user or session are refused here, not handed to the database.
        if (typ !== 'access' || !exp || typeof sid !== 'string' || !uuidPattern.test(sid)) return undefined;
        if (!sub || !/^[1-9]\d{0,9}$/.test(sub) || Number(sub) > maxInt32) return undefined;
        const claims = Object.freeze({ userId: Number(sub), sessionId: sid, exp });
        if (verified.size >= verifiedCacheSize) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
