import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makePrivateFolder } from '../db/private-files';

/** Keys derived from the one application secret, each for one purpose. */
export interface AppKeys {
  jwt: Uint8Array;
  encryption: Buffer;
}

export function deriveKeys(secret: string): AppKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'bonus-panel', info, 32));
  return { jwt: new Uint8Array(derive('jwt-hs256')), encryption: derive('aes-256-gcm') };
}

/** The secret from APP_SECRET, or one generated on first start and kept in the data folder. */
export function resolveAppSecret(appSecret: string | undefined, dataDir: string): string {
  if (appSecret) return appSecret;
  const file = path.join(dataDir, 'app-secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  makePrivateFolder(dataDir);
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

const VERSION = 'v1';

/** AES-256-GCM; the output carries version, IV and tag: `v1.iv.tag.ciphertext`. */
export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSecret(sealed: string, key: Buffer): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Şifreli veri biçimi tanınmadı');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** Tokens with 256 bits of entropy are hashed with plain SHA-256: nothing to brute-force. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
