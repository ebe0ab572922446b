// A Bonus Panel webhook receiver in plain Node (no dependencies). It checks the signature over the
// raw body, refuses old timestamps (replays), and treats the event id as an idempotency key.
// Run: WEBHOOK_SECRET=whsec_… node webhook-receiver.mjs   (listens on PORT, default 8080)
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** How old a delivery may be, in seconds: older ones are refused as replays. */
export const TOLERANCE_SECONDS = 300;

/**
 * True when `X-Bonus-Signature` holds a `sha256=<hex>` that is the HMAC-SHA256 of
 * "<X-Bonus-Timestamp>.<raw body>" with the secret, and the timestamp is recent. While a rotated
 * secret is still valid the header holds two signatures, comma-separated: either may match.
 */
export function verifyWebhook(secret, { timestamp, signature }, rawBody, nowSeconds = Math.floor(Date.now() / 1000)) {
  const sent = Number(timestamp);
  if (!Number.isInteger(sent) || Math.abs(nowSeconds - sent) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${sent}.${rawBody}`).digest('hex'), 'hex');
  return String(signature ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('sha256='))
    .some((part) => {
      const given = Buffer.from(part.slice('sha256='.length), 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** A server that answers 204 to a valid delivery (once per event id), 401 to anything else. */
export function createReceiver(secret, onEvent, seen = new Set()) {
  return http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const ok = verifyWebhook(secret, { timestamp: req.headers['x-bonus-timestamp'], signature: req.headers['x-bonus-signature'] }, raw);
      if (!ok) {
        res.writeHead(401).end();
        return;
      }
      const event = JSON.parse(raw);
      // The same event may arrive twice (a retry after a lost answer): act on it once.
      if (!seen.has(event.id)) {
        seen.add(event.id);
        onEvent(event);
      }
      res.writeHead(204).end();
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = createReceiver(process.env.WEBHOOK_SECRET ?? '', (event) => console.log(event.type, event.id));
  server.listen(Number(process.env.PORT ?? 8080));
}
