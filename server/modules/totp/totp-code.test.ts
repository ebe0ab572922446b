import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { checkTotpCode, timeStepAt, totpCodeAt } from './totp-code';

/** RFC 6238 appendix B, SHA-1: the ASCII key "12345678901234567890" in Base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

/** A clock standing still at a given second. */
function clockAt(seconds: number): ManualClock {
  const clock = new ManualClock();
  clock.advance(seconds * 1000 - Date.now());
  return clock;
}

describe('RFC 6238 through our own verify, with the clock fixed', () => {
  for (const [seconds, code] of RFC_VECTORS) {
    it(`T = ${seconds}: ${code} (8 digits) and its last six digits are accepted`, async () => {
      const now = clockAt(seconds).now();
      expect(await checkTotpCode(RFC_SECRET, code, now, null, 8)).toMatchObject({ valid: true, step: timeStepAt(now) });
      expect(await checkTotpCode(RFC_SECRET, code.slice(2), now, null)).toMatchObject({ valid: true, step: timeStepAt(now) });
      expect(await totpCodeAt(RFC_SECRET, now, 8)).toBe(code);
    });
  }

  it('refuses a wrong code, a code of the wrong length and anything not digits', async () => {
    const now = clockAt(59).now();
    expect((await checkTotpCode(RFC_SECRET, '287083', now, null)).valid).toBe(false);
    expect((await checkTotpCode(RFC_SECRET, '28708', now, null)).valid).toBe(false);
    expect((await checkTotpCode(RFC_SECRET, '28708a', now, null)).valid).toBe(false);
    expect((await checkTotpCode(RFC_SECRET, ' 287082', now, null)).valid).toBe(false);
  });
});

describe('tolerance and replay', () => {
  const base = 1_700_000_010; // 10 s into a step
  const codeAtStep = (offset: number) => totpCodeAt(RFC_SECRET, clockAt(base + offset * 30).now());

  it('accepts the codes of one step either side and refuses two steps away', async () => {
    const now = clockAt(base).now();
    for (const offset of [-1, 0, 1]) {
      const result = await checkTotpCode(RFC_SECRET, await codeAtStep(offset), now, null);
      expect(result, `step ${offset}`).toEqual({ valid: true, step: timeStepAt(now) + offset });
    }
    for (const offset of [-2, 2]) {
      expect((await checkTotpCode(RFC_SECRET, await codeAtStep(offset), now, null)).valid, `step ${offset}`).toBe(false);
    }
  });

  it('refuses a step equal to or older than the last used one, even within its 30 s', async () => {
    const now = clockAt(base).now();
    const step = timeStepAt(now);
    const current = await codeAtStep(0);
    expect((await checkTotpCode(RFC_SECRET, current, now, step)).valid).toBe(false);
    expect((await checkTotpCode(RFC_SECRET, await codeAtStep(-1), now, step)).valid).toBe(false);
    expect((await checkTotpCode(RFC_SECRET, await codeAtStep(1), now, step)).valid).toBe(true);
    expect((await checkTotpCode(RFC_SECRET, await codeAtStep(1), now, step + 1)).valid).toBe(false);
    expect((await checkTotpCode(RFC_SECRET, current, now, step + 5)).valid).toBe(false);
  });
});
