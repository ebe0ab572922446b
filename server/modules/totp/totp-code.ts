import { generate, generateSecret, generateURI, verify } from 'otplib';
import { TOTP } from '@common/schemas/totp';

/** A new shared secret: 20 random bytes (RFC 4226's recommendation) in Base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The URI an authenticator app reads from the QR image: issuer 'Bonus Panel' and the username. */
export function otpauthUri(secret: string, username: string): string {
  return generateURI({ issuer: TOTP.issuer, label: username, secret, period: TOTP.periodSeconds, digits: TOTP.digits });
}

/** The time step of a moment (RFC 6238 T with T0 = 0). */
export function timeStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP.periodSeconds);
}

/** The code of the step `now` falls in (tests, and nothing else, generate codes). */
export function totpCodeAt(secret: string, now: Date, digits: 6 | 8 = TOTP.digits): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000), period: TOTP.periodSeconds, digits });
}

export type TotpCheck = { valid: true; step: number } | { valid: false };

/**
 * RFC 6238 verification: the code of the current step or one step either side (clock drift),
 * compared in constant time by otplib, never a step at or before `lastUsedStep` (replay).
 * The caller must still claim the step atomically (second-factor.ts): two requests checking
 * the same code at once both pass here.
 */
export async function checkTotpCode(
  secret: string,
  code: string,
  now: Date,
  lastUsedStep: number | null,
  digits: 6 | 8 = TOTP.digits,
): Promise<TotpCheck> {
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return { valid: false };
  const epoch = Math.floor(now.getTime() / 1000);
  const tolerance = TOTP.toleranceSteps * TOTP.periodSeconds;
  // otplib refuses an afterTimeStep beyond its window: such a step already covers every candidate.
  const latest = timeStepAt(new Date((epoch + tolerance) * 1000));
  if (lastUsedStep !== null && lastUsedStep >= latest) return { valid: false };
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: TOTP.periodSeconds,
    digits,
    epochTolerance: tolerance,
    ...(lastUsedStep !== null ? { afterTimeStep: lastUsedStep } : {}),
  });
  return result.valid ? { valid: true, step: timeStepAt(now) + result.delta } : { valid: false };
}
