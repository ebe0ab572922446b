import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read.
const ARGON2ID = 2;

/** argon2id, memory 19 MiB, t = 2, p = 1 (OWASP ASVS appendix C). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing, verified when the user does not exist so both paths take as long. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
