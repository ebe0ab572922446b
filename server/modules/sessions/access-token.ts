import { createSigner, createVerifier } from 'fast-jwt';
import type { Clock } from '../../lib/clock';

/**
 * Access tokens: HS256 JWTs carrying the session id. Only HS256 is accepted: a token with
 * any other `alg` (or `none`) is refused. fast-jwt signs and verifies with node:crypto
 * synchronously; this runs on every authenticated request.
 */
const ALG = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ours are about 200 characters; a longer one is refused before any work (and never kept in the cache below). */
const MAX_TOKEN_LENGTH = 1024;

export interface AccessClaims {
  sid: string;
  uid: number;
}

type Sign = (payload: Record<string, unknown>) => string;
type Verify = (token: string) => Record<string, unknown>;
const signers = new WeakMap<Uint8Array, Sign>();
const verifiers = new WeakMap<Uint8Array, Verify>();

function signerFor(key: Uint8Array): Sign {
  let sign = signers.get(key);
  // iat and exp are set from our clock, not fast-jwt's, so that tests can move time.
  if (!sign) signers.set(key, (sign = createSigner({ key: Buffer.from(key), algorithm: ALG, noTimestamp: true }) as Sign));
  return sign;
}

function verifierFor(key: Uint8Array): Verify {
  let verify = verifiers.get(key);
  if (!verify) {
    verify = createVerifier({
      key: Buffer.from(key),
      algorithms: [ALG],
      // Expiry is checked below against our clock.
      ignoreExpiration: true,
      requiredClaims: ['sid', 'sub', 'exp', 'typ'],
      // Every request of a signed-in user carries the same token until it is refreshed: its
      // signature is checked once, then its claims come from this cache (the HMAC and the decode
      // were ~40 µs of the API's thread per request). fast-jwt keys it by a SHA-256 of the whole
      // token (its default: a custom key builder makes it warn at every start), so only that exact
      // token is ever answered from it; expiry and the session are still checked per call.
      cache: 1000,
      cacheTTL: 60_000,
    }) as Verify;
    verifiers.set(key, verify);
  }
  return verify;
}

/** `issuedAt` (default: now) lets a refresh answered again within its grace sign the very same token. */
export function signAccessToken(claims: AccessClaims, key: Uint8Array, clock: Clock, ttlSeconds: number, issuedAt: Date = clock.now()): string {
  const now = Math.floor(issuedAt.getTime() / 1000);
  return signerFor(key)({ sid: claims.sid, typ: 'access', sub: String(claims.uid), iat: now, exp: now + ttlSeconds });
}

/** Returns the claims, or null for any token that is not a valid, unexpired access token of ours. */
export function verifyAccessToken(token: string, key: Uint8Array, clock: Clock): AccessClaims | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  let payload: Record<string, unknown>;
  try {
    payload = verifierFor(key)(token);
  } catch {
    return null;
  }
  const now = clock.now().getTime() / 1000;
  if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (payload.typ !== 'access' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
  // The session id goes into a uuid column: anything else is no session of ours (401, not a database error).
  if (!UUID.test(payload.sid)) return null;
  const uid = Number(payload.sub);
  return Number.isInteger(uid) ? { sid: payload.sid, uid } : null;
}
