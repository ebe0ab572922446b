import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { signAccessToken, verifyAccessToken } from './access-token';

describe('access tokens (the verified-claims cache)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts verifying without a process warning (no custom cache key builder)', () => {
    const warn = vi.spyOn(process, 'emitWarning');
    const key = new Uint8Array(randomBytes(32));
    const clock = new ManualClock();
    const sid = randomUUID();
    expect(verifyAccessToken(signAccessToken({ sid, uid: 7 }, key, clock, 900), key, clock)).toEqual({ sid, uid: 7 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers each token with its own claims, and a tampered one with none, also once others are cached', () => {
    const key = new Uint8Array(randomBytes(32));
    const clock = new ManualClock();
    const a = { sid: randomUUID(), uid: 1 };
    const b = { sid: randomUUID(), uid: 2 };
    const tokenA = signAccessToken(a, key, clock, 900);
    const tokenB = signAccessToken(b, key, clock, 900);
    for (let i = 0; i < 2; i++) {
      expect(verifyAccessToken(tokenA, key, clock)).toEqual(a);
      expect(verifyAccessToken(tokenB, key, clock)).toEqual(b);
    }
    // The same header and claims with another signature: not a token of ours, cached or not.
    const forged = `${tokenA.slice(0, tokenA.lastIndexOf('.'))}.${tokenB.slice(tokenB.lastIndexOf('.') + 1)}`;
    expect(verifyAccessToken(forged, key, clock)).toBeNull();
    // Another key never sees the first key's cache.
    expect(verifyAccessToken(tokenA, new Uint8Array(randomBytes(32)), clock)).toBeNull();
  });
});
