import { createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TOTP } from '@common/schemas/totp';
import type { DbOrTx } from '../../db/client';
import { totpBackupCodes } from '../../db/schema';
import { safeEqual } from '../../lib/secrets';

/** No 0/O, 1/I/L: a code read off paper is typed right. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomCode(): string {
  let raw = '';
  for (let i = 0; i < 8; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/** What the user typed, as stored: case, spaces and the dash do not matter. */
export function normaliseBackupCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** A key of its own for the codes' HMAC, derived from the application's encryption key. */
const derived = new WeakMap<Buffer, Buffer>();
function hmacKey(appKey: Buffer): Buffer {
  let key = derived.get(appKey);
  if (!key) derived.set(appKey, (key = Buffer.from(hkdfSync('sha256', appKey, 'bonus-panel', 'totp-backup-codes', 32))));
  return key;
}

/**
 * Salted (a random salt per code) and keyed with the application's key, so a copy of the
 * database alone cannot be searched for the 8-character codes. Fast on purpose: a sign-in
 * compares against up to ten of them.
 */
function hashWithSalt(code: string, salt: string, key: Buffer): string {
  return createHmac('sha256', hmacKey(key)).update(`${salt}:${normaliseBackupCode(code)}`).digest('base64url');
}

export function hashBackupCode(code: string, key: Buffer): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}.${hashWithSalt(code, salt, key)}`;
}

export function backupCodeMatches(code: string, stored: string, key: Buffer): boolean {
  const [salt, hash] = stored.split('.');
  if (!salt || !hash) return false;
  return safeEqual(hashWithSalt(code, salt, key), hash);
}

/** Replaces every code of the user with ten new ones, returned once. */
export async function replaceBackupCodes(tx: DbOrTx, userId: number, key: Buffer, now: Date): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < TOTP.backupCodeCount) codes.add(randomCode());
  await tx.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
  await tx.insert(totpBackupCodes).values([...codes].map((code) => ({ userId, codeHash: hashBackupCode(code, key), createdAt: now })));
  return [...codes];
}

export async function countUnusedBackupCodes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(totpBackupCodes)
    .where(and(eq(totpBackupCodes.userId, userId), isNull(totpBackupCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Spends a backup code: the matching row is marked used in one conditional statement, so of
 * any number of simultaneous uses exactly one gets it. True when this call spent it.
 */
export async function consumeBackupCode(db: DbOrTx, userId: number, code: string, key: Buffer, now: Date): Promise<boolean> {
  const unused = await db
    .select({ id: totpBackupCodes.id, codeHash: totpBackupCodes.codeHash })
    .from(totpBackupCodes)
    .where(and(eq(totpBackupCodes.userId, userId), isNull(totpBackupCodes.usedAt)));
  // Every candidate is compared, so the time taken does not tell which one matched.
  let matchId: number | null = null;
  for (const row of unused) if (backupCodeMatches(code, row.codeHash, key) && matchId === null) matchId = row.id;
  if (matchId === null) return false;
  const spent = await db
    .update(totpBackupCodes)
    .set({ usedAt: now })
    .where(and(eq(totpBackupCodes.id, matchId), isNull(totpBackupCodes.usedAt)))
    .returning({ id: totpBackupCodes.id });
  return spent.length === 1;
}
