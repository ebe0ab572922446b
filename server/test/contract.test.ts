import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@common/contract';
import { createTestApp, type TestApp } from './harness';
import { registeredRoutes } from './registered-routes';

/**
 * The contract (`common/contract`) and the server agree: every /api route is registered from
 * a contract entry, and every entry has its route. Path parameters are compared by position.
 */

/**
 * Routes still registered by hand while issue 9 moves them into the contract. Shrinks to
 * nothing; a route added here needs a reason.
 */
const NOT_YET_IN_CONTRACT: string[] = [
];

const DOCS_PREFIX = '/api/docs';
const shape = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;

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
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith(DOCS_PREFIX))
      .map((r) => shape(r.method, r.url));
    const contract = endpoints.map((e) => shape(e.method, e.path));
    const legacy = NOT_YET_IN_CONTRACT.map((key) => shape(key.split(' ')[0]!, key.split(' ')[1]!));
    expect(registered.filter((r) => !contract.includes(r) && !legacy.includes(r)).sort(), 'routes missing from the contract').toEqual([]);
    expect(contract.filter((c) => !registered.includes(c)).sort(), 'contract entries without a route').toEqual([]);
    expect(legacy.filter((l) => contract.includes(l)), 'converted routes still listed as not yet in the contract').toEqual([]);
    expect(new Set(contract).size, 'an endpoint defined twice').toBe(contract.length);
  });
});
