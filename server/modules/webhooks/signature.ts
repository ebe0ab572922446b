import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: 32 random bytes, shown once, prefixed so it is recognisable. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** hex HMAC-SHA256 of "timestamp.body" with the secret. */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** `sha256=<hex>` per secret, comma-separated: the current one first, the previous one while still valid. */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return secrets.map((secret) => `sha256=${signPayload(secret, timestamp, body)}`).join(', ');
}
