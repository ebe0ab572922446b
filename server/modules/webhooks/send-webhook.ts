import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './address-guard';

/** A receiver has this long to answer, from the first byte sent to the last byte read. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** What the delivery log keeps of an answer. */
const EXCERPT_BYTES = 1_024;

export interface SendOutcome {
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

/**
 * POSTs one delivery. Redirects are not followed (a 3xx is a failure: the receiver's URL is the
 * one saved). The connection's DNS lookup refuses private addresses unless allowed.
 */
export function sendWebhook(url: string, body: string, headers: Record<string, string>, opts: { allowPrivate: boolean; timeoutMs?: number }): Promise<SendOutcome> {
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const started = performance.now();
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: Math.round(performance.now() - started) });
    };
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'BonusPanel-Webhooks/1', ...headers },
        lookup: guardedLookup(opts.allowPrivate),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => finish({ statusCode: response.statusCode ?? null, excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'), error: null }));
        response.on('error', (err) => finish({ statusCode: response.statusCode ?? null, excerpt: null, error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, excerpt: null, error: `Zaman aşımı (${timeoutMs / 1000} sn)` });
    }, timeoutMs);
    request.on('error', (err) => finish({ statusCode: null, excerpt: null, error: err.message }));
    request.end(body);
  });
}
