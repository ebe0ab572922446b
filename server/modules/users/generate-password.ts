import { randomInt } from 'node:crypto';

/** No look-alike characters (0/O, 1/l/I), so a password read out over the phone survives. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A one-time password (about 80 bits) that the user must change at the next sign-in. */
export function generateOneTimePassword(length = 14): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
