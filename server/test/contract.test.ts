import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@common/contract';
import { endpointKey } from '@common/contract/define-endpoint';
import { createTestApp, type TestApp } from './harness';
import { registeredRoutes } from './registered-routes';

/**
 * The contract (`common/contract`) and the server agree: every /api route is registered from
 * a contract entry with `route()`, and every entry has its route. Path parameters are compared
 * by position. No route is registered by hand: there is no list of exceptions.
 */

const DOCS_PREFIX = '/api/docs';
const shape = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('API contract', () => {
  it('every registered /api route is a contract entry, and every entry is registered', () => {
    const registered = registeredRoutes(t)
      .filter((r) => isApi(r.url))
      .map((r) => shape(r.method, r.url));
    const contract = endpoints.map((e) => shape(e.method, e.path));
    expect(registered.filter((r) => !contract.includes(r)).sort(), 'routes missing from the contract').toEqual([]);
    expect(contract.filter((c) => !registered.includes(c)).sort(), 'contract entries without a route').toEqual([]);
    expect(new Set(contract).size, 'an endpoint defined twice').toBe(contract.length);
  });

  it('every /api route is registered by route() from its entry, with the entry’s access', () => {
    const byKey = new Map(endpoints.map((e) => [endpointKey(e), e]));
    const wrong: string[] = [];
    for (const r of t.routes) {
      if (!isApi(r.url)) continue;
      for (const method of [r.method].flat()) {
        if (method === 'HEAD') continue;
        const key = endpointKey({ method, path: r.url });
        const entry = byKey.get(key);
        const config = r.config as { contract?: string; permission?: string; public?: boolean } | undefined;
        const access = config?.public ? 'public' : config?.permission;
        if (!entry || config?.contract !== key) wrong.push(`${key}: not registered with route()`);
        else if (access !== entry.access) wrong.push(`${key}: access ${String(access)}, contract says ${entry.access}`);
      }
    }
    expect(wrong, 'routes registered by hand or with another access').toEqual([]);
  });
});
