import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@common/schemas/webhooks';
import { checkWebhookTarget, isPrivateAddress, urlProblem } from './address-guard';
import { retryDelayMs, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from './deliver-webhooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendWebhook, WEBHOOK_TIMEOUT_MS } from './send-webhook';

describe('where a webhook may go (SSRF)', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'nonsense'])(
    '%s is refused',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => expect(isPrivateAddress(address)).toBe(false));

  it('only https://, without credentials, unless private targets are allowed (then http:// too)', () => {
    expect(urlProblem('http://example.com/x', false)).toBe(WEBHOOK_MESSAGES.httpsOnly);
    expect(urlProblem('http://example.com/x', true)).toBeNull();
    expect(urlProblem('https://example.com/x', false)).toBeNull();
    expect(urlProblem('https://a:b@example.com/x', false)).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(urlProblem('file:///etc/passwd', true)).toBe(WEBHOOK_MESSAGES.urlInvalid);
  });

  it('refuses at save a literal private address and a name that resolves to one', async () => {
    expect(await checkWebhookTarget('https://127.0.0.1/hook', false)).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(await checkWebhookTarget('https://[::1]/hook', false)).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(await checkWebhookTarget('https://169.254.169.254/latest/meta-data', false)).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(await checkWebhookTarget('https://localhost/hook', false)).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(await checkWebhookTarget('https://localhost/hook', true)).toBeNull();
  });

  it('refuses at delivery a name that resolves to a private address (a name that changed since it was saved)', async () => {
    const outcome = await sendWebhook('https://localhost:9/hook', '{}', {}, { allowPrivate: false });
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toBe(WEBHOOK_MESSAGES.privateAddress);
  });
});

describe('retries', () => {
  it('wait about 1 min, 5 min, 30 min, 2 h and 12 h, each within ±20 %, and stop after the fifth', () => {
    for (let n = 1; n <= WEBHOOK_RETRY_DELAYS_MS.length; n++) {
      const base = WEBHOOK_RETRY_DELAYS_MS[n - 1]!;
      expect(retryDelayMs(n, () => 0)).toBe(Math.round(base * 0.8));
      expect(retryDelayMs(n, () => 1)).toBe(Math.round(base * 1.2));
    }
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(6);
  });
});

describe('a receiver that does not answer', () => {
  it('is given up on after the timeout (5 s), as a failure with its reason', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(5_000);
    // Reads the request and never answers.
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
      const outcome = await sendWebhook(url, '{}', {}, { allowPrivate: true, timeoutMs: 300 });
      expect(outcome).toMatchObject({ statusCode: null, error: 'Zaman aşımı (0.3 sn)' });
      expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
