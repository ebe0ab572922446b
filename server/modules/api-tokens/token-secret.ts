import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@common/schemas/api-tokens';

/** A new token: 32 random bytes after the prefix. Only its hash is stored. */
export function newTokenSecret(): { token: string; hash: string; hint: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), hint: `${token.slice(0, API_TOKEN_PREFIX.length + 6)}…` };
}

/**
 * SHA-256, not argon2: a token carries 256 random bits, so nobody guesses it from its hash,
 * and every machine call reads it — a slow hash would only make each call slower.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeApiToken(bearer: string | undefined): bearer is string {
  return bearer !== undefined && bearer.startsWith(API_TOKEN_PREFIX);
}
