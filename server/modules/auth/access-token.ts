import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock';

/** The one algorithm accepted: a token with any other `alg` (or `none`) is refused. */
const ALG = 'HS256';

export interface AccessClaims {
  sid: string;
  uid: number;
}

export async function signAccessToken(claims: AccessClaims, key: Uint8Array, clock: Clock, ttlSeconds: number): Promise<string> {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ sid: claims.sid, typ: 'access' })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(claims.uid))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(key);
}

/** Returns the claims, or null for any token that is not a valid, unexpired access token of ours. */
export async function verifyAccessToken(token: string, key: Uint8Array, clock: Clock): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALG], currentDate: clock.now() });
    if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !payload.sub) return null;
    const uid = Number(payload.sub);
    return Number.isInteger(uid) ? { sid: payload.sid, uid } : null;
  } catch {
    return null;
  }
}
