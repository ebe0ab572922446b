import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_ASSET, NEVER_CACHED } from './app';
import { createTestApp, type TestApp } from './test/harness';

describe('built web app: precompressed, hashed assets cached for a year, index.html never', () => {
  let t: TestApp;
  const js = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'bonus-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const asset = path.join(dist, 'assets', 'index-Ab12Cd34.js');
    writeFileSync(asset, js);
    writeFileSync(`${asset}.gz`, gzipSync(js));
    writeFileSync(`${asset}.br`, brotliCompressSync(js));
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends brotli when accepted, else gzip, else the plain file; always immutable for a year', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE_ASSET);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE_ASSET);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(IMMUTABLE_ASSET).toBe('public, max-age=31536000, immutable');
  });

  it('index.html is never cached, by its own name or as the fallback of a screen path', async () => {
    for (const url of ['/', '/bonus', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe(NEVER_CACHED);
    }
    expect(NEVER_CACHED).toBe('no-store');
  });

  it('other public files get a short cache; an unknown API path never gets index.html', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBeGreaterThanOrEqual(400);
    expect(api.json()).toMatchObject({ success: false });
  });
});
